package io.channelpilot.dlq;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.channelpilot.model.AsciiNumbers;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads one DLQ record object token by token, keeping only the scalar values at the configured pointers. Payload
 * fields are noted and skipped; any other field is skipped without materialising its text (Jackson skips unread
 * strings), so a record with a multi-megabyte payload costs no memory.
 */
final class RecordFields {

    private static final Pattern DIGITS = Pattern.compile("^\\d{1,18}$");
    private static final int MAX_DEPTH = 4;

    private final DlqFormat format;
    private final Set<String> wanted = new HashSet<>();
    private final Set<String> prefixes = new HashSet<>();
    private final Set<String> payload;

    RecordFields(DlqFormat format) {
        this.format = format;
        for (List<String> l : List.of(format.topic(), format.partition(), format.offset(), format.sequenceNumber(),
                format.timestamp(), format.errorCode(), format.errorMessage(), format.fieldPointer())) {
            wanted.addAll(l);
        }
        this.payload = Set.copyOf(format.payload());
        for (String w : wanted) {
            for (int i = w.indexOf('/', 1); i > 0; i = w.indexOf('/', i + 1)) {
                prefixes.add(w.substring(0, i));
            }
        }
        for (String w : payload) {
            for (int i = w.indexOf('/', 1); i > 0; i = w.indexOf('/', i + 1)) {
                prefixes.add(w.substring(0, i));
            }
        }
    }

    /** {@code p} is at START_OBJECT; returns with {@code p} at the matching END_OBJECT. */
    Optional<DlqEntry> read(JsonParser p, String fallbackTopic) throws IOException {
        Map<String, String> values = new HashMap<>();
        boolean[] payloadSeen = {false};
        walk(p, "", values, payloadSeen, 1);
        Optional<String> topic = first(values, format.topic()).or(() -> Optional.ofNullable(fallbackTopic));
        Optional<Integer> partition = first(values, format.partition()).filter(v -> DIGITS.matcher(v).matches())
                .map(AsciiNumbers::requireLong).filter(v -> v <= Integer.MAX_VALUE).map(Long::intValue);
        // UNCONFIRMED: the DG calls the identifiers "sequence numbers"; a numeric one is taken as the Kafka offset.
        Optional<Long> offset = first(values, format.offset()).or(() -> first(values, format.sequenceNumber()))
                .filter(v -> DIGITS.matcher(v).matches()).map(AsciiNumbers::requireLong);
        if (topic.isEmpty() || topic.get().isBlank() || partition.isEmpty() || offset.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new DlqEntry(topic.get(), partition.get(), offset.get(),
                first(values, format.timestamp()).flatMap(RecordFields::instant),
                first(values, format.errorCode()).orElse(""), first(values, format.errorMessage()).orElse(""),
                first(values, format.fieldPointer()).orElse(""), payloadSeen[0]));
    }

    private void walk(JsonParser p, String prefix, Map<String, String> values, boolean[] payloadSeen, int depth)
            throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String pointer = prefix + "/" + p.currentName().replace("~", "~0").replace("/", "~1");
            JsonToken t = p.nextToken();
            if (payload.contains(pointer)) {
                payloadSeen[0] |= t != JsonToken.VALUE_NULL;
                p.skipChildren();
            } else if (t == JsonToken.START_OBJECT) {
                if (depth < MAX_DEPTH && prefixes.contains(pointer)) {
                    walk(p, pointer, values, payloadSeen, depth + 1);
                } else {
                    p.skipChildren();
                }
            } else if (t == JsonToken.START_ARRAY) {
                p.skipChildren();
            } else if (t.isScalarValue() && t != JsonToken.VALUE_NULL && wanted.contains(pointer)) {
                values.putIfAbsent(pointer, p.getText());
            }
        }
    }

    private static Optional<String> first(Map<String, String> values, List<String> candidates) {
        for (String c : candidates) {
            String v = values.get(c);
            if (v != null) {
                return Optional.of(v.trim());
            }
        }
        return Optional.empty();
    }

    /** ISO-8601 (with offset) or epoch milliseconds / seconds (below 10^11 is taken as seconds). */
    static Optional<Instant> instant(String text) {
        try {
            if (DIGITS.matcher(text).matches()) {
                long n = AsciiNumbers.requireLong(text);
                return Optional.of(n < 100_000_000_000L ? Instant.ofEpochSecond(n) : Instant.ofEpochMilli(n));
            }
            return Optional.of(OffsetDateTime.parse(text).toInstant());
        } catch (DateTimeParseException | ArithmeticException e) {
            return Optional.empty();
        }
    }
}
