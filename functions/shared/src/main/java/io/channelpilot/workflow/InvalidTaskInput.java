package io.channelpilot.workflow;

import java.util.Objects;

/**
 * A task's input breaks its contract (a state machine or a caller passed the wrong shape). Retrying cannot fix it, so
 * it is raised once with a stable code, the JSON path of the offending field and the fix; the provisioning state
 * machine's {@code States.ALL} catch turns it into a PROVISIONING_ERROR notification. The message is
 * {@code <CODE>: <field>: <message> Remediation: <remediation>} and never quotes input values (they may be payloads).
 */
public final class InvalidTaskInput extends WorkflowError {

    /** Stable codes of {@link InvalidTaskInput}. */
    public enum Code {
        /** The input (or a part that must be an object) is not a JSON object. */
        INPUT_NOT_OBJECT,
        /** A required field is absent, null or empty. */
        INPUT_FIELD_MISSING,
        /** A field has the wrong JSON type, an unknown enum value, or breaks a value rule. */
        INPUT_FIELD_INVALID,
        /** An ARN names another partition, Region or account than the one this stack runs in. */
        INPUT_ARN_FOREIGN
    }

    private final Code inputCode;
    private final String field;

    public InvalidTaskInput(Code code, String field, String message, String remediation) {
        super(code.name(), code.name() + ": " + capped(field) + ": " + capped(message) + " Remediation: " + remediation);
        this.inputCode = code;
        this.field = Objects.requireNonNull(field, "field");
    }

    /** A record rule's message may quote the value; a hostile input must not become a megabyte-long error. */
    private static String capped(String text) {
        return text == null || text.length() <= 512 ? String.valueOf(text)
                : text.substring(0, 512) + "... (" + text.length() + " characters, cut)";
    }

    public Code inputCode() {
        return inputCode;
    }

    /** JSON path of the offending field ({@code $} for the whole input). */
    public String field() {
        return field;
    }
}
