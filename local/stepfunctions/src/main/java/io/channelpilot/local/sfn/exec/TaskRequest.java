package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.TaskResource;

/**
 * One invocation: the state, its resource, the effective input (after InputPath and Parameters), the context object
 * and the names of the execution (for mocks keyed by state machine and for child executions).
 */
public record TaskRequest(String stateName, TaskResource resource, JsonNode input, JsonNode context,
        String stateMachineName, String executionArn) {
}
