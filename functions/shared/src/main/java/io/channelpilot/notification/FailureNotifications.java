package io.channelpilot.notification;

/**
 * Notifications for an item whose workflow caught an error ({@code $.failure}): a terminal channel state
 * (CHANNEL_FAILED), polling retries exhausted (CHANNEL_TIMEOUT), or anything else (PROVISIONING_ERROR, with the error
 * name and its stable code).
 */
final class FailureNotifications {

    private FailureNotifications() {
    }

    static Notification from(ItemState state) {
        ItemState.Failure failure = state.failure();
        if (OutcomeNotifications.CHANNEL_FAILED_ERROR.equals(failure.error())) {
            return channelFailed(state);
        }
        if (OutcomeNotifications.CHANNEL_NOT_READY_ERROR.equals(failure.error())) {
            return timeout(state);
        }
        return provisioningError(state);
    }

    /** No step result to report: the item state is not one the workflow produces. Reported, never dropped. */
    static Notification incomplete(ItemState state) {
        MessageDraft draft = MessageDraft.of(state, NotificationKind.PROVISIONING_ERROR, NotificationSeverity.WARNING,
                "No outcome recorded for channel " + OutcomeNotifications.channelOf(state));
        draft.summary("The workflow reached the notification without a provisioning result or an error for plan "
                + state.intent().plan() + "; nothing is known to have changed.");
        draft.fact("error", "INCOMPLETE_ITEM_STATE").fact("plan", state.intent().plan().name());
        draft.action("Check the channel", OutcomeNotifications.statusCommand(state));
        return draft.build();
    }

    private static Notification channelFailed(ItemState state) {
        // ChannelFailed's message is "CHANNEL_<STATUS>: <stateInfo code>: <stateInfo message>".
        String message = state.failure().errorMessage();
        String head = state.failure().code();
        String status = head.startsWith("CHANNEL_") ? head.substring("CHANNEL_".length()) : "FAILED";
        String rest = message.startsWith(head + ": ") ? message.substring(head.length() + 2) : message;
        int colon = rest.indexOf(": ");
        String code = colon < 0 ? rest : rest.substring(0, colon);
        String text = colon < 0 ? "" : rest.substring(colon + 2);
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_FAILED, NotificationSeverity.CRITICAL,
                "Channel " + OutcomeNotifications.channelOf(state) + " is " + status + (code.isEmpty() ? "" : ": " + code));
        String remediation = Troubleshooting.forTerminalState(status, code);
        draft.summary("The channel reached the terminal state " + status + " and is not retried. stateInfo: "
                + (code.isEmpty() ? "(no code)" : code) + (text.isEmpty() ? "" : " - " + text) + ". " + remediation);
        draft.fact("status", status).fact("stateCode", code).fact("stateMessage", text);
        if (state.provision() != null) {
            draft.fact("channelArn", state.provision().channelArn()).fact("logGroup", state.provision().logGroup());
        }
        draft.action(remediation, null);
        if (state.provision() != null && !state.provision().logGroup().isEmpty()) {
            draft.action("Read the channel's delivery log", "aws logs tail " + state.provision().logGroup() + " --since 1h");
        }
        draft.action("Check the channel and its conditions", OutcomeNotifications.statusCommand(state));
        return draft.build();
    }

    private static Notification timeout(ItemState state) {
        // ChannelNotReady's message is "CHANNEL_NOT_READY(<STATUS>): ...".
        String message = state.failure().errorMessage();
        int open = message.indexOf('(');
        int close = message.indexOf(')');
        String status = open >= 0 && close > open ? message.substring(open + 1, close) : "";
        String stuck = status.isEmpty() ? "in flight" : status;
        MessageDraft draft = MessageDraft.of(state, NotificationKind.CHANNEL_TIMEOUT, NotificationSeverity.CRITICAL,
                "Channel " + OutcomeNotifications.channelOf(state) + " stuck " + stuck);
        String remediation = Troubleshooting.forStuck(status);
        draft.summary("Polling gave up after its retry window while the channel was still " + stuck + ". " + remediation);
        draft.fact("lastStatus", status);
        ItemState.StepResult p = state.provision();
        if (p != null) {
            draft.fact("channelArn", p.channelArn()).fact("clusterOperationArn", p.clusterOperationArn());
            draft.action("Describe the channel", "aws kafka describe-channel --cluster-arn " + state.intent().clusterArn()
                    + " --channel-arn " + p.channelArn());
            if (!p.clusterOperationArn().isEmpty()) {
                draft.action("Check the cluster operation",
                        "aws kafka describe-cluster-operation-v2 --cluster-operation-arn " + p.clusterOperationArn());
            }
        }
        draft.action("If it stays " + stuck + " well beyond the expected time, contact AWS Support with the channel and "
                + "cluster operation ARNs", null);
        draft.action("Check the channel and its conditions", OutcomeNotifications.statusCommand(state));
        return draft.build();
    }

    private static Notification provisioningError(ItemState state) {
        ItemState.Failure failure = state.failure();
        String code = failure.code().isEmpty() ? failure.simpleName() : failure.code();
        boolean busy = "CHANNEL_BUSY".equals(code);
        MessageDraft draft = MessageDraft.of(state, NotificationKind.PROVISIONING_ERROR,
                busy ? NotificationSeverity.WARNING : NotificationSeverity.CRITICAL,
                "Provisioning " + OutcomeNotifications.channelOf(state) + " failed: " + code);
        draft.summary("The " + state.intent().plan() + " of this channel stopped with " + failure.error() + ": "
                + failure.errorMessage());
        draft.fact("error", failure.error()).fact("code", code).fact("errorMessage", failure.errorMessage());
        if (state.provision() != null && !state.provision().channelArn().isEmpty()) {
            draft.fact("channelArn", state.provision().channelArn());
        }
        int remediation = failure.errorMessage().indexOf("Remediation: ");
        if (remediation >= 0) {
            draft.action(failure.errorMessage().substring(remediation + "Remediation: ".length()), null);
        }
        draft.action("Check the channel and its conditions", OutcomeNotifications.statusCommand(state));
        return draft.build();
    }
}
