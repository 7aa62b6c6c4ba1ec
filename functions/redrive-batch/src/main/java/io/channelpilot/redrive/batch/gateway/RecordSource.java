package io.channelpilot.redrive.batch.gateway;

import java.util.Collection;
import java.util.Map;
import java.util.function.Predicate;

/** Reads original records back from the source topic by partition and offset ({@link KafkaRecordSource}). */
public interface RecordSource extends AutoCloseable {

    /** First offset still retained (records below it are gone: EXPIRED). */
    default long logStartOffset(String topic, int partition) {
        return logStartOffsets(topic, java.util.List.of(partition)).get(partition);
    }

    /** Offset the next produced record will get. */
    default long logEndOffset(String topic, int partition) {
        return logEndOffsets(topic, java.util.List.of(partition)).get(partition);
    }

    /** {@link #logStartOffset} of several partitions in one request. */
    Map<Integer, Long> logStartOffsets(String topic, Collection<Integer> partitions);

    /** {@link #logEndOffset} of several partitions in one request. */
    Map<Integer, Long> logEndOffsets(String topic, Collection<Integer> partitions);

    /** Records with offsets in [{@code from}, {@code to}] that still exist, by offset (assign + seek, one pass). */
    Map<Long, SourceRecord> read(String topic, int partition, long from, long to);

    /**
     * Streams the wanted offsets of several partitions in one pass: every partition is assigned at once and fetched
     * in parallel; each wanted offset is handed to {@code visitor} exactly once, either as {@link
     * OffsetVisitor#found} or as {@link OffsetVisitor#missing} (not returned by the broker: compacted, deleted, or at
     * or beyond {@code ends}). Per partition the visits are in offset order; records at or after the partition's
     * entry in {@code ends} are never read (the copies this batch appends land there). The visitor runs on the
     * calling thread, which may also call {@link #logStartOffset} from it; no other method may run meanwhile except
     * {@link #findCopies}.
     *
     * @param wanted sorted, distinct offsets per partition
     * @return false when the visitor stopped the stream
     */
    boolean stream(String topic, Map<Integer, long[]> wanted, Map<Integer, Long> ends, OffsetVisitor visitor)
            throws InterruptedException;

    /**
     * The copies this task already produced in one partition from {@code fromOffset} to the log end, by their
     * {@code channel-pilot-redrive-of} value, keeping only originals {@code wanted} accepts: how a retried batch finds
     * out whether the records it had claimed were sent before the worker died (one scan per partition and claim end
     * offset, not one per record). Safe to call from inside {@link #stream} (it does not disturb the stream's position).
     */
    Map<String, Long> findCopies(String topic, int partition, long fromOffset, String taskId, Predicate<String> wanted);

    @Override
    void close();

    /** Receives the wanted offsets of {@link #stream}. */
    interface OffsetVisitor {

        /** A wanted record. Returns false to stop the stream (the task is no longer active). */
        boolean found(SourceRecord record) throws InterruptedException;

        /** A wanted offset the broker did not return. */
        void missing(int partition, long offset);
    }
}
