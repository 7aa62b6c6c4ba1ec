package io.channelpilot.notify;

import io.channelpilot.notification.NotificationDedupe;
import java.time.Duration;
import java.util.Map;

/**
 * @param topicArn    {@code CHANNEL_PILOT_TOPIC_ARN}: the notification topic
 * @param statusTable {@code CHANNEL_PILOT_STATUS_TABLE}
 * @param dedupeTtl   {@code CHANNEL_PILOT_NOTIFY_DEDUPE_HOURS}: how long a sent refusal/approval request suppresses its duplicates
 */
public record NotifyConfig(String topicArn, String statusTable, Duration dedupeTtl) {

    public NotifyConfig(String topicArn, String statusTable) {
        this(topicArn, statusTable, NotificationDedupe.DEFAULT_TTL);
    }

    public NotifyConfig {
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
        statusTable = statusTable == null ? "" : statusTable;
        dedupeTtl = dedupeTtl == null ? NotificationDedupe.DEFAULT_TTL : dedupeTtl;
    }

    public static NotifyConfig from(Map<String, String> env) {
        return new NotifyConfig(env.get("CHANNEL_PILOT_TOPIC_ARN"), env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", ""),
                NotificationDedupe.ttlFrom(env));
    }
}
