package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Runs one Task state's resource. Returns the task result, or throws
 * {@link io.channelpilot.local.sfn.error.StatesFailure} with the error name the real integration would report.
 */
@FunctionalInterface
public interface TaskInvoker {

    JsonNode invoke(TaskRequest request);
}
