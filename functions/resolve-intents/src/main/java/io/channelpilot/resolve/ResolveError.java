package io.channelpilot.resolve;

import io.channelpilot.model.SafeText;
import java.util.Objects;

/**
 * Why a trigger could not be resolved, as a value: stable code, the offending field (a JSON path into the trigger, or
 * the AWS operation), what is wrong, and the fix. The handler returns it instead of throwing, with zero intents.
 */
record ResolveError(ResolveErrorCode code, String field, String message, String remediation) {

    public ResolveError {
        Objects.requireNonNull(code, "code");
        field = field == null ? "" : field;
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(remediation, "remediation");
        // Messages quote the bad value: a hostile trigger (a 1 MB topic name, a newline or a right-to-left override
        // in an id) must become neither a 1 MB log line nor a forged one.
        message = SafeText.of(message, MAX_MESSAGE);
        field = SafeText.of(field);
    }

    static final int MAX_MESSAGE = SafeText.MAX_ECHO;
}
