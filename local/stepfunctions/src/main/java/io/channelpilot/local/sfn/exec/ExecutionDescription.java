package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * What DescribeExecution returns, plus the runner's history: states visited in order, transitions, events.
 * {@code stopDate}, {@code output}, {@code error} and {@code cause} are null while not applicable.
 */
public record ExecutionDescription(String executionArn, String stateMachineArn, String name, ExecutionStatus status,
        Instant startDate, Instant stopDate, JsonNode input, JsonNode output, String error, String cause,
        List<String> statesVisited, long transitions, List<HistoryEvent> events) {
}
