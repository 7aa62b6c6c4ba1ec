package io.channelpilot.alarm;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Retention race (DESIGN §7): dead-lettered records are re-read from Kafka, so they must be redriven before the topic's
 * {@code retention.ms} deletes them. Warn at 50 %, critical at 80 % of retention used by the oldest un-redriven entry.
 */
public record RetentionRisk(Level level, long usedPercent, Duration age, Duration retention, Duration left) {

    public enum Level { NONE, WARN, CRITICAL }

    static final double WARN_AT = 0.5;
    static final double CRITICAL_AT = 0.8;

    /** Empty when the age or retention is unknown, or retention is unlimited (-1). */
    public static Optional<RetentionRisk> assess(Optional<Instant> oldestRecord, Optional<Long> retentionMs, Instant now) {
        if (oldestRecord.isEmpty() || retentionMs.isEmpty() || retentionMs.get() <= 0) {
            return Optional.empty();
        }
        Duration age = Duration.between(oldestRecord.get(), now);
        if (age.isNegative()) {
            age = Duration.ZERO;
        }
        Duration retention = Duration.ofMillis(retentionMs.get());
        double used = (double) age.toMillis() / retention.toMillis();
        Level level = used >= CRITICAL_AT ? Level.CRITICAL : used >= WARN_AT ? Level.WARN : Level.NONE;
        Duration left = retention.minus(age);
        return Optional.of(new RetentionRisk(level, Math.round(used * 100), age, retention, left.isNegative() ? Duration.ZERO : left));
    }
}
