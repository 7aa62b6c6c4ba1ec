package io.channelpilot.redrive.batch;

import java.util.Map;
import java.util.Optional;

/** Reads original records back from the source topic by partition and offset ({@link KafkaRecordSource}). */
public interface RecordSource extends AutoCloseable {

    /** First offset still retained (records below it are gone: EXPIRED). */
    long logStartOffset(String topic, int partition);

    /** Offset the next produced record will get. */
    long logEndOffset(String topic, int partition);

    /** Records with offsets in [{@code from}, {@code to}] that still exist, by offset (assign + seek, one pass). */
    Map<Long, SourceRecord> read(String topic, int partition, long from, long to);

    /**
     * Offset of a copy this task already produced for {@code redriveOf}, searching from {@code fromOffset} to the log
     * end: how a retried batch finds out whether a claimed record was sent before the worker died.
     */
    Optional<Long> findCopy(String topic, int partition, long fromOffset, String redriveOf, String taskId);

    @Override
    void close();
}
