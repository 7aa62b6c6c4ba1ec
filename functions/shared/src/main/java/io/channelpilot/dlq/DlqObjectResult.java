package io.channelpilot.dlq;

/**
 * What {@link DlqParser} made of one DLQ object. Bad data is a value, never an exception: an object the parser cannot
 * read as DLQ records is {@link Quarantined}; an object with some unreadable records is {@link Parsed} with
 * {@code unparseableRecords > 0}.
 */
public sealed interface DlqObjectResult permits DlqObjectResult.Parsed, DlqObjectResult.Quarantined {

    String key();

    /** Records emitted to the sink before the result was known. */
    long records();

    /**
     * @param records            entries handed to the sink
     * @param unparseableRecords lines/elements that were not JSON objects or lacked partition/offset/topic
     */
    record Parsed(String key, long records, long unparseableRecords) implements DlqObjectResult {
    }

    /**
     * The object is not a DLQ object this parser understands (or ended early). {@code records} counts entries that
     * were readable before the failure (a truncated object); they were emitted to the sink.
     */
    record Quarantined(String key, QuarantineReason reason, String detail, long records) implements DlqObjectResult {
    }
}
