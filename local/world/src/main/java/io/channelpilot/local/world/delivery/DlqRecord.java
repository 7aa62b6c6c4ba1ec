package io.channelpilot.local.world.delivery;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One dead-lettered record: identifiers and error context, never the value unless payloads are configured
 * (reference §5: the DG says identifiers plus error context, not payloads).
 *
 * @param fieldPointer JSON pointer of the offending field ("" for the whole record)
 * @param expected     what the schema wants there (e.g. {@code integer}); empty when not applicable
 * @param actual       the JSON type found (never a value); empty when not applicable
 * @param payload      the raw record value, only when {@link DeliveryOptions#includePayloads()} is on
 */
public record DlqRecord(String topic, int partition, long offset, Instant timestamp, String errorCode,
                        String errorMessage, String fieldPointer, String expected, String actual,
                        Optional<byte[]> payload) {

    public DlqRecord {
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(timestamp, "timestamp");
        Objects.requireNonNull(errorCode, "errorCode");
        Objects.requireNonNull(errorMessage, "errorMessage");
        fieldPointer = fieldPointer == null ? "" : fieldPointer;
        expected = expected == null ? "" : expected;
        actual = actual == null ? "" : actual;
        payload = payload == null ? Optional.empty() : payload;
    }
}
