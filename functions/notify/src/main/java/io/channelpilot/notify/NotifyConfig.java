package io.channelpilot.notify;

import java.util.Map;

/**
 * @param topicArn    {@code CHANNEL_PILOT_TOPIC_ARN}: the notification topic
 * @param statusTable {@code CHANNEL_PILOT_STATUS_TABLE}
 */
public record NotifyConfig(String topicArn, String statusTable) {

    public NotifyConfig {
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
        statusTable = statusTable == null ? "" : statusTable;
    }

    public static NotifyConfig from(Map<String, String> env) {
        return new NotifyConfig(env.get("CHANNEL_PILOT_TOPIC_ARN"), env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", ""));
    }
}
