package io.channelpilot.redrive;

/** Starts and stops redrive-dlq executions (Step Functions in AWS and in the local world). */
public interface ExecutionStarter {

    /** Starts an execution named {@code name} with {@code inputJson}; returns its ARN. */
    String start(String name, String inputJson);

    /** Stops an execution (StopExecution); stopping a finished one is not an error. */
    void stop(String executionArn, String cause);
}
