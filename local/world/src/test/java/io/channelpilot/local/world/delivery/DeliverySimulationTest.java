package io.channelpilot.local.world.delivery;

import static io.channelpilot.local.world.delivery.DeliveryFixture.CLUSTER;
import static io.channelpilot.local.world.delivery.DeliveryFixture.SCHEMA;
import static io.channelpilot.local.world.delivery.DeliveryFixture.START;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.iceberg.TableId;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** 1 000 mixed records through a channel: Iceberg rows, DLQ objects and metrics must all agree. */
class DeliverySimulationTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MARKER = "PAYLOAD-MARKER-7f3a";

    private static DeliveryFixture world;

    @BeforeAll
    static void start() {
        world = new DeliveryFixture();
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @Test
    void shouldDeliverGoodRowsAndDeadLetterBadOnesWhenMixedRecordsAreProduced() throws Exception {
        // given a channel on a 3-partition topic, CREATING while 5 records are produced
        world.kafka.createTopic(CLUSTER, "orders", 3, Map.of());
        world.channels.add(DeliveryFixture.channel("orders-channel", "orders", "CREATING",
                new DeliveryChannel.SchemaSource.Plain(SCHEMA), DeliveryChannel.Compression.ZSTD));
        DeliverySimulation sim = world.simulation(DeliveryOptions.defaults());
        for (int i = 0; i < 5; i++) {
            world.produce("orders", good(900_000 + i, 0, ""));
        }
        sim.tick();
        // when it becomes ACTIVE and 1 000 mixed records follow
        world.setStatus("orders-channel", "ACTIVE");
        sim.tick();
        Map<String, String> expectedBad = new TreeMap<>();
        Set<Long> goodIds = new HashSet<>();
        Map<Integer, Long> goodPerHour = new HashMap<>();
        List<byte[]> values = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String value = switch (i % 10) {
                case 6 -> "{\"event_time\":\"" + time(i % 3) + "\",\"amount\":1.5,\"note\":\"" + MARKER + "\"}";
                case 7 -> "{\"id\":\"" + MARKER + "\",\"event_time\":\"" + time(i % 3) + "\"}";
                case 8 -> "{\"id\":" + i + ",\"event_time\":\"" + MARKER;
                case 9 -> "{\"id\":" + i + ",\"event_time\":\"" + time(i % 3) + "\",\"deep\":" + nested(16) + "}";
                case 5 -> good(i, i % 3, ",\"extra\":{\"x\":[1,2]},\"unknown\":\"" + MARKER + "\"");
                default -> good(i, i % 3, "");
            };
            values.add(value.getBytes(StandardCharsets.UTF_8));
        }
        List<RecordMetadata> landed = world.kafka.produceAll(CLUSTER, "orders", values);
        for (int i = 0; i < 1000; i++) {
            int kind = i % 10;
            RecordMetadata m = landed.get(i);
            if (kind <= 5) {
                goodIds.add((long) i);
                goodPerHour.merge(hour(i % 3), 1L, Long::sum);
            } else {
                expectedBad.put(m.partition() + ":" + m.offset(), switch (kind) {
                    case 6 -> "MISSING_REQUIRED_FIELD";
                    case 7 -> "TYPE_MISMATCH";
                    case 8 -> "MALFORMED_JSON";
                    default -> "NESTING_TOO_DEEP";
                });
            }
        }
        sim.tick();
        TableId table = new TableId("tables", "sales", "orders_channel");
        assertThat(world.warehouse.exists(table)).as("nothing commits before the freshness window").isFalse();
        world.clock.advance(Duration.ofSeconds(299));
        sim.tick();
        assertThat(world.warehouse.exists(table)).isFalse();
        world.clock.advance(Duration.ofSeconds(1));
        sim.tick();

        // then Iceberg holds exactly the good rows, none of the pre-ACTIVE ones
        assertThat(world.warehouse.rowCount(table)).isEqualTo(600);
        List<Record> rows = world.warehouse.readRows(table);
        Set<Long> ids = rows.stream().map(r -> ((Number) r.getField("id")).longValue()).collect(Collectors.toSet());
        assertThat(ids).isEqualTo(goodIds);
        assertThat(rows).allSatisfy(r -> assertThat(r.getField("event_time")).isInstanceOf(OffsetDateTime.class));
        Table t = world.warehouse.table(table).orElseThrow();
        assertThat(t.spec().fields()).singleElement().satisfies(f -> {
            assertThat(f.transform().toString()).isEqualTo("hour");
            assertThat(t.schema().findColumnName(f.sourceId())).isEqualTo("event_time");
        });
        assertThat(((org.apache.iceberg.HasTableOperations) t).operations().current().formatVersion()).isEqualTo(2);
        Map<Integer, Long> perHour = new HashMap<>();
        try (CloseableIterable<FileScanTask> tasks = t.newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                perHour.merge(task.file().partition().get(0, Integer.class), task.file().recordCount(), Long::sum);
                assertThat(codecOf(task.file().location())).isEqualTo(CompressionCodecName.ZSTD);
            }
        }
        assertThat(perHour).isEqualTo(goodPerHour);

        // and the DLQ holds exactly the bad offsets with their codes, without payloads
        List<String> lines = world.dlqLines("errors/orders-channel/");
        Map<String, String> dlq = new TreeMap<>();
        for (String line : lines) {
            JsonNode n = JSON.readTree(line);
            dlq.put(n.get("partition").asInt() + ":" + n.get("offset").asLong(), n.get("errorCode").asText());
            assertThat(n.get("topic").asText()).isEqualTo("orders");
            assertThat(n.has("payloadBase64")).isFalse();
        }
        assertThat(dlq).isEqualTo(expectedBad);
        assertThat(String.join("\n", lines)).doesNotContain(MARKER);
        assertThat(world.s3.listObjects("dlq-bucket", "errors/")).singleElement()
                .satisfies(o -> assertThat(o.key()).matches("errors/orders-channel/2026/05/01/10/[0-9a-f-]{36}\\.jsonl\\.gz"));
        JsonNode missing = lines.stream().map(DeliverySimulationTest::parse)
                .filter(n -> n.get("errorCode").asText().equals("MISSING_REQUIRED_FIELD")).findFirst().orElseThrow();
        assertThat(missing.get("fieldPointer").asText()).isEqualTo("/id");

        // and the metrics of the commit agree
        assertThat(world.metric("TotalRowCount", "orders-channel")).isEqualTo(1000);
        assertThat(world.metric("SuccessfulRowCount", "orders-channel")).isEqualTo(600);
        assertThat(world.metric("FailedRowCount", "orders-channel")).isEqualTo(400);
        assertThat(world.metric("DLQDeliverySuccess", "orders-channel")).isEqualTo(400);
        assertThat(world.metric("CommitSuccess", "orders-channel")).isEqualTo(1);
        assertThat(world.metric("DataFreshness", "orders-channel")).isEqualTo(300);
        assertThat(world.metric("BytesIn", "orders-channel")).isPositive();
        assertThat(world.metric("BytesOut", "orders-channel")).isPositive();
        assertThat(world.metrics).allSatisfy(d -> {
            assertThat(d.namespace()).isEqualTo("AWS/Kafka");
            assertThat(d.dimensions()).containsEntry("ClusterName", CLUSTER).containsEntry("Topic", "orders");
            assertThat(d.timestamp()).isEqualTo(START.plusSeconds(300));
        });
        assertThat(world.events("orders-channel")).containsExactly("firstDelivery orders-channel tables/sales.orders_channel "
                + START.plusSeconds(300));
        assertThat(sim.stats().channels()).singleElement().satisfies(st -> {
            assertThat(st.rowsDelivered()).isEqualTo(600);
            assertThat(st.recordsDeadLettered()).isEqualTo(400);
            assertThat(st.commits()).isEqualTo(1);
            assertThat(st.dlqObjects()).singleElement().satisfies(o -> assertThat(o).startsWith("dlq-bucket/errors/"));
        });
        sim.close();
    }

    private static String good(long id, int hourOffset, String extra) {
        return "{\"id\":" + id + ",\"event_time\":\"" + time(hourOffset) + "\",\"amount\":12.5,"
                + "\"customer\":{\"name\":\"c" + id + "\"}" + extra + "}";
    }

    static String time(int hourOffset) {
        return OffsetDateTime.ofInstant(START.plus(hourOffset, ChronoUnit.HOURS).plusSeconds(17), ZoneOffset.UTC)
                .toString();
    }

    private static int hour(int hourOffset) {
        return (int) (START.plus(hourOffset, ChronoUnit.HOURS).getEpochSecond() / 3600);
    }

    /** {@code levels} nested objects; inside a record's root object this makes {@code levels + 1} levels. */
    private static String nested(int levels) {
        return "{\"a\":".repeat(levels) + "1" + "}".repeat(levels);
    }

    static CompressionCodecName codecOf(String location) throws Exception {
        String path = location.startsWith("file:") ? java.net.URI.create(location).getPath() : location;
        try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(Path.of(path)))) {
            return reader.getFooter().getBlocks().get(0).getColumns().get(0).getCodec();
        }
    }

    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static Instant at(long seconds) {
        return START.plusSeconds(seconds);
    }
}
