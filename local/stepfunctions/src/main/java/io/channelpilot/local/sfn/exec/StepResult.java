package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.Transition;

/** What a state produced and where the execution goes next. */
record StepResult(JsonNode output, Transition transition) {
}
