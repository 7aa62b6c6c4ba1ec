package io.channelpilot.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutation tests: whatever bytes a producer writes and whatever text a schema registry holds, the analyzer
 * and the conformer return a result (never throw), and a rejection never carries the record's content.
 */
class ConformanceRobustnessTest {

    private static final long SEED = 20_240_501L;
    private static final String MARKER = "ZQXMARKERZQX";
    private static final String VALID = "{\"id\": 7, \"event_time\": \"2024-05-01T12:15:30.1+02:00\", \"name\": \"" + MARKER
            + "\", \"birthday\": \"1990-02-03\", \"alarm\": \"07:30:00\", \"trace_id\": \"123e4567-e89b-12d3-a456-426614174000\","
            + " \"blob\": \"AQID\", \"price\": 12.3, \"ratio\": 0.5, \"active\": true, \"address\": {\"city\": \"" + MARKER
            + "\"}, \"attributes\": {\"" + MARKER + "\": 1}, \"tags\": [\"" + MARKER + "\"], \"status\": \"PAID\"}";
    private static final String ALPHABET = "{}[]\":,0123456789.eE+-truefalsnl \\/" + MARKER;

    @Test
    void shouldReturnResultAndNeverLeakContentWhenRecordBytesAreMutated() {
        // given
        RecordConformer conformer = TestResources.conformer("all-types.json", "event_time");
        Random random = new Random(SEED);
        int conformed = 0;
        int rejected = 0;

        for (int i = 0; i < 5_000; i++) {
            byte[] mutated = mutate(VALID.getBytes(StandardCharsets.UTF_8), random);

            // when
            ConformanceResult result = conformer.conform(mutated);

            // then
            if (result instanceof ConformanceResult.Rejected r) {
                rejected++;
                // the marker may appear only as a map key inside a pointer (a location), never as a value
                String reported = String.join("|", r.pointer(), r.expected(), r.actual(), r.message());
                assertThat(reported.replace("/attributes/" + MARKER, "/attributes/k")).doesNotContain(MARKER);
            } else {
                conformed++;
            }
        }
        assertThat(conformed).isPositive();
        assertThat(rejected).isPositive();
    }

    @Test
    void shouldReportProblemsWithoutThrowingWhenSchemaTextIsMutated() {
        // given
        String schema = TestResources.schema("orders-draft04.json");
        Random random = new Random(SEED);

        for (int i = 0; i < 1_000; i++) {
            String mutated = new String(mutate(schema.getBytes(StandardCharsets.UTF_8), random), StandardCharsets.UTF_8);

            // when / then
            assertThatCode(() -> {
                SchemaAnalysis analysis = SchemaAnalyzer.analyze(mutated, "placed_at");
                assertThat(analysis.isUsable() || !analysis.errors().isEmpty()).isTrue();
                if (analysis.isUsable()) {
                    RecordConformer.of(analysis).conform("{}".getBytes(StandardCharsets.UTF_8));
                }
            }).as("mutation %d", i).doesNotThrowAnyException();
        }
    }

    /** One to three edits: replace, insert or delete a byte, or truncate. */
    private static byte[] mutate(byte[] original, Random random) {
        StringBuilder text = new StringBuilder(new String(original, StandardCharsets.UTF_8));
        int edits = 1 + random.nextInt(3);
        for (int e = 0; e < edits && text.length() > 0; e++) {
            int at = random.nextInt(text.length());
            char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
            switch (random.nextInt(4)) {
                case 0 -> text.setCharAt(at, c);
                case 1 -> text.insert(at, c);
                case 2 -> text.deleteCharAt(at);
                default -> text.setLength(at);
            }
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
