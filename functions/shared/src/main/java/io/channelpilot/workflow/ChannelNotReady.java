package io.channelpilot.workflow;

/** The channel is still CREATING, UPDATING or DELETING; the state's Retry polls again later. */
public final class ChannelNotReady extends WorkflowError {

    public ChannelNotReady(String status, String message) {
        super("CHANNEL_NOT_READY", "CHANNEL_NOT_READY(" + status + "): " + message);
    }
}
