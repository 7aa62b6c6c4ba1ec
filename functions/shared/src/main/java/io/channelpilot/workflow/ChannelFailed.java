package io.channelpilot.workflow;

/**
 * The channel reached a terminal state (FAILED, SUSPENDING, SUSPENDED). Never retried: recovery is delete, fix,
 * recreate (reference §2). The message carries the service's {@code stateInfo} code and message.
 */
public final class ChannelFailed extends WorkflowError {

    public ChannelFailed(String status, String stateCode, String stateMessage) {
        super("CHANNEL_" + status, "CHANNEL_" + status + ": " + (stateCode == null ? "" : stateCode) + ": "
                + (stateMessage == null ? "" : stateMessage));
    }
}
