package io.channelpilot.retention;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The retention race of one channel (DESIGN §7): redrive re-reads dead-lettered records from Kafka by offset, so once
 * the topic's {@code retention.ms} deletes them they are gone for good. Given the timestamp of the oldest outstanding
 * DLQ entry, now and the topic's retention, this says how much of the retention that entry has used and how long is
 * left. Pure: no AWS types, no clock of its own.
 *
 * <p>Kafka deletes by record timestamp (a segment goes once its newest record is older than {@code retention.ms}), so
 * the age is {@code now - record timestamp}; a segment may outlive that slightly, never the reverse, so "time left" is
 * an upper bound on when loss can start — the warning errs early, never late.
 *
 * @param level        NONE, WARN (used ≥ warn %) or CRITICAL (used ≥ critical %)
 * @param basis        why the level is what it is (assessed, or why it could not be)
 * @param usedPercent  whole percent of the retention used (floor; may exceed 100: the records may already be gone)
 * @param age          age of the oldest outstanding entry (zero when its timestamp is in the future)
 * @param retention    the topic's retention (zero when unknown or unlimited)
 * @param left         time until the oldest entry reaches the retention (zero when reached)
 */
public record RetentionRace(Level level, Basis basis, long usedPercent, Duration age, Duration retention, Duration left) {

    /** Ordered: a higher level is more urgent. */
    public enum Level {
        NONE, WARN, CRITICAL;

        public boolean isAbove(Level other) {
            return compareTo(other) > 0;
        }
    }

    /** Why the level is what it is. */
    public enum Basis {
        /** Age compared with a finite retention. */
        ASSESSED,
        /** The oldest entry's timestamp is after now (producer clock skew or a CreateTime set ahead): age taken as 0. */
        FUTURE_TIMESTAMP,
        /** No outstanding entry with a timestamp: nothing can be lost. */
        NOTHING_OUTSTANDING,
        /** {@code retention.ms = -1}: Kafka never deletes by time. */
        RETENTION_UNLIMITED,
        /** The topic's retention could not be read and no default is configured. */
        RETENTION_UNKNOWN
    }

    public static RetentionRace assess(Optional<Instant> oldestOutstanding, Instant now, Optional<Long> retentionMs,
                                       RetentionSettings settings) {
        if (oldestOutstanding.isEmpty()) {
            return none(Basis.NOTHING_OUTSTANDING, Duration.ZERO);
        }
        Duration rawAge = Duration.between(oldestOutstanding.get(), now);
        Duration age = rawAge.isNegative() ? Duration.ZERO : rawAge;
        Optional<Long> retention = settings.effective(retentionMs);
        if (retention.isEmpty()) {
            return none(Basis.RETENTION_UNKNOWN, age);
        }
        long retentionMillis = retention.get();
        if (retentionMillis < 0) {
            return none(Basis.RETENTION_UNLIMITED, age);
        }
        Basis basis = rawAge.isNegative() ? Basis.FUTURE_TIMESTAMP : Basis.ASSESSED;
        long ageMillis = age.toMillis();
        if (retentionMillis == 0) {
            // retention.ms=0: every record is eligible for deletion at once
            return new RetentionRace(Level.CRITICAL, basis, 100, age, Duration.ZERO, Duration.ZERO);
        }
        // integer comparison so that exactly 50 % is WARN and exactly 80 % is CRITICAL, without rounding surprises
        long scaledAge = saturatedTimes(ageMillis, 100);
        Level level = scaledAge >= saturatedTimes(retentionMillis, settings.criticalPercent()) ? Level.CRITICAL
                : scaledAge >= saturatedTimes(retentionMillis, settings.warnPercent()) ? Level.WARN : Level.NONE;
        long used = scaledAge / retentionMillis;
        long leftMillis = Math.max(0, retentionMillis - ageMillis);
        return new RetentionRace(level, basis, used, age, Duration.ofMillis(retentionMillis), Duration.ofMillis(leftMillis));
    }

    private static RetentionRace none(Basis basis, Duration age) {
        return new RetentionRace(Level.NONE, basis, 0, age, Duration.ZERO, Duration.ZERO);
    }

    private static long saturatedTimes(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        return high == 0 && low >= 0 ? low : Long.MAX_VALUE;
    }

    /** A short human form of {@link #left}, e.g. {@code 3 h 12 min} or {@code 45 min}. */
    public String leftText() {
        return duration(left);
    }

    /** A short human form of {@link #age}. */
    public String ageText() {
        return duration(age);
    }

    public static String duration(Duration d) {
        long minutes = d.toMinutes();
        if (minutes < 60) {
            return minutes + " min";
        }
        long hours = minutes / 60;
        if (hours < 48) {
            return hours + " h" + (minutes % 60 == 0 ? "" : " " + minutes % 60 + " min");
        }
        return hours / 24 + " d" + (hours % 24 == 0 ? "" : " " + hours % 24 + " h");
    }
}
