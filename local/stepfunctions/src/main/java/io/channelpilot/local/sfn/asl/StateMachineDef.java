package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A parsed, validated state machine. {@code timeoutSeconds} is 0 when absent: "If the state machine runs longer than the
 * specified time, then the execution fails with a States.Timeout Error Name" (ASL spec, Top-level fields).
 */
public record StateMachineDef(Program program, int timeoutSeconds, JsonNode source) {

    public static StateMachineDef parse(String json) {
        return DefinitionParser.parse(json);
    }
}
