package io.channelpilot.dlq;

import io.channelpilot.model.AsciiNumbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Where the parser looks for each field of a DLQ record. The MSK DLQ object format is not published (reference §5,
 * UNCONFIRMED), so every field is a list of candidates tried in order: a plain name ({@code offset}) or a JSON pointer
 * ({@code /error/code}) for nested objects. {@link #defaults()} covers camelCase, snake_case and PascalCase variants, the
 * local world's format (docs/local-world.md#delivery-simulation) and nested {@code error}/{@code metadata} objects.
 *
 * @param maxLineBytes a JSON line longer than this is skipped (counted unparseable) without being buffered, so memory
 *                     stays bounded for huge objects and lines
 */
public record DlqFormat(List<String> topic, List<String> partition, List<String> offset, List<String> sequenceNumber,
                        List<String> timestamp, List<String> errorCode, List<String> errorMessage,
                        List<String> fieldPointer, List<String> payload, int maxLineBytes) {

    /** Environment variables (comma-separated names or pointers) tried before the defaults. */
    public static final Map<String, String> ENV = Map.of(
            "topic", "DLQ_FIELD_TOPIC", "partition", "DLQ_FIELD_PARTITION", "offset", "DLQ_FIELD_OFFSET",
            "sequenceNumber", "DLQ_FIELD_SEQUENCE_NUMBER", "timestamp", "DLQ_FIELD_TIMESTAMP",
            "errorCode", "DLQ_FIELD_ERROR_CODE", "errorMessage", "DLQ_FIELD_ERROR_MESSAGE",
            "fieldPointer", "DLQ_FIELD_POINTER", "payload", "DLQ_FIELD_PAYLOAD");
    public static final String MAX_LINE_ENV = "DLQ_MAX_LINE_BYTES";
    public static final int DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

    public DlqFormat {
        topic = pointers(topic);
        partition = pointers(partition);
        offset = pointers(offset);
        sequenceNumber = pointers(sequenceNumber);
        timestamp = pointers(timestamp);
        errorCode = pointers(errorCode);
        errorMessage = pointers(errorMessage);
        fieldPointer = pointers(fieldPointer);
        payload = pointers(payload);
        if (maxLineBytes < 1024) {
            throw new IllegalArgumentException("maxLineBytes must be at least 1024");
        }
    }

    public static DlqFormat defaults() {
        return new DlqFormat(
                variants("topic", "topicName", "sourceTopic", "/metadata/topic", "/source/topic", "/record/topic"),
                variants("partition", "partitionId", "kafkaPartition", "/metadata/partition", "/source/partition",
                        "/record/partition"),
                variants("offset", "kafkaOffset", "recordOffset", "/metadata/offset", "/source/offset", "/record/offset"),
                variants("sequenceNumber", "seqNo", "/metadata/sequenceNumber", "/record/sequenceNumber"),
                variants("timestamp", "recordTimestamp", "kafkaTimestamp", "eventTime", "/metadata/timestamp",
                        "/record/timestamp"),
                variants("errorCode", "/error/code", "/error/errorCode", "/error/type", "/Error/Code", "/Error/Type", "/errorDetails/code",
                        "errorType", "failureCode", "reason"),
                variants("errorMessage", "/error/message", "/error/errorMessage", "/Error/Message", "/errorDetails/message",
                        "failureMessage", "message", "error"),
                variants("fieldPointer", "fieldPath", "jsonPointer", "field", "/error/fieldPointer", "/error/field",
                        "/error/path", "/Error/Field", "/Error/Path", "/errorDetails/field"),
                variants("payloadBase64", "payload", "rawData", "data", "value", "/record/value"),
                DEFAULT_MAX_LINE_BYTES);
    }

    /** The defaults, with candidates from {@link #ENV} variables tried first. */
    public static DlqFormat fromEnv(Map<String, String> env) {
        DlqFormat d = defaults();
        String max = env.get(MAX_LINE_ENV);
        return new DlqFormat(
                prepend(env, "topic", d.topic), prepend(env, "partition", d.partition), prepend(env, "offset", d.offset),
                prepend(env, "sequenceNumber", d.sequenceNumber), prepend(env, "timestamp", d.timestamp),
                prepend(env, "errorCode", d.errorCode), prepend(env, "errorMessage", d.errorMessage),
                prepend(env, "fieldPointer", d.fieldPointer), prepend(env, "payload", d.payload),
                max == null || max.isBlank() ? d.maxLineBytes : AsciiNumbers.requireInt(max.trim()));
    }

    private static List<String> prepend(Map<String, String> env, String field, List<String> defaults) {
        String value = env.get(ENV.get(field));
        if (value == null || value.isBlank()) {
            return defaults;
        }
        List<String> out = new ArrayList<>(Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList());
        out.addAll(defaults);
        return out;
    }

    /**
     * camelCase name → itself, snake_case and PascalCase (and the pointers as given); e.g. {@code errorCode} →
     * {@code errorCode, error_code, ErrorCode}.
     */
    static List<String> variants(String... names) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String n : names) {
            out.add(n);
            if (!n.startsWith("/")) {
                out.add(n.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT));
                out.add(Character.toUpperCase(n.charAt(0)) + n.substring(1));
            }
        }
        return List.copyOf(out);
    }

    private static List<String> pointers(List<String> names) {
        Objects.requireNonNull(names, "field candidates");
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String n : names) {
            if (n != null && !n.isBlank()) {
                out.add(n.startsWith("/") ? n : "/" + n.replace("~", "~0").replace("/", "~1"));
            }
        }
        return List.copyOf(out);
    }
}
