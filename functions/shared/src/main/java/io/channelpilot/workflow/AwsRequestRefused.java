package io.channelpilot.workflow;

/**
 * An AWS call was refused for a reason retrying cannot fix: access denied (the message names the IAM action to grant)
 * or an invalid request (the message names the offending field when the service said which). Not retried by the state
 * machine; caught and notified. Throttling and 5xx are {@link AwsThrottled} instead.
 */
public final class AwsRequestRefused extends WorkflowError {

    public static final String ACCESS_DENIED = "AWS_ACCESS_DENIED";
    public static final String INVALID_REQUEST = "AWS_INVALID_REQUEST";
    public static final String REQUEST_FAILED = "AWS_REQUEST_FAILED";

    public AwsRequestRefused(String code, String message, Throwable cause) {
        super(code, code + ": " + message, cause);
    }
}
