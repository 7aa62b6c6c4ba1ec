package io.channelpilot.retention;

import io.channelpilot.model.AsciiNumbers;
import java.util.Map;
import java.util.Optional;

/**
 * Thresholds of the retention race (DESIGN §7), read once at init from the environment:
 * <ul>
 *   <li>{@code CHANNEL_PILOT_RETENTION_WARN_PERCENT} (default 50): WARN when the oldest outstanding DLQ entry has used
 *       at least this share of the topic's {@code retention.ms};</li>
 *   <li>{@code CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT} (default 80): CRITICAL from this share on;</li>
 *   <li>{@code CHANNEL_PILOT_RETENTION_DEFAULT_MS} (default unset): the retention assumed when DescribeTopic returns no
 *       {@code retention.ms}. UNCONFIRMED whether MSK lists a topic's inherited default among its configs; unset means
 *       "unknown" (reported as such, never guessed).</li>
 * </ul>
 * A bad value is a deployment bug and throws naming the variable.
 */
public record RetentionSettings(int warnPercent, int criticalPercent, Optional<Long> defaultRetentionMs) {

    public static final int DEFAULT_WARN_PERCENT = 50;
    public static final int DEFAULT_CRITICAL_PERCENT = 80;
    public static final RetentionSettings DEFAULTS =
            new RetentionSettings(DEFAULT_WARN_PERCENT, DEFAULT_CRITICAL_PERCENT, Optional.empty());

    public RetentionSettings {
        if (warnPercent < 1 || criticalPercent > 100 || warnPercent >= criticalPercent) {
            throw new IllegalArgumentException("retention thresholds must satisfy 1 <= warn < critical <= 100, got warn="
                    + warnPercent + " critical=" + criticalPercent
                    + " (CHANNEL_PILOT_RETENTION_WARN_PERCENT / CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT)");
        }
        defaultRetentionMs = defaultRetentionMs == null ? Optional.empty() : defaultRetentionMs;
    }

    public static RetentionSettings from(Map<String, String> env) {
        int warn = (int) number(env, "CHANNEL_PILOT_RETENTION_WARN_PERCENT", DEFAULT_WARN_PERCENT);
        int critical = (int) number(env, "CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT", DEFAULT_CRITICAL_PERCENT);
        String fallback = env.get("CHANNEL_PILOT_RETENTION_DEFAULT_MS");
        Optional<Long> retention = fallback == null || fallback.isBlank() ? Optional.empty()
                : Optional.of(number(env, "CHANNEL_PILOT_RETENTION_DEFAULT_MS", 0));
        return new RetentionSettings(warn, critical, retention);
    }

    /** The topic's retention, or the configured default when the topic reports none. */
    public Optional<Long> effective(Optional<Long> topicRetentionMs) {
        return topicRetentionMs.isPresent() ? topicRetentionMs : defaultRetentionMs;
    }

    private static long number(Map<String, String> env, String name, long fallback) {
        String v = env.get(name);
        if (v == null || v.isBlank()) {
            return fallback;
        }
        try {
            return AsciiNumbers.requireLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got: " + v);
        }
    }
}
