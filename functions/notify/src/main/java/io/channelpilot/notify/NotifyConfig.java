package io.channelpilot.notify;

import io.channelpilot.notification.ChatLimits;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.notification.NotificationRenderer;
import java.time.Duration;
import java.util.Map;

/**
 * @param topicArn    {@code CHANNEL_PILOT_TOPIC_ARN}: the notification topic
 * @param statusTable {@code CHANNEL_PILOT_STATUS_TABLE}
 * @param dedupeTtl   {@code CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS}: how long a sent refusal/approval request suppresses its duplicates
 * @param runbookBase the notifications' runbook link base ({@link NotificationRenderer#runbookBase})
 * @param chatLimits  the chat bounds of a notification ({@link ChatLimits#from})
 */
record NotifyConfig(String topicArn, String statusTable, Duration dedupeTtl, String runbookBase, ChatLimits chatLimits) {

    public NotifyConfig {
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
        statusTable = statusTable == null ? "" : statusTable;
        dedupeTtl = dedupeTtl == null ? NotificationDedupe.DEFAULT_TTL : dedupeTtl;
    }

    static NotifyConfig from(Map<String, String> env) {
        return new NotifyConfig(env.get("CHANNEL_PILOT_TOPIC_ARN"), env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", ""),
                NotificationDedupe.ttlFrom(env), NotificationRenderer.runbookBase(env), ChatLimits.from(env));
    }
}
