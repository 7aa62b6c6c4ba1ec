package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Preview rendering, Iceberg-style field ids, drafts and nesting limits of {@link SchemaAnalyzer}. */
class SchemaAnalyzerTest {

    @Test
    void shouldRenderIcebergPreviewWhenSchemaCoversEveryMappingRow() {
        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(TestResources.schema("all-types.json"), "event_time");

        // then
        assertThat(analysis.isUsable()).isTrue();
        assertThat(analysis.problems()).isEmpty();
        assertThat(analysis.draft()).isEqualTo(SchemaDraft.DRAFT_07);
        assertThat(analysis.renderPreview()).isEqualTo(String.join("\n",
                "table {",
                "  1: id: required int (row id)",
                "  2: event_time: required timestamptz",
                "  3: name: optional string",
                "  4: birthday: optional date",
                "  5: alarm: optional time",
                "  6: trace_id: optional uuid",
                "  7: blob: optional binary",
                "  8: payload: optional binary",
                "  9: big_count: optional long",
                "  10: price: optional decimal(38,3)",
                "  11: ratio: optional double",
                "  12: active: optional boolean",
                "  13: address: optional struct<17: city: required string, 18: zip: optional string>",
                "  14: attributes: optional map<string, int>",
                "  15: tags: optional list<string>",
                "  16: status: optional string",
                "}"));
        assertThat(analysis.fields().get(13).type()).isEqualTo(new IcebergType.MapType(19, 20, IcebergType.INT, true));
        assertThat(analysis.fields().get(14).type()).isEqualTo(new IcebergType.ListType(21, IcebergType.STRING, true));
    }

    @Test
    void shouldResolveRefsAndAssignIdsStructFirstWhenDraft04SchemaNestsStructsInLists() {
        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(TestResources.schema("orders-draft04.json"), "placed_at");

        // then
        assertThat(analysis.isUsable()).isTrue();
        assertThat(analysis.draft()).isEqualTo(SchemaDraft.DRAFT_04);
        assertThat(analysis.renderPreview()).isEqualTo(String.join("\n",
                "table {",
                "  1: order_id: required int",
                "  2: placed_at: required timestamptz",
                "  3: customer: optional struct<7: customer_id: required uuid, 8: billing: optional struct<9: street:"
                        + " optional string, 10: country: optional string>>",
                "  4: shipping: optional struct<11: street: optional string, 12: country: optional string>",
                "  5: lines: required list<struct<14: sku: required string, 15: qty: required int, 16: unit_price:"
                        + " optional decimal(38,2)>>",
                "  6: note: optional string",
                "}"));
    }

