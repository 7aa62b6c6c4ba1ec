package io.channelpilot.local.sfn.asl;

/**
 * A definition the runner refuses at load time. The message names the state and the field, so an author can fix it
 * without reading the runner ("never silently ignored").
 */
public final class DefinitionException extends RuntimeException {

    private final String state;
    private final String field;

    public DefinitionException(String state, String field, String message) {
        super(format(state, field, message));
        this.state = state;
        this.field = field;
    }

    private static String format(String state, String field, String message) {
        String where = state == null ? "State machine" : "State '" + state + "'";
        return field == null ? where + ": " + message : where + ", field '" + field + "': " + message;
    }

    /** The offending state, or null for a top-level problem. */
    public String state() {
        return state;
    }

    public String field() {
        return field;
    }
}
