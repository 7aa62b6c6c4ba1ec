package io.channelpilot.workflow;

import io.channelpilot.model.SafeText;

/**
 * Base of the errors a Lambda raises to steer the state machine. The Java Lambda runtime reports an uncaught
 * exception's fully-qualified class name as {@code errorType}, which Step Functions uses as the error name, so
 * these classes' names are part of the ASL contract ({@code ErrorEquals: ["io.channelpilot.workflow.ChannelNotReady"]}).
 * Never rename or move them without changing {@code statemachine/*.asl.json}.
 */
public abstract class WorkflowError extends RuntimeException {

    private final String code;

    protected WorkflowError(String code, String message) {
        // Task inputs are quoted in messages, and the message becomes the Step Functions cause and a log line.
        super(SafeText.of(message, 4 * SafeText.MAX_ECHO), null, false, false);
        this.code = code;
    }

    protected WorkflowError(String code, String message, Throwable cause) {
        super(SafeText.of(message, 4 * SafeText.MAX_ECHO), cause, false, false);
        this.code = code;
    }

    /** Stable code, repeated in the message so it survives into the Step Functions error cause. */
    public String code() {
        return code;
    }
}
