package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schema-level cases from {@code conformance/schema-cases.json}: each names a schema (inline or raw text), the
 * partition column, whether the schema is usable, and the problems (code + pointer) it must report — exactly those
 * when {@code only} is set.
 */
class SchemaAnalysisCasesTest {

    private static final JsonNode CASES = TestResources.json("schema-cases.json").get("cases");

    record Expected(String code, String pointer) {
    }

    static Stream<Arguments> cases() {
        List<Arguments> arguments = new ArrayList<>();
        for (JsonNode c : CASES) {
            arguments.add(Arguments.of(c.get("name").asText(), c));
        }
        return arguments.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldReportExactProblemsWhenSchemaIsAnalysed(String name, JsonNode c) {
        // given
        String schema = c.has("raw") ? c.get("raw").asText() : c.get("schema").toString();
        List<Expected> expected = new ArrayList<>();
        c.get("problems").forEach(p -> expected.add(new Expected(p.get("code").asText(), p.get("pointer").asText())));

        // when
        SchemaAnalysis analysis = SchemaAnalyzer.analyze(schema, c.get("partition").asText());

        // then
        List<Expected> actual = analysis.problems().stream()
                .map(p -> new Expected(p.code().code(), p.pointer())).toList();
        if (c.get("only").asBoolean()) {
            assertThat(actual).as(name + ": " + analysis.problems()).containsExactlyInAnyOrderElementsOf(expected);
        } else {
            assertThat(actual).as(name + ": " + analysis.problems()).containsAll(expected);
        }
        assertThat(analysis.isUsable()).as(name + ": " + analysis.problems()).isEqualTo(c.get("usable").asBoolean());
        for (SchemaProblem problem : analysis.problems()) {
            assertThat(problem.code().appliesToSchemas()).as(problem.code().code()).isTrue();
            assertThat(problem.remediation()).isEqualTo(problem.code().remediation()).isNotBlank();
            assertThat(problem.message()).isNotBlank();
            if (problem.code() == ConformanceCode.UNMAPPABLE_TYPE) {
                assertThat(problem.message()).startsWith("Column '");
            }
        }
    }

    @Test
    void shouldCoverEverySchemaLevelCode() {
        Set<ConformanceCode> covered = EnumSet.noneOf(ConformanceCode.class);
        for (JsonNode c : CASES) {
            c.get("problems").forEach(p -> covered.add(ConformanceCode.valueOf(p.get("code").asText())));
        }
        Set<ConformanceCode> schemaCodes = EnumSet.noneOf(ConformanceCode.class);
        for (ConformanceCode code : ConformanceCode.values()) {
            if (code.appliesToSchemas()) {
                schemaCodes.add(code);
            }
        }
        assertThat(covered).containsExactlyInAnyOrderElementsOf(schemaCodes);
    }
}
