package io.channelpilot.workflow;

/** Another execution holds the channel's provisioning lease; retried with backoff by the state machine. */
public final class ChannelBusy extends WorkflowError {

    public ChannelBusy(String channel, String holder) {
        super("CHANNEL_BUSY", "CHANNEL_BUSY: channel " + channel + " is being provisioned by " + holder);
    }
}
