package io.channelpilot.dlq;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class DlqParserTest {

    private final DlqParser parser = DlqParser.withDefaults();
    private final List<DlqEntry> entries = new ArrayList<>();

    private DlqObjectResult parse(String resource) {
        try (InputStream in = getClass().getResourceAsStream("/dlq/" + resource)) {
            assertThat(in).as(resource).isNotNull();
            return parser.parse(resource, in, null, entries::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void shouldReadTheLocalWorldFormatWithDefaultsWhenPlain() {
        DlqObjectResult result = parse("local-world.jsonl");

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("local-world.jsonl", 3, 0));
        assertThat(entries.get(0)).isEqualTo(new DlqEntry("orders", 2, 417,
                Optional.of(Instant.parse("2026-11-29T16:20:01.123Z")), "MISSING_REQUIRED_FIELD",
                "Required field /id (integer (int)) is missing", "/id", false));
        assertThat(entries).extracting(DlqEntry::cause).containsExactly(DlqCause.MISSING_REQUIRED_FIELD,
                DlqCause.TYPE_MISMATCH, DlqCause.MALFORMED_JSON);
    }

    @ParameterizedTest
    @ValueSource(strings = {"local-world.jsonl.gz", "plain-named-gzip.jsonl.gz"})
    void shouldDetectCompressionByMagicBytesNotByKeyWhenReadingJsonLines(String resource) {
        assertThat(parse(resource)).isInstanceOf(DlqObjectResult.Parsed.class).extracting(DlqObjectResult::records).isEqualTo(3L);
        assertThat(entries).extracting(DlqEntry::location).containsExactly("2:417", "0:12", "1:7");
    }

    @Test
    void shouldReadGzippedArrayWhenTheKeySaysPlainJson() {
        DlqObjectResult result = parse("gzip-named-plain.json");

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("gzip-named-plain.json", 3, 2));
    }

    @Test
    void shouldReadSnakeCaseAndSequenceNumbersAndEpochTimestamps() {
        DlqObjectResult result = parse("snake-case.jsonl");

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("snake-case.jsonl", 2, 0));
        assertThat(entries).extracting(DlqEntry::location).containsExactly("3:1001", "3:1002");
        assertThat(entries.get(0).timestamp()).contains(Instant.ofEpochMilli(1764433201123L));
        assertThat(entries.get(1).timestamp()).contains(Instant.ofEpochSecond(1764433202L));
        assertThat(entries).extracting(DlqEntry::cause).containsExactly(DlqCause.TYPE_MISMATCH, DlqCause.MISSING_REQUIRED_FIELD);
        assertThat(entries).extracting(DlqEntry::fieldPointer).containsExactly("/qty", "/id");
    }

    @Test
    void shouldReadPascalCaseAndNestedErrorObjectsAndCountNonRecordsWhenArray() {
        DlqObjectResult result = parse("pascal-nested.json");

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("pascal-nested.json", 3, 2));
        assertThat(entries).extracting(DlqEntry::cause).containsExactly(DlqCause.SCHEMA_RESOLUTION,
                DlqCause.NESTING_TOO_DEEP, DlqCause.TYPE_MISMATCH);
        assertThat(entries).extracting(DlqEntry::location).containsExactly("0:5", "0:6", "4:9");
        assertThat(entries.get(1).fieldPointer()).isEqualTo("/a/b");
        assertThat(entries.get(0).timestamp()).contains(Instant.parse("2026-11-29T15:20:01Z"));
    }

    @Test
    void shouldNotePayloadsWithoutKeepingThemWhenPresent() {
        DlqObjectResult result = parse("payloads.jsonl");

        assertThat(result.records()).isEqualTo(2);
        assertThat(entries).allMatch(DlqEntry::payloadPresent);
        assertThat(entries.toString()).doesNotContain("SECRET-MARKER").doesNotContain("eyJpZCI6");
    }

    @Test
    void shouldCountBadLinesAndKeepGoodOnesWhenSomeLinesAreBroken() {
        DlqObjectResult result = parse("mixed-bad-lines.jsonl");

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("mixed-bad-lines.jsonl", 2, 3));
        assertThat(entries).extracting(DlqEntry::location).containsExactly("0:1", "0:3");
        assertThat(entries.get(1).cause()).isEqualTo(DlqCause.MISSING_REQUIRED_FIELD);
    }

    @ParameterizedTest
    @ValueSource(strings = {"empty.jsonl", "whitespace-only.jsonl"})
    void shouldReturnNoRecordsWhenObjectIsEmpty(String resource) {
        assertThat(parse(resource)).isEqualTo(new DlqObjectResult.Parsed(resource, 0, 0));
    }

    @Test
    void shouldQuarantineTruncatedGzipAndKeepRecordsReadBeforeTheCut() {
        DlqObjectResult result = parse("truncated.jsonl.gz");

        assertThat(result).isInstanceOf(DlqObjectResult.Quarantined.class);
        DlqObjectResult.Quarantined q = (DlqObjectResult.Quarantined) result;
        assertThat(q.reason()).isEqualTo(QuarantineReason.TRUNCATED);
        assertThat(q.records()).isEqualTo(entries.size());
    }

    @Test
    void shouldQuarantineTruncatedArrayAsTruncated() {
        DlqObjectResult result = parse("truncated-array.json");

        assertThat(result).isInstanceOf(DlqObjectResult.Quarantined.class);
        assertThat(((DlqObjectResult.Quarantined) result).reason()).isEqualTo(QuarantineReason.TRUNCATED);
        assertThat(result.records()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"garbage.bin", "csv.csv"})
    void shouldQuarantineBinaryGarbageAndNonJsonAsNotJson(String resource) {
        DlqObjectResult result = parse(resource);

        assertThat(result).isInstanceOf(DlqObjectResult.Quarantined.class);
        assertThat(((DlqObjectResult.Quarantined) result).reason()).isEqualTo(QuarantineReason.NOT_JSON);
        assertThat(((DlqObjectResult.Quarantined) result).reason().remediation()).contains("quarantine prefix");
        assertThat(entries).isEmpty();
    }

    @Test
    void shouldQuarantineJsonWithUnknownFieldNamesAsNoRecognisedRecords() {
        DlqObjectResult result = parse("unknown-format.jsonl");

        assertThat(result).isInstanceOf(DlqObjectResult.Quarantined.class);
        assertThat(((DlqObjectResult.Quarantined) result).reason()).isEqualTo(QuarantineReason.NO_RECOGNISED_RECORDS);
        assertThat(((DlqObjectResult.Quarantined) result).reason().remediation()).contains("DLQ_FIELD_");
    }

    @Test
    void shouldReadUnknownFieldNamesWhenConfiguredFromEnv() {
        DlqParser configured = new DlqParser(DlqFormat.fromEnv(Map.of("DLQ_FIELD_OFFSET", "recordId", "DLQ_FIELD_PARTITION", "/p")));
        String body = "{\"recordId\":17,\"p\":2,\"failure\":\"x\"}\n";

        DlqObjectResult result = configured.parse("k", stream(body), "orders", entries::add);

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("k", 1, 0));
        assertThat(entries.get(0).topic()).isEqualTo("orders");
        assertThat(entries.get(0).location()).isEqualTo("2:17");
    }

    @Test
    void shouldSkipHugeLinesWithoutBufferingThemAndKeepReading() {
        DlqParser small = new DlqParser(withMaxLine(4096));
        StringBuilder body = new StringBuilder("{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"payload\":\"");
        body.append("A".repeat(200_000)).append("\"}\n{\"topic\":\"t\",\"partition\":0,\"offset\":2}\n");

        DlqObjectResult result = small.parse("huge", stream(body.toString()), null, entries::add);

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("huge", 1, 1));
        assertThat(entries).extracting(DlqEntry::location).containsExactly("0:2");
    }

    @Test
    void shouldSkipHugePayloadInsideArrayElementsWhenStreaming() {
        String body = "[{\"topic\":\"t\",\"partition\":0,\"offset\":1,\"payloadBase64\":\"" + "B".repeat(5_000_000)
                + "\"},{\"topic\":\"t\",\"partition\":0,\"offset\":2}]";

        DlqObjectResult result = new DlqParser(withMaxLine(4096)).parse("big-array", stream(body), null, entries::add);

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("big-array", 2, 0));
        assertThat(entries.get(0).payloadPresent()).isTrue();
    }

    @Test
    void shouldStreamManyRecordsWithoutCollectingThem() {
        long[] count = {0};
        InputStream manyLines = new InputStream() {
            private final byte[] line = "{\"topic\":\"t\",\"partition\":1,\"offset\":5,\"errorCode\":\"TYPE_MISMATCH\"}\n"
                    .getBytes(StandardCharsets.UTF_8);
            private long pos;

            @Override
            public int read() {
                return pos >= line.length * 50_000L ? -1 : line[(int) (pos++ % line.length)];
            }

            @Override
            public int read(byte[] b, int off, int len) {
                int i = 0;
                for (int c; i < len && (c = read()) >= 0; i++) {
                    b[off + i] = (byte) c;
                }
                return i == 0 && len > 0 ? -1 : i;
            }
        };

        DlqObjectResult result = parser.parse("many", manyLines, null, e -> count[0]++);

        assertThat(result).isEqualTo(new DlqObjectResult.Parsed("many", 50_000, 0));
        assertThat(count[0]).isEqualTo(50_000);
    }

    private static DlqFormat withMaxLine(int max) {
        DlqFormat d = DlqFormat.defaults();
        return new DlqFormat(d.topic(), d.partition(), d.offset(), d.sequenceNumber(), d.timestamp(), d.errorCode(),
                d.errorMessage(), d.fieldPointer(), d.payload(), max);
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
