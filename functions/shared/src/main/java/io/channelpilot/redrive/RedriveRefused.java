package io.channelpilot.redrive;

/** A refusal as a value: stable code, human message, remediation. */
public record RedriveRefused(RedriveCode code, String message, String activeTaskId) {

    public RedriveRefused {
        activeTaskId = activeTaskId == null ? "" : activeTaskId;
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
