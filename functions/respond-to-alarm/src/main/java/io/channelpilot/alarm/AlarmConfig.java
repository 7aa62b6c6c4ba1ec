package io.channelpilot.alarm;

import java.util.Map;

/**
 * @param topicArn         {@code CHANNEL_PILOT_TOPIC_ARN}: notifications
 * @param statusTable      {@code CHANNEL_PILOT_STATUS_TABLE}: status, watermarks, reports, event claims
 * @param dlqBucket        {@code CHANNEL_PILOT_DLQ_BUCKET}: used when a channel has no recorded spec
 * @param dlqPrefix        {@code CHANNEL_PILOT_DLQ_PREFIX}: idem ({@code <prefix><channel>/})
 * @param quarantinePrefix {@code CHANNEL_PILOT_QUARANTINE_PREFIX} (default {@code quarantine/}): unreadable DLQ objects
 *                         are copied to {@code <quarantinePrefix><original key>} in the DLQ bucket
 */
public record AlarmConfig(String topicArn, String statusTable, String dlqBucket, String dlqPrefix, String quarantinePrefix) {

    public static final String DEFAULT_QUARANTINE_PREFIX = "quarantine/";

    public AlarmConfig {
        if (topicArn == null || !topicArn.startsWith("arn:")) {
            throw new IllegalArgumentException("CHANNEL_PILOT_TOPIC_ARN must be an SNS topic ARN, got: " + topicArn);
        }
        if (statusTable == null || statusTable.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required (watermarks and reports live there)");
        }
        dlqBucket = dlqBucket == null ? "" : dlqBucket;
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        quarantinePrefix = quarantinePrefix == null || quarantinePrefix.isBlank() ? DEFAULT_QUARANTINE_PREFIX
                : quarantinePrefix.endsWith("/") ? quarantinePrefix : quarantinePrefix + "/";
    }

    public static AlarmConfig from(Map<String, String> env) {
        return new AlarmConfig(env.get("CHANNEL_PILOT_TOPIC_ARN"), env.get("CHANNEL_PILOT_STATUS_TABLE"),
                env.get("CHANNEL_PILOT_DLQ_BUCKET"), env.get("CHANNEL_PILOT_DLQ_PREFIX"),
                env.get("CHANNEL_PILOT_QUARANTINE_PREFIX"));
    }
}
