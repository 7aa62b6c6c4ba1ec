package io.channelpilot.workflow;

/** An AWS API throttled us (or failed transiently) after the SDK's own retries; the state machine retries later. */
public final class AwsThrottled extends WorkflowError {

    public AwsThrottled(String operation, Throwable cause) {
        super("AWS_THROTTLED", "AWS_THROTTLED: " + operation + " was throttled or unavailable", cause);
    }
}
