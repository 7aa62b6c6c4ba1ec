package io.channelpilot.local.sfn.error;

import java.util.Objects;

/**
 * An error as Step Functions reports it: a case-sensitive name plus a human-readable cause. Whether Retry and Catch
 * may handle it is a property of the name (see {@link ErrorNames}).
 */
public record StatesError(String name, String cause) {

    public StatesError {
        Objects.requireNonNull(name, "name");
        cause = cause == null ? "" : cause;
    }

    public static StatesError of(String name, String cause) {
        return new StatesError(name, cause);
    }

    /** "A States.Runtime error isn't retriable" (AWS developer guide, Error names, States.Runtime). */
    public boolean isRetryable() {
        return ErrorNames.isRetryable(name);
    }

    /** "A retry or catch on States.ALL won't catch States.Runtime errors" (AWS developer guide, Error names). */
    public boolean isCatchable() {
        return ErrorNames.isCatchable(name);
    }

    public StatesFailure toFailure() {
        return new StatesFailure(this);
    }
}
