package io.channelpilot.alarm;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.dlq.QuarantineReason;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one triage run found: counts per cause with sample locations ({@code partition:offset}) and field paths,
 * offset ranges per partition, quarantined objects. Identifiers and counts only — never values or payloads.
 *
 * @param objects            DLQ objects read (quarantined ones included)
 * @param records            dead-lettered records recognised
 * @param unparseableRecords lines/elements without usable identifiers
 * @param causes             per cause, in {@link DlqCause} order, only causes seen
 * @param partitions         partition → offset range seen
 * @param oldestRecord       oldest record timestamp seen (the retention-race clock)
 * @param lastKey            greatest key read ("" when none)
 */
record TriageReport(long objects, long records, long unparseableRecords, List<CauseCount> causes,
                           Map<Integer, OffsetRange> partitions, List<QuarantinedObject> quarantined,
                           @JsonIgnore Optional<Instant> oldestRecord, String lastKey) {

    public TriageReport {
        causes = List.copyOf(causes);
        partitions = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(partitions));
        quarantined = List.copyOf(quarantined);
    }

    /** The stored report's form of {@link #oldestRecord} (ISO-8601, or null). */
    @JsonProperty("oldestRecord")
    public String oldestRecordText() {
        return oldestRecord.map(Instant::toString).orElse(null);
    }

    @JsonIgnore
    public boolean empty() {
        return objects == 0;
    }

    public long count(DlqCause cause) {
        return causes.stream().filter(c -> c.cause() == cause).mapToLong(CauseCount::count).sum();
    }

    /**
     * @param samples up to a few {@code partition:offset}; fieldPaths distinct JSON pointers seen, bounded
     * @param oldest  oldest record timestamp of this cause (feeds the outstanding-entries record, not the report)
     * @param newest  newest record timestamp of this cause
     */
    public record CauseCount(DlqCause cause, long count, List<String> samples, List<String> fieldPaths,
                             @JsonIgnore Optional<Instant> oldest, @JsonIgnore Optional<Instant> newest) {
        public CauseCount {
            samples = List.copyOf(samples);
            fieldPaths = List.copyOf(fieldPaths);
            oldest = oldest == null ? Optional.empty() : oldest;
            newest = newest == null ? Optional.empty() : newest;
        }

        public CauseCount(DlqCause cause, long count, List<String> samples, List<String> fieldPaths) {
            this(cause, count, samples, fieldPaths, Optional.empty(), Optional.empty());
        }
    }

    public record OffsetRange(long first, long last, long count) {
        @Override
        public String toString() {
            return first == last ? Long.toString(first) : first + "-" + last;
        }
    }

    public record QuarantinedObject(String key, QuarantineReason reason, String quarantineKey) {
    }
}
