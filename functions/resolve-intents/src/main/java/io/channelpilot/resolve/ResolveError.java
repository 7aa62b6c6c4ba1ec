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
        message = capped(message);
    }

    /** Messages quote the bad value; a hostile trigger (a 1 MB topic name) must not become a 1 MB log line. */
    static final int MAX_MESSAGE = 512;

    private static String capped(String message) {
        return message.length() <= MAX_MESSAGE ? message
                : message.substring(0, MAX_MESSAGE) + "... (" + message.length() + " characters, cut)";
    }
}
