package io.channelpilot.local.world.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.file.WorldFiles;
import io.channelpilot.local.world.iceberg.TableId;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Seeded DLQ layouts: deterministic, covering every choice, written as declared and counted by the world itself. */
class DlqLayoutTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DeliveryChannel CHANNEL = new DeliveryChannel("c1", "orders", "orders-channel",
            "arn:aws:kafka:us-east-1:123456789012:channel/c1/u-1/orders-channel/x", "ACTIVE", Instant.EPOCH,
            new DeliveryChannel.SchemaSource.Plain("{}"), new TableId("tb", "ns", "t"), "event_time",
            DeliveryChannel.Compression.ZSTD, 300, "dlq", "errors/");

    @Test
    void shouldPickTheSameLayoutForASeedAndEveryChoiceAcrossSeeds() {
        List<DlqLayout> layouts = IntStream.range(0, 64).mapToObj(DlqLayout::fromSeed).toList();

        assertThat(IntStream.range(0, 64).mapToObj(DlqLayout::fromSeed).toList()).isEqualTo(layouts);
        assertThat(layouts.stream().map(DlqLayout::container).distinct()).hasSize(DlqLayout.Container.values().length);
        assertThat(layouts.stream().map(DlqLayout::names).distinct()).hasSize(DlqLayout.FieldNames.values().length);
        assertThat(layouts.stream().map(DlqLayout::gzip).distinct()).hasSize(2);
        assertThat(layouts.stream().map(DlqLayout::extraFields).distinct()).hasSize(2);
        assertThat(new HashSet<>(layouts)).hasSizeGreaterThan(8);
    }

    @Test
    void shouldHandTheFunctionsSettingsOnlyForNamesNoDefaultKnows() {
        for (DlqLayout.FieldNames names : EnumSet.complementOf(EnumSet.of(DlqLayout.FieldNames.OPERATOR))) {
            assertThat(new DlqLayout(DlqLayout.Container.JSON_LINES, true, names, true).operatorEnvironment()).isEmpty();
        }
        DlqLayout operator = new DlqLayout(DlqLayout.Container.JSON_ARRAY, false, DlqLayout.FieldNames.OPERATOR, false);

        assertThat(operator.operatorEnvironment()).containsEntry("DLQ_FIELD_OFFSET", "/source/position")
                .containsEntry("DLQ_FIELD_PARTITION", "/source/shard").containsEntry("DLQ_FIELD_TOPIC", "/source/stream")
                .containsEntry("DLQ_FIELD_ERROR_CODE", "/failure/kind").hasSize(8);
        DlqLayouts mixed = DlqLayouts.of(DlqLayout.defaults()).withTopic("a", operator);
        assertThat(mixed.forTopic("a")).isEqualTo(operator);
        assertThat(mixed.forTopic("b")).isEqualTo(DlqLayout.defaults());
        assertThat(mixed.operatorEnvironment()).isEqualTo(operator.operatorEnvironment());
        assertThat(DlqLayouts.of(DlqLayout.defaults()).operatorEnvironment()).isEmpty();
    }

    static Stream<DlqLayout> everyLayout() {
        List<DlqLayout> all = new ArrayList<>();
        for (DlqLayout.Container c : DlqLayout.Container.values()) {
            for (DlqLayout.FieldNames n : DlqLayout.FieldNames.values()) {
                for (boolean gzip : new boolean[]{true, false}) {
                    for (boolean extra : new boolean[]{true, false}) {
                        all.add(new DlqLayout(c, gzip, n, extra));
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest
    @MethodSource("everyLayout")
    void shouldWriteTheDeclaredLayoutAndCountItsRecords(DlqLayout layout) throws Exception {
        List<DlqRecord> records = List.of(
                new DlqRecord("orders", 1, 41, Instant.parse("2026-05-01T10:00:00Z"), "TYPE_MISMATCH", "m", "/id",
                        "integer", "string", Optional.empty()),
                new DlqRecord("orders", 0, 7, Instant.parse("2026-05-01T10:00:01Z"), "MALFORMED_JSON", "m", "", "", "",
                        Optional.of("{".getBytes(StandardCharsets.UTF_8))));

        byte[] body = DlqObjectWriter.body(CHANNEL, records, layout);

        String key = DlqObjectWriter.key(CHANNEL, Instant.parse("2026-05-01T10:05:00Z"), 3, layout);
        assertThat(key).startsWith("errors/orders-channel/2026/05/01/10/").endsWith(layout.suffix());
        boolean gzip = (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b;
        assertThat(gzip).isEqualTo(layout.gzip());
        String text = new String(gzip ? new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes() : body,
                StandardCharsets.UTF_8);
        List<JsonNode> parsed = new ArrayList<>();
        if (layout.container() == DlqLayout.Container.JSON_ARRAY) {
            JSON.readTree(text).forEach(parsed::add);
        } else {
            for (String line : text.strip().split("\n")) {
                parsed.add(JSON.readTree(line));
            }
        }
        assertThat(parsed).hasSize(2);
        JsonNode first = parsed.get(0);
        assertThat(first.at(pointer(layout.names().of("offset"))).asLong()).isEqualTo(41);
        assertThat(first.at(pointer(layout.names().of("partition"))).asInt()).isEqualTo(1);
        assertThat(first.at(pointer(layout.names().of("fieldPointer"))).asText()).isEqualTo("/id");
        assertThat(first.at(pointer(layout.names().of("payload"))).isMissingNode()).isTrue();
        assertThat(parsed.get(1).at(pointer(layout.names().of("payload"))).asText()).isEqualTo("ew==");
        assertThat(first.has("context")).isEqualTo(layout.extraFields());
        assertThat(DlqLayout.recordsIn(body)).isEqualTo(2);
    }

    @Test
    void shouldReadTheSeedFromTheWorldFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("w.json");
        Files.writeString(file, "{\"account\":\"123456789012\",\"region\":\"us-east-1\",\"delivery\":{\"dlqLayoutSeed\":7}}");

        WorldFile w = WorldFiles.load(file);

        assertThat(w.delivery().dlqLayoutSeed()).isEqualTo(7L);
    }

    private static String pointer(String name) {
        return name.startsWith("/") ? name : "/" + name;
    }
}
