package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.conformance.ConformanceResult.Conformed;
import io.channelpilot.conformance.ConformanceResult.Rejected;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Typed row values per mapping row, and the rejection contract (pointer, types, never the value). */
class RecordConformerTest {

    private static final String MARKER = "S3CR3T-MARKER-V4LU3";

    private final RecordConformer allTypes = TestResources.conformer("all-types.json", "event_time");

    @Test
    void shouldProduceIcebergGenericValuesForEveryMappingRowWhenRecordConforms() {
        // given
        String record = """
            {"id": 7, "event_time": "2024-05-01T12:15:30.123456+02:00", "name": "n", "birthday": "1990-02-03",
             "alarm": "07:30:00.5+01:00", "trace_id": "123e4567-e89b-12d3-a456-426614174000", "blob": "AQID",
             "payload": "aGVsbG8=", "big_count": 9007199254740991, "price": 12.3, "ratio": 0.5, "active": true,
             "address": {"city": "Oslo"}, "attributes": {"b": 2, "a": 1}, "tags": ["x", "y"], "status": "PAID"}
            """;

        // when
        Map<String, Object> row = conformed(allTypes, record);

        // then
        assertThat(row).isInstanceOf(LinkedHashMap.class);
        assertThat(row.keySet()).containsExactly("id", "event_time", "name", "birthday", "alarm", "trace_id", "blob",
                "payload", "big_count", "price", "ratio", "active", "address", "attributes", "tags", "status");
        assertThat(row.get("id")).isEqualTo(7);
        assertThat(row.get("event_time")).isEqualTo(OffsetDateTime.of(2024, 5, 1, 10, 15, 30, 123_456_000, ZoneOffset.UTC));
        assertThat(row.get("name")).isEqualTo("n");
        assertThat(row.get("birthday")).isEqualTo(LocalDate.of(1990, 2, 3));
        assertThat(row.get("alarm")).isEqualTo(LocalTime.of(6, 30, 0, 500_000_000));
        assertThat(row.get("trace_id")).isEqualTo(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"));
        assertThat(row.get("blob")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
        assertThat(row.get("payload")).isEqualTo(ByteBuffer.wrap("hello".getBytes(StandardCharsets.UTF_8)));
        assertThat(row.get("big_count")).isEqualTo(9007199254740991L);
        assertThat(row.get("price")).isEqualTo(new BigDecimal("12.300"));
        assertThat(((BigDecimal) row.get("price")).scale()).isEqualTo(3);
        assertThat(row.get("ratio")).isEqualTo(0.5d);
        assertThat(row.get("active")).isEqualTo(true);
        Map<String, Object> address = new LinkedHashMap<>();
        address.put("city", "Oslo");
        address.put("zip", null);
        assertThat(row.get("address")).isEqualTo(address);
        assertThat(List.copyOf(((Map<?, ?>) row.get("attributes")).keySet())).isEqualTo(List.of("b", "a"));
        assertThat(row.get("attributes")).isEqualTo(Map.of("a", 1, "b", 2)); // bounded 0..100: int
        assertThat(row.get("tags")).isEqualTo(List.of("x", "y"));
        assertThat(row.get("status")).isEqualTo("PAID");
    }

    @Test
    void shouldDropExtraFieldsAndNullMissingOptionalsWhenRecordHasExtrasAndGaps() {
        // given
        String record = "{\"event_time\": \"2024-05-01T10:00:00Z\", \"id\": 1, \"extra\": {\"x\": [1, 2]}, \"Name\": \"n\"}";

        // when
        Map<String, Object> row = conformed(allTypes, record);

        // then
        assertThat(row).doesNotContainKeys("extra", "Name").hasSize(16);
        assertThat(row.get("name")).isNull();
        assertThat(row.get("tags")).isNull();
        assertThat(row).containsKey("address");
    }

    @Test
    void shouldRequirePartitionColumnWhenSchemaDoesNotListItAsRequired() {
        // given
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(TestResources.schema("partition-not-required.json"), "event_time");
        RecordConformer conformer = RecordConformer.of(analysis);

        // when
        ConformanceResult withNull = conformer.conform(bytes("{\"device\": \"d\", \"event_time\": null}"));

        // then
        assertThat(analysis.fields().get(1).required()).isTrue();
        assertThat(withNull).isEqualTo(new Rejected(ConformanceCode.MISSING_REQUIRED_FIELD, "/event_time",
                "string (timestamptz)", "null", "Required field /event_time (string (timestamptz)) is null"));
    }

    @Test
    void shouldNeverEchoTheValueWhenRejecting() {
        // given: the marker sits in every position a rejection could quote
        String[] records = {
            "{\"id\": \"" + MARKER + "\", \"event_time\": \"2024-05-01T10:00:00Z\"}",
            "{\"id\": 1, \"event_time\": \"" + MARKER + "\"}",
            "{\"id\": 1, \"event_time\": \"2024-05-01T10:00:00Z\", \"trace_id\": \"" + MARKER + "\"}",
            "{\"id\": 1, \"event_time\": \"2024-05-01T10:00:00Z\", \"blob\": \"" + MARKER + "!\"}",
            "{\"id\": " + MARKER + "}",
            "{\"id\": 1, \"event_time\": \"2024-05-01T10:00:00Z\"} " + MARKER,
            "\"" + MARKER + "\"",
        };
        for (String record : records) {
            // when
            ConformanceResult result = allTypes.conform(bytes(record));

            // then
            assertThat(result).isInstanceOf(Rejected.class);
            assertThat(result.toString()).doesNotContain(MARKER).doesNotContain("V4LU3");
        }
    }

    @Test
    void shouldRejectSeventeenLevelsFromBothEntryPointsWhenRecordNestsTooDeep() throws Exception {
        // given
        RecordConformer conformer = TestResources.conformer("nested-16-levels.json", "event_time");
        String sixteen = "{\"event_time\": \"2024-05-01T10:00:00Z\", \"n\":".repeat(1) + "{\"n\":".repeat(14)
                + "{\"leaf\": \"x\"}" + "}".repeat(14) + "}";
        String seventeen = "{\"event_time\": \"2024-05-01T10:00:00Z\", \"n\":" + "{\"n\":".repeat(14)
                + "{\"leaf\": {\"too\": \"deep\"}}" + "}".repeat(14) + "}";

        // when
        ConformanceResult ok = conformer.conform(bytes(sixteen));
        ConformanceResult fromBytes = conformer.conform(bytes(seventeen));
        ConformanceResult fromTree = conformer.conform(TestResources.MAPPER.readTree(seventeen));

        // then
        assertThat(ok).isInstanceOf(Conformed.class);
        String pointer = "/n".repeat(15) + "/leaf";
        assertThat(fromBytes).isInstanceOf(Rejected.class);
        assertThat(((Rejected) fromBytes).code()).isEqualTo(ConformanceCode.NESTING_TOO_DEEP);
        assertThat(((Rejected) fromBytes).pointer()).isEqualTo(pointer);
        assertThat(fromTree).isEqualTo(fromBytes);
    }

    @Test
    void shouldTreatNullableListElementsAndMapValuesAsOptionalWhenSchemaAllowsNull() {
        // given
        String schema = """
            {"type": "object", "required": ["ts"], "properties": {
              "ts": {"type": "string", "format": "date-time"},
              "scores": {"type": "array", "items": {"type": ["number", "null"]}},
              "labels": {"type": "object", "additionalProperties": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}
            """;
        RecordConformer conformer = RecordConformer.of(SchemaAnalyzer.analyze(schema, "ts"));

        // when
        Map<String, Object> row = conformed(conformer,
                "{\"ts\": \"2024-05-01T10:00:00Z\", \"scores\": [1.5, null], \"labels\": {\"a\": null, \"b\": \"x\"}}");

        // then
        assertThat(row.get("scores")).isEqualTo(java.util.Arrays.asList(1.5d, null));
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("a", null);
        labels.put("b", "x");
        assertThat(row.get("labels")).isEqualTo(labels);
    }

    @Test
    void shouldUseIntForUnboundedIntegersWhenOptionSaysInt() {
        // given
        String schema = "{\"type\": \"object\", \"properties\": {\"ts\": {\"type\": \"string\", \"format\": \"date-time\"},"
                + " \"n\": {\"type\": \"integer\"}}}";
        ConformanceOptions intOptions = ConformanceOptions.defaults().withUnboundedInteger(ConformanceOptions.IntegerWidth.INT);
        RecordConformer conformer = RecordConformer.of(SchemaAnalyzer.analyze(schema, "ts", intOptions));

        // when
        ConformanceResult small = conformer.conform(bytes("{\"ts\": \"2024-05-01T10:00:00Z\", \"n\": 5}"));
        ConformanceResult big = conformer.conform(bytes("{\"ts\": \"2024-05-01T10:00:00Z\", \"n\": 5000000000}"));

        // then
        assertThat(((Conformed) small).row().get("n")).isEqualTo(5);
        assertThat(((Rejected) big).code()).isEqualTo(ConformanceCode.NUMBER_OUT_OF_RANGE);
        assertThat(((Rejected) big).expected()).isEqualTo("integer (int)");
    }

    @Test
    void shouldRefuseToBuildWhenAnalysisIsNotUsable() {
        // given
        SchemaAnalysis unusable = SchemaAnalyzer.analyze("{\"type\": \"object\", \"properties\": {\"a\": {}}}", "ts");

        // when / then
        assertThatThrownBy(() -> RecordConformer.of(unusable))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UNMAPPABLE_TYPE")
                .hasMessageContaining("PARTITION_COLUMN_MISSING");
    }

    @Test
    void shouldGiveIdenticalResultsWhenTheSameConformerIsReused() {
        // given
        byte[] good = bytes("{\"id\": 1, \"event_time\": \"2024-05-01T10:00:00Z\", \"price\": 1.5}");
        byte[] bad = bytes("{\"id\": 1, \"event_time\": \"2024-05-01T10:00:00Z\", \"price\": 1.5555}");

        // when
        ConformanceResult first = allTypes.conform(good);
        ConformanceResult rejectedFirst = allTypes.conform(bad);

        // then
        for (int i = 0; i < 1_000; i++) {
            assertThat(allTypes.conform(good)).isEqualTo(first);
            assertThat(allTypes.conform(bad)).isEqualTo(rejectedFirst);
        }
    }

    private static Map<String, Object> conformed(RecordConformer conformer, String record) {
        ConformanceResult result = conformer.conform(bytes(record));
        assertThat(result).isInstanceOf(Conformed.class);
        return ((Conformed) result).row();
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
