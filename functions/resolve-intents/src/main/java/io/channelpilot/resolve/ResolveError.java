package io.channelpilot.resolve;

import java.util.Objects;

/**
 * Why a trigger could not be resolved, as a value: stable code, the offending field (a JSON path into the trigger, or
 * the AWS operation), what is wrong, and the fix. The handler returns it instead of throwing, with zero intents.
 */
public record ResolveError(ResolveErrorCode code, String field, String message, String remediation) {

    public ResolveError {
        Objects.requireNonNull(code, "code");
        field = field == null ? "" : field;
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(remediation, "remediation");
    }
}
