package io.channelpilot.gateway;

/**
 * What an AWS call's failure means for the caller, as {@link AwsErrors#classify} reads it from the SDK's own fields
 * ({@code isThrottlingException()}, {@code awsErrorDetails().errorCode()}, the HTTP status) — never from message text.
 */
public enum AwsErrorKind {
    /** Throttled after the SDK's own retries: transient. */
    THROTTLED,
    /** 5xx or a network/endpoint failure: transient. */
    UNAVAILABLE,
    /** The caller's identity may not do this: name the IAM action to grant. */
    ACCESS_DENIED,
    /** The resource does not exist (404 or a *NotFound* code). */
    NOT_FOUND,
    /** The resource exists or is busy (409 or a conflict code). */
    CONFLICT,
    /** The service refused the request as invalid (400 or a validation code). */
    INVALID_REQUEST,
    /** Anything else. */
    OTHER;

    /** Worth retrying later: the same request may succeed. */
    public boolean isTransient() {
        return this == THROTTLED || this == UNAVAILABLE;
    }
}
