package io.channelpilot.local.world.delivery;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * How the world writes its DLQ objects. MSK publishes no DLQ object format (reference §5, UNCONFIRMED), and the
 * product's parser claims to read JSON lines or one JSON array, gzip or plain, renamed fields (with the
 * {@code DLQ_FIELD_*} settings an operator would set) and unknown extra fields. So that the parser is proven on
 * layouts it did not dictate, the world can write any of them: {@link #defaults()} is the documented layout
 * (docs/local-world.md#delivery-simulation), {@link #fromSeed} picks one deterministically.
 *
 * @param container   JSON lines (one record object per line) or one JSON array of record objects
 * @param gzip        gzip the body ({@code Content-Encoding: gzip}) or write it plain
 * @param names       the field names (or nested JSON pointers) each record carries
 * @param extraFields add fields no parser knows, at the top level and inside nested objects
 */
public record DlqLayout(Container container, boolean gzip, FieldNames names, boolean extraFields) {

    public DlqLayout {
        Objects.requireNonNull(container, "container");
        Objects.requireNonNull(names, "names");
    }

    /** One record object per line, or all of them in one JSON array. */
    public enum Container { JSON_LINES, JSON_ARRAY }

    /**
     * Field naming schemes. {@link #CAMEL} is the documented layout; {@link #SNAKE} and {@link #PASCAL} are the
     * variants the parser's documentation says it knows without configuration; {@link #OPERATOR} nests every field
     * under names no default knows, so functions read it only with the {@link #operatorEnvironment()} settings.
     */
    public enum FieldNames {
        CAMEL(names("channelName", "clusterName", "topic", "partition", "offset", "timestamp", "errorCode",
                "errorMessage", "fieldPointer", "expected", "actual", "payloadBase64"), false),
        SNAKE(names("channel_name", "cluster_name", "topic", "partition", "offset", "timestamp", "error_code",
                "error_message", "field_pointer", "expected", "actual", "payload_base64"), false),
        PASCAL(names("ChannelName", "ClusterName", "Topic", "Partition", "Offset", "Timestamp", "ErrorCode",
                "ErrorMessage", "FieldPointer", "Expected", "Actual", "PayloadBase64"), false),
        OPERATOR(names("/source/channel", "/source/cluster", "/source/stream", "/source/shard", "/source/position",
                "/source/writtenAt", "/failure/kind", "/failure/detail", "/failure/location", "/failure/wanted",
                "/failure/found", "/source/bytes"), true);

        private final Map<String, String> byField;
        private final boolean needsConfiguration;

        FieldNames(Map<String, String> byField, boolean needsConfiguration) {
            this.byField = byField;
            this.needsConfiguration = needsConfiguration;
        }

        /** The name, or a JSON pointer ({@code /a/b}) for a nested field, of one of {@link #FIELDS}. */
        public String of(String field) {
            String name = byField.get(field);
            if (name == null) {
                throw new IllegalArgumentException("no DLQ field " + field);
            }
            return name;
        }
    }

    /** The logical fields of one DLQ record, in write order. */
    public static final List<String> FIELDS = List.of("channelName", "clusterName", "topic", "partition", "offset",
            "timestamp", "errorCode", "errorMessage", "fieldPointer", "expected", "actual", "payload");

    /** The product's settings for renamed fields (docs/runbook.md#alarm-response-and-dlq-triage): logical field → variable. */
    private static final Map<String, String> SETTINGS = Map.of("topic", "DLQ_FIELD_TOPIC",
            "partition", "DLQ_FIELD_PARTITION", "offset", "DLQ_FIELD_OFFSET", "timestamp", "DLQ_FIELD_TIMESTAMP",
            "errorCode", "DLQ_FIELD_ERROR_CODE", "errorMessage", "DLQ_FIELD_ERROR_MESSAGE",
            "fieldPointer", "DLQ_FIELD_POINTER", "payload", "DLQ_FIELD_PAYLOAD");

    /** The documented layout: gzip JSON lines, camelCase names, nothing extra. */
    public static DlqLayout defaults() {
        return new DlqLayout(Container.JSON_LINES, true, FieldNames.CAMEL, false);
    }

    /**
     * A layout picked by {@code seed}: same seed, same layout on every JVM ({@link SplittableRandom}'s algorithm is
     * specified). Not {@code java.util.Random}, whose first draw barely depends on small seeds (seeds 0..63 all gave
     * a JSON array).
     */
    public static DlqLayout fromSeed(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        return new DlqLayout(Container.values()[r.nextInt(Container.values().length)], r.nextBoolean(),
                FieldNames.values()[r.nextInt(FieldNames.values().length)], r.nextBoolean());
    }

    /**
     * What an operator sets on the functions that read the DLQ (respond-to-alarm, redrive-batch) so they find the
     * renamed fields; empty for the layouts the parser reads without configuration.
     */
    public Map<String, String> operatorEnvironment() {
        Map<String, String> env = new LinkedHashMap<>();
        if (names.needsConfiguration) {
            SETTINGS.forEach((field, variable) -> env.put(variable, names.of(field)));
        }
        return env;
    }

    /** The key suffix: what the body is, so a person listing the bucket can tell (the parser never looks at it). */
    public String suffix() {
        return (container == Container.JSON_LINES ? ".jsonl" : ".json") + (gzip ? ".gz" : "");
    }

    /** How many records a DLQ object the world wrote holds, whatever its layout (the world report's count). */
    public static long recordsIn(byte[] body) {
        return DlqObjectWriter.countRecords(body);
    }

    public String contentType() {
        return container == Container.JSON_LINES ? "application/x-ndjson" : "application/json";
    }

    private static Map<String, String> names(String... values) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            out.put(FIELDS.get(i), values[i]);
        }
        return Map.copyOf(out);
    }
}