    @Test
    void shouldAcceptSixteenLevelsAndRejectSeventeenWhenSchemaNestsObjects() {
        // when
        SchemaAnalysis sixteen = SchemaAnalyzer.analyze(TestResources.schema("nested-16-levels.json"), "event_time");
        SchemaAnalysis seventeen = SchemaAnalyzer.analyze(TestResources.schema("nested-17-levels.json"), "event_time");

        // then
        assertThat(sixteen.isUsable()).isTrue();
        assertThat(seventeen.isUsable()).isFalse();
        assertThat(seventeen.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.code()).isEqualTo(ConformanceCode.NESTING_TOO_DEEP);
            assertThat(problem.pointer()).isEqualTo("/properties/n".repeat(16));
            assertThat(problem.message()).contains("level 17");
            assertThat(problem.remediation()).contains("16 levels");
        });
    }

    @Test
    void shouldMarkPartitionColumnRequiredWhenNotListedInRequired() {
        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(TestResources.schema("partition-not-required.json"), "event_time");

        // then
        assertThat(analysis.fields()).extracting(IcebergField::name, IcebergField::required).containsExactly(
                org.assertj.core.groups.Tuple.tuple("device", true),
                org.assertj.core.groups.Tuple.tuple("event_time", true),
                org.assertj.core.groups.Tuple.tuple("reading", false));
    }

    @Test
    void shouldMapIntegerWidthFromBoundsInBothDrafts() {
        // given
        String draft04 = "{\"$schema\": \"http://json-schema.org/draft-04/schema#\", \"type\": \"object\", \"properties\": {"
                + "\"ts\": {\"type\": \"string\", \"format\": \"date-time\"},"
                + "\"a\": {\"type\": \"integer\", \"minimum\": -2147483648, \"maximum\": 2147483647},"
                + "\"b\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 2147483648, \"exclusiveMaximum\": true},"
                + "\"c\": {\"type\": \"integer\", \"minimum\": -2147483649, \"maximum\": 0},"
                + "\"d\": {\"type\": \"integer\", \"maximum\": 10}}}";
        String draft07 = "{\"$schema\": \"http://json-schema.org/draft-07/schema#\", \"type\": \"object\", \"properties\": {"
                + "\"ts\": {\"type\": \"string\", \"format\": \"date-time\"},"
                + "\"a\": {\"type\": \"integer\", \"exclusiveMinimum\": -2147483649, \"exclusiveMaximum\": 2147483648},"
                + "\"b\": {\"type\": \"integer\", \"minimum\": 0, \"exclusiveMaximum\": 2147483649},"
                + "\"c\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 1e12},"
                + "\"d\": {\"type\": \"integer\", \"minimum\": 0, \"maximum\": 10}}}";

        // when
        SchemaAnalysis four = SchemaAnalyzer.analyze(draft04, "ts");
        SchemaAnalysis seven = SchemaAnalyzer.analyze(draft07, "ts");

        // then
        assertThat(types(four)).containsExactly("timestamptz", "int", "int", "long", "long");
        assertThat(four.problemsWithCode(ConformanceCode.INTEGER_WIDTH_ASSUMED)).extracting(SchemaProblem::pointer)
                .containsExactly("/properties/d");
        assertThat(types(seven)).containsExactly("timestamptz", "int", "long", "long", "int");
        assertThat(seven.hasProblem(ConformanceCode.INTEGER_WIDTH_ASSUMED)).isFalse();
    }

    @Test
    void shouldMapDecimalScaleFromMultipleOf() {
        // given
        String schema = "{\"type\": \"object\", \"properties\": {\"ts\": {\"type\": \"string\", \"format\": \"date-time\"},"
                + "\"a\": {\"type\": \"number\", \"multipleOf\": 0.001}, \"b\": {\"type\": \"number\", \"multipleOf\": 0.5},"
                + "\"c\": {\"type\": \"number\", \"multipleOf\": 10}, \"d\": {\"type\": \"number\", \"multipleOf\": 0.0100}}}";

        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(schema, "ts");

        // then
        assertThat(types(analysis)).containsExactly("timestamptz", "decimal(38,3)", "decimal(38,1)", "decimal(38,0)",
                "decimal(38,2)");
    }

    @Test
    void shouldMapNullableAlternativesToOptionalColumnsWhenUnionIsTypeOrNull() {
        // given
        String schema = "{\"type\": \"object\", \"required\": [\"a\"], \"properties\": {"
                + "\"ts\": {\"type\": \"string\", \"format\": \"date-time\"},"
                + "\"a\": {\"oneOf\": [{\"type\": \"null\"}, {\"type\": \"string\", \"format\": \"uuid\"}]},"
                + "\"b\": {\"anyOf\": [{\"$ref\": \"#/definitions/money\"}, {\"type\": \"null\"}]},"
                + "\"c\": {\"allOf\": [{\"type\": \"boolean\"}]}},"
                + "\"definitions\": {\"money\": {\"type\": \"number\", \"multipleOf\": 0.01}}}";

        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(schema, "ts");

        // then
        assertThat(analysis.isUsable()).isTrue();
        assertThat(types(analysis)).containsExactly("timestamptz", "uuid", "decimal(38,2)", "boolean");
        assertThat(analysis.problemsWithCode(ConformanceCode.NULLABLE_REQUIRED_FIELD)).extracting(SchemaProblem::pointer)
                .containsExactly("/properties/a");
    }

    @Test
    void shouldWriteIcebergSchemaJsonWhenPreviewHasListsMapsAndStructs() throws Exception {
        // given
        String schema = "{\"type\": \"object\", \"required\": [\"ts\"], \"properties\": {"
                + "\"ts\": {\"type\": \"string\", \"format\": \"date-time\", \"description\": \"event time\"},"
                + "\"lines\": {\"type\": \"array\", \"items\": {\"type\": \"object\", \"properties\": {"
                + "\"price\": {\"type\": \"number\", \"multipleOf\": 0.01}}}},"
                + "\"labels\": {\"type\": \"object\", \"additionalProperties\": {\"type\": [\"string\", \"null\"]}}}}";

        // when
        String json = SchemaAnalyzer.analyze(schema, "ts").icebergSchemaJson();

        // then
        assertThat(TestResources.MAPPER.readTree(json)).isEqualTo(TestResources.MAPPER.readTree("""
            {"type": "struct", "schema-id": 0, "fields": [
              {"id": 1, "name": "ts", "required": true, "type": "timestamptz", "doc": "event time"},
              {"id": 2, "name": "lines", "required": false, "type": {"type": "list", "element-id": 4,
                "element": {"type": "struct", "fields": [
                  {"id": 5, "name": "price", "required": false, "type": "decimal(38,2)"}]},
                "element-required": true}},
              {"id": 3, "name": "labels", "required": false, "type": {"type": "map", "key-id": 6, "key": "string",
                "value-id": 7, "value": "string", "value-required": false}}]}
            """));
    }

    @Test
    void shouldStayDeterministicWhenTheSameSchemaIsAnalysedTwice() {
        // when
        SchemaAnalysis first = SchemaAnalyzer.analyze(TestResources.schema("orders-draft04.json"), "placed_at");
        SchemaAnalysis second = SchemaAnalyzer.analyze(TestResources.schema("orders-draft04.json"), "placed_at");

        // then
        assertThat(second).isEqualTo(first);
    }

    private static List<String> types(SchemaAnalysis analysis) {
        return analysis.fields().stream().map(f -> f.type().render()).toList();
    }
}
