package io.channelpilot.validation;

import io.channelpilot.model.AsciiNumbers;
import java.time.Duration;
import java.util.Map;

/**
 * Knobs of the validation rules, read from the function environment. The quota names are UNCONFIRMED (the MSK Data
 * Delivery quota page was not readable, reference §3), so they are configuration, never constants in a rule.
 *
 * @param quotaServiceCode           Service Quotas service code ({@code QUOTA_SERVICE_CODE}, default {@code kafka})
 * @param channelsPerClusterQuota    quota name ({@code QUOTA_NAME_CHANNELS_PER_CLUSTER})
 * @param channelsPerTopicQuota      quota name ({@code QUOTA_NAME_CHANNELS_PER_TOPIC})
 * @param throughputWindow           how far back BytesInPerSec is averaged ({@code THROUGHPUT_WINDOW_MINUTES})
 */
public record ValidationSettings(String quotaServiceCode, String channelsPerClusterQuota, String channelsPerTopicQuota,
                                 Duration throughputWindow) {

    /** The only published throughput floor: 2.4 MB/s uncompressed at 300 s freshness (reference §3). */
    public static final double MIN_BYTES_PER_SECOND_AT_300 = 2.4e6;

    public static ValidationSettings from(Map<String, String> env) {
        return new ValidationSettings(
                env.getOrDefault("QUOTA_SERVICE_CODE", "kafka"),
                env.getOrDefault("QUOTA_NAME_CHANNELS_PER_CLUSTER", "Channels per cluster"),
                env.getOrDefault("QUOTA_NAME_CHANNELS_PER_TOPIC", "Channels per topic"),
                Duration.ofMinutes(AsciiNumbers.requireLong(env.getOrDefault("THROUGHPUT_WINDOW_MINUTES", "60"))));
    }
}
