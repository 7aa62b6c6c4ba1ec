package io.channelpilot.dlq;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One dead-lettered record as read from a DLQ object: where the record lives in Kafka and why it failed. The payload
 * is never kept (reference §5: the DLQ holds identifiers and error context; payloads, if present at all, are re-read
 * from Kafka by the redrive worker) — only whether the object carried one.
 *
 * @param offset        the Kafka offset; taken from an offset field or, when only a sequence number is given, from it
 *                      (UNCONFIRMED: the DG calls the identifiers "sequence numbers" without defining them)
 * @param errorCode     the code as written in the object ("" when absent); classify with {@link DlqCause#classify}
 * @param errorMessage  the free text as written ("" when absent). May contain values on the real service: never put
 *                      it into notifications or logs
 * @param fieldPointer  JSON pointer of the offending field ("" when not given)
 * @param payloadPresent whether the object carried a payload for this record (it is dropped, never stored)
 */
public record DlqEntry(String topic, int partition, long offset, Optional<Instant> timestamp, String errorCode,
                       String errorMessage, String fieldPointer, boolean payloadPresent) {

    public DlqEntry {
        Objects.requireNonNull(topic, "topic");
        if (partition < 0 || offset < 0) {
            throw new IllegalArgumentException("partition and offset must be >= 0");
        }
        timestamp = timestamp == null ? Optional.empty() : timestamp;
        errorCode = errorCode == null ? "" : errorCode;
        errorMessage = errorMessage == null ? "" : errorMessage;
        fieldPointer = fieldPointer == null ? "" : fieldPointer;
    }

    /** {@code partition:offset}, the form used in notifications and samples. */
    public String location() {
        return partition + ":" + offset;
    }

    public DlqCause cause() {
        return DlqCause.classify(errorCode, errorMessage);
    }
}
