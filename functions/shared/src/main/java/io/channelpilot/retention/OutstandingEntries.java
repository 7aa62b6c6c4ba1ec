package io.channelpilot.retention;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.store.ChannelKey;
import java.time.Instant;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import io.channelpilot.gateway.DynamoDbOutstandingStore;

/**
 * The DLQ entries of one channel that are still outstanding — triaged but not yet redriven, parked or expired — kept
 * per cause as a {@link Band} (oldest and newest record timestamp, count, when last triaged), so that a redrive task
 * limited to some causes or a time window clears exactly what it covered ({@link RedriveCoverage}). Stored next to the
 * triage watermark (status table, {@code sk=OUTSTANDING#<channel>}, {@link DynamoDbOutstandingStore}).
 *
 * @param lastReport    number of the last triage report merged: a report is merged at most once (duplicate-safe)
 * @param notifiedLevel highest retention-race level already notified for the current outstanding entries; reset when
 *                      the level falls, so only a level increase notifies (dedupe by channel + level)
 * @param version       optimistic-concurrency counter of the stored item (0 = not stored yet)
 */
public record OutstandingEntries(ChannelKey key, String topic, Map<DlqCause, Band> bands, long lastReport,
                                 RetentionRace.Level notifiedLevel, Instant updatedAt, long version) {

    public OutstandingEntries {
        Objects.requireNonNull(key, "key");
        topic = topic == null ? "" : topic;
        EnumMap<DlqCause, Band> copy = new EnumMap<>(DlqCause.class);
        if (bands != null) {
            copy.putAll(bands);
        }
        bands = Collections.unmodifiableMap(copy);
        notifiedLevel = notifiedLevel == null ? RetentionRace.Level.NONE : notifiedLevel;
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /**
     * Outstanding entries of one cause.
     *
     * @param oldest          oldest record timestamp (empty when no entry carried one)
     * @param newest          newest record timestamp (empty likewise)
     * @param count           entries triaged (an upper bound once a time-window task advanced the band)
     * @param lastTriagedAt   when triage last added entries of this cause
     */
    public record Band(Optional<Instant> oldest, Optional<Instant> newest, long count, Instant lastTriagedAt) {
        public Band {
            oldest = oldest == null ? Optional.empty() : oldest;
            newest = newest == null ? Optional.empty() : newest;
            Objects.requireNonNull(lastTriagedAt, "lastTriagedAt");
            if (count < 0) {
                throw new IllegalArgumentException("count must be >= 0, was " + count);
            }
        }

        /** The band seen by one triage run. */
        public static Band seen(Optional<Instant> oldest, Optional<Instant> newest, long count, Instant triagedAt) {
            return new Band(oldest, newest, count, triagedAt);
        }

        Band merge(Band other) {
            return new Band(min(oldest, other.oldest), max(newest, other.newest), count + other.count,
                    lastTriagedAt.isAfter(other.lastTriagedAt) ? lastTriagedAt : other.lastTriagedAt);
        }

        private static Optional<Instant> min(Optional<Instant> a, Optional<Instant> b) {
            return a.isEmpty() ? b : b.isEmpty() ? a : Optional.of(a.get().isBefore(b.get()) ? a.get() : b.get());
        }

        private static Optional<Instant> max(Optional<Instant> a, Optional<Instant> b) {
            return a.isEmpty() ? b : b.isEmpty() ? a : Optional.of(a.get().isAfter(b.get()) ? a.get() : b.get());
        }
    }

    public static OutstandingEntries none(ChannelKey key, String topic, Instant now) {
        return new OutstandingEntries(key, topic, Map.of(), 0, RetentionRace.Level.NONE, now, 0);
    }

    /** The oldest outstanding record timestamp over every cause: the retention-race clock. */
    public Optional<Instant> oldest() {
        return bands.values().stream().map(Band::oldest).flatMap(Optional::stream).min(Instant::compareTo);
    }

    public boolean isEmpty() {
        return bands.isEmpty();
    }

    public long count() {
        return bands.values().stream().mapToLong(Band::count).sum();
    }

    /**
     * Adds what triage report {@code reportNumber} saw, keeping the older timestamp per cause. A report number at or
     * below {@link #lastReport} was merged already (a duplicate or a lost race): nothing changes.
     */
    public OutstandingEntries merge(long reportNumber, Map<DlqCause, Band> seen) {
        if (reportNumber <= lastReport) {
            return this;
        }
        EnumMap<DlqCause, Band> next = new EnumMap<>(DlqCause.class);
        next.putAll(bands);
        seen.forEach((cause, band) -> next.merge(cause, band, Band::merge));
        return new OutstandingEntries(key, topic, next, reportNumber, notifiedLevel, updatedAt, version);
    }

    public OutstandingEntries withBands(Map<DlqCause, Band> next) {
        RetentionRace.Level notified = next.isEmpty() ? RetentionRace.Level.NONE : notifiedLevel;
        return new OutstandingEntries(key, topic, next, lastReport, notified, updatedAt, version);
    }

    public OutstandingEntries withNotified(RetentionRace.Level level) {
        return new OutstandingEntries(key, topic, bands, lastReport, level, updatedAt, version);
    }

    public OutstandingEntries stored(Instant at, long newVersion) {
        return new OutstandingEntries(key, topic, bands, lastReport, notifiedLevel, at, newVersion);
    }

    /** Same content, ignoring the timestamp and version: such a write is skipped. */
    public boolean sameContentAs(OutstandingEntries other) {
        return other != null && key.equals(other.key) && topic.equals(other.topic) && bands.equals(other.bands)
                && lastReport == other.lastReport && notifiedLevel == other.notifiedLevel;
    }
}
