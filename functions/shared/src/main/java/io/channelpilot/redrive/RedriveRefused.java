package io.channelpilot.redrive;

import io.channelpilot.model.SafeText;

/** A refusal as a value: stable code, human message, remediation. */
public record RedriveRefused(RedriveCode code, String message, String activeTaskId) {

    public RedriveRefused {
        activeTaskId = activeTaskId == null ? "" : SafeText.of(activeTaskId);
        message = SafeText.of(message, 2 * SafeText.MAX_ECHO);
    }

    public RedriveRefused(RedriveCode code, String message) {
        this(code, message, "");
    }

    public String remediation() {
        return code.remediation();
    }

    @Override
    public String toString() {
        return code + ": " + message + " -> " + remediation();
    }
}
