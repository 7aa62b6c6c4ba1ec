package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Record/schema pairs from {@code conformance/record-cases.json}: each case names a schema, a partition column, a
 * record (a JSON value, a base record with {@code set}/{@code remove} edits, or {@code raw} text) and the expected
 * outcome. Every case runs through both entry points (bytes and tree) except raw text the tree cannot hold.
 */
class RecordConformanceCasesTest {

    private static final JsonNode CASES = TestResources.json("record-cases.json").get("cases");

    static Stream<Arguments> cases() {
        List<Arguments> arguments = new ArrayList<>();
        for (JsonNode c : CASES) {
            arguments.add(Arguments.of(c.get("name").asText(), c));
        }
        return arguments.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldConformOrRejectWithExactCodeWhenRecordMeetsSchema(String name, JsonNode c) throws Exception {
        // given
        RecordConformer conformer = TestResources.conformer(c.get("schema").asText(), c.get("partition").asText());
        byte[] value = recordBytes(c);
        JsonNode expect = c.get("expect");

        // when
        ConformanceResult result = conformer.conform(value);

        // then
        if ("CONFORMED".equals(expect.get("code").asText())) {
            assertThat(result).as(name).isInstanceOf(ConformanceResult.Conformed.class);
        } else {
            assertThat(result).as(name).isInstanceOf(ConformanceResult.Rejected.class);
            ConformanceResult.Rejected rejected = (ConformanceResult.Rejected) result;
            assertThat(rejected.code().code()).as(name).isEqualTo(expect.get("code").asText());
            assertThat(rejected.pointer()).as(name).isEqualTo(expect.get("pointer").asText());
            assertThat(rejected.actual()).as(name).isEqualTo(expect.get("actual").asText());
            assertThat(rejected.code().appliesToRecords()).isTrue();
            assertThat(rejected.remediation()).isNotBlank();
            assertThat(rejected.message()).contains(rejected.pointer());
        }
        if (!c.has("raw")) {
            ConformanceResult fromTree = conformer.conform(TestResources.MAPPER.readTree(value));
            assertThat(fromTree).as(name + " (tree entry point)").isEqualTo(result);
        }
    }

    @Test
    void shouldCoverEveryRecordLevelCodeAndAtLeastThirtyPairs() {
        Set<ConformanceCode> covered = EnumSet.noneOf(ConformanceCode.class);
        for (JsonNode c : CASES) {
            String code = c.get("expect").get("code").asText();
            if (!"CONFORMED".equals(code)) {
                covered.add(ConformanceCode.valueOf(code));
            }
        }
        Set<ConformanceCode> recordCodes = EnumSet.noneOf(ConformanceCode.class);
        for (ConformanceCode code : ConformanceCode.values()) {
            if (code.appliesToRecords()) {
                recordCodes.add(code);
            }
        }
        assertThat(CASES.size()).isGreaterThanOrEqualTo(30);
        assertThat(covered).containsExactlyInAnyOrderElementsOf(recordCodes);
    }

    private static byte[] recordBytes(JsonNode c) {
        if (c.has("raw")) {
            return c.get("raw").asText().getBytes(StandardCharsets.UTF_8);
        }
        JsonNode record = c.get("record").deepCopy();
        if (c.has("remove")) {
            for (JsonNode pointer : c.get("remove")) {
                JsonPointer p = JsonPointer.compile(pointer.asText());
                ((ObjectNode) record.at(p.head())).remove(p.last().getMatchingProperty());
            }
        }
        if (c.has("set")) {
            for (Map.Entry<String, JsonNode> edit : c.get("set").properties()) {
                JsonPointer p = JsonPointer.compile(edit.getKey());
                JsonNode parent = record.at(p.head());
                if (parent instanceof ArrayNode array) {
                    array.set(p.last().getMatchingIndex(), edit.getValue());
                } else {
                    ((ObjectNode) parent).set(p.last().getMatchingProperty(), edit.getValue());
                }
            }
        }
        try {
            return TestResources.MAPPER.writeValueAsBytes(record);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
