package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One history event. Types follow the AWS history event names where one exists (ExecutionStarted, PassStateEntered is
 * generalised to StateEntered/StateExited, TaskScheduled, TaskSucceeded, TaskFailed, MapRunStarted, ...); the runner adds
 * RetryScheduled and ErrorCaught so tests can see its decisions. {@code details} may be null.
 */
public record HistoryEvent(long id, String type, Instant timestamp, String stateName, JsonNode details) {
}
