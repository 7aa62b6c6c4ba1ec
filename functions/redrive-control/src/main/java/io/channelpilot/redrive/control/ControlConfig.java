package io.channelpilot.redrive.control;

import io.channelpilot.notification.ChatLimits;
import io.channelpilot.notification.NotificationRenderer;
import java.util.Map;

/**
 * @param statusTable {@code CHANNEL_PILOT_STATUS_TABLE}: tasks, locks, ledger
 * @param topicArn    {@code CHANNEL_PILOT_TOPIC_ARN}: notifications
 * @param runbookBase and {@code chatLimits}: the notification renderer's settings ({@link NotificationRenderer#fromEnvironment})
 */
public record ControlConfig(String statusTable, String topicArn, String runbookBase, ChatLimits chatLimits) {

    public ControlConfig {
        if (statusTable == null || statusTable.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required");
        }
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
    }

    public static ControlConfig from(Map<String, String> env) {
        return new ControlConfig(env.get("CHANNEL_PILOT_STATUS_TABLE"), env.get("CHANNEL_PILOT_TOPIC_ARN"),
                NotificationRenderer.runbookBase(env), ChatLimits.from(env));
    }
}
