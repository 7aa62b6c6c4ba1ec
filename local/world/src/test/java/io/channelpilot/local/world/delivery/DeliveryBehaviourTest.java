package io.channelpilot.local.world.delivery;

import static io.channelpilot.local.world.delivery.DeliveryFixture.CLUSTER;
import static io.channelpilot.local.world.delivery.DeliveryFixture.SCHEMA;
import static io.channelpilot.local.world.delivery.DeliverySimulationTest.time;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.s3.BucketSpec;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/** Channel-level behaviour: converters, flush, codecs, payload option and the blocked states. */
class DeliveryBehaviourTest {

    private static final ObjectMapper JSON = new ObjectMapper();

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
    void shouldWriteSnappyParquetWhenFlushedBeforeFreshnessElapsed() throws Exception {
        // given
        DeliverySimulation sim = activeChannel("snappy-channel", "snappy", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.SNAPPY, DeliveryOptions.defaults());
        world.produce("snappy", "{\"id\":1,\"event_time\":\"" + time(0) + "\"}");
        world.produce("snappy", "{\"id\":2,\"event_time\":\"" + time(0) + "\"}");
        // when
        sim.tick();
        assertThat(sim.channelsWithBufferedRecords()).hasSize(1);
        sim.flush();
        // then
        TableId table = new TableId("tables", "sales", "snappy_channel");
        assertThat(world.warehouse.rowCount(table)).isEqualTo(2);
        try (CloseableIterable<FileScanTask> tasks = world.warehouse.table(table).orElseThrow().newScan().planFiles()) {
            for (FileScanTask task : tasks) {
                assertThat(DeliverySimulationTest.codecOf(task.file().location())).isEqualTo(CompressionCodecName.SNAPPY);
            }
        }
        assertThat(world.metric("DataFreshness", "snappy-channel")).isZero();
        assertThat(sim.channelsWithBufferedRecords()).isEmpty();
        sim.close();
    }

    @Test
    void shouldResolveEmbeddedSchemaVersionWhenConverterIsGsr() throws Exception {
        // given a registry with one version
        UUID known = UUID.fromString("11111111-2222-3333-4444-555555555555");
        UUID other = UUID.fromString("99999999-2222-3333-4444-555555555555");
        DeliveryChannel.SchemaVersionResolver registry = id -> id.equals(known) ? Optional.of(SCHEMA) : Optional.empty();
        DeliverySimulation sim = activeChannel("gsr-channel", "gsr", new DeliveryChannel.SchemaSource.Registry(registry),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        byte[] json = ("{\"id\":7,\"event_time\":\"" + time(1) + "\"}").getBytes(StandardCharsets.UTF_8);
        // when: plain, zlib-compressed, not-GSR and unknown-version records
        long plain = produce("gsr", GsrEnvelope.encode(known, json));
        long zlib = produce("gsr", zlibEnvelope(known, json));
        long raw = produce("gsr", json);
        long unknown = produce("gsr", GsrEnvelope.encode(other, json));
        sim.tick();
        sim.flush();
        // then
        assertThat(world.warehouse.rowCount(new TableId("tables", "sales", "gsr_channel"))).isEqualTo(2);
        Map<Long, String> codes = new java.util.TreeMap<>();
        for (String line : world.dlqLines("errors/gsr-channel/")) {
            JsonNode n = JSON.readTree(line);
            codes.put(n.get("offset").asLong(), n.get("errorCode").asText());
        }
        assertThat(codes).containsExactly(Map.entry(raw, "GSR_ENVELOPE_INVALID"), Map.entry(unknown, "GSR_SCHEMA_NOT_FOUND"));
        assertThat(List.of(plain, zlib)).doesNotContainAnyElementsOf(codes.keySet());
        sim.close();
    }

    @Test
    void shouldIncludeBase64PayloadInDlqWhenPayloadsAreConfigured() throws Exception {
        DeliverySimulation sim = activeChannel("payload-channel", "payloads", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults().withPayloads());
        world.produce("payloads", "{\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        sim.flush();
        JsonNode line = JSON.readTree(world.dlqLines("errors/payload-channel/").get(0));
        assertThat(new String(Base64.getDecoder().decode(line.get("payloadBase64").asText()), StandardCharsets.UTF_8))
                .isEqualTo("{\"event_time\":\"" + time(0) + "\"}");
        assertThat(line.get("errorCode").asText()).isEqualTo("MISSING_REQUIRED_FIELD");
        sim.close();
    }

    @Test
    void shouldNotRecreateTableAndReportTableDeletedWhenTableIsDroppedAfterDelivery() {
        // given a channel that delivered once
        DeliverySimulation sim = activeChannel("dropped-channel", "dropped", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        TableId table = new TableId("tables", "sales", "dropped_channel");
        world.produce("dropped", "{\"id\":1,\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        sim.flush();
        assertThat(world.warehouse.rowCount(table)).isEqualTo(1);
        // when the table is deleted and more records arrive
        world.warehouse.dropTable(table);
        world.produce("dropped", "{\"id\":2,\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        sim.flush();
        // then
        assertThat(world.warehouse.exists(table)).isFalse();
        assertThat(world.events).contains("blocked dropped-channel TABLE_DELETED");
        assertThat(sim.channelsWithBufferedRecords()).hasSize(1);
        sim.close();
    }

    @Test
    void shouldKeepBadRecordsAndCountNoFailureWhenDlqBucketIsMissing() {
        // given a channel whose DLQ bucket does not exist yet
        world.kafka.createTopic(CLUSTER, "nodlq", 1, Map.of());
        DeliveryChannel base = DeliveryFixture.channel("nodlq-channel", "nodlq", "ACTIVE",
                new DeliveryChannel.SchemaSource.Plain(SCHEMA), DeliveryChannel.Compression.ZSTD);
        world.channels.add(new DeliveryChannel(base.clusterName(), base.topic(), base.channelName(), base.channelArn(),
                base.status(), base.createdAt(), base.schema(), base.table(), base.partitionColumn(),
                base.compression(), base.dataFreshnessSeconds(), "late-dlq", ""));
        DeliverySimulation sim = world.simulation(DeliveryOptions.defaults());
        sim.tick();
        world.produce("nodlq", "not json");
        // when
        sim.tick();
        sim.flush();
        // then nothing failed yet; once the bucket exists the record is written and counted
        assertThat(world.events).contains("blocked nodlq-channel DLQ_BUCKET_MISSING");
        assertThat(world.metric("FailedRowCount", "nodlq-channel")).isZero();
        world.s3.createBucket(BucketSpec.created("late-dlq", "us-east-1"));
        sim.flush();
        assertThat(world.s3.listObjects("late-dlq", "nodlq-channel/")).hasSize(1);
        assertThat(world.metric("DLQDeliverySuccess", "nodlq-channel")).isEqualTo(1);
        sim.close();
    }

    @Test
    void shouldNeverDeliverAndReportSchemaUnusableWhenPartitionColumnIsNotDateTime() {
        String schema = SCHEMA.replace("\"format\":\"date-time\"", "\"format\":\"date\"");
        DeliverySimulation sim = activeChannel("baddate-channel", "baddate", new DeliveryChannel.SchemaSource.Plain(schema),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        world.produce("baddate", "{\"id\":1,\"event_time\":\"2026-05-01\"}");
        sim.tick();
        sim.flush();
        assertThat(world.events).contains("blocked baddate-channel SCHEMA_UNUSABLE");
        assertThat(world.warehouse.exists(new TableId("tables", "sales", "baddate_channel"))).isFalse();
        sim.close();
    }

    @Test
    void shouldDropBufferWhenChannelStopsDelivering() {
        DeliverySimulation sim = activeChannel("gone-channel", "gone", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        world.produce("gone", "{\"id\":1,\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        assertThat(sim.channelsWithBufferedRecords()).hasSize(1);
        world.setStatus("gone-channel", "DELETING");
        world.clock.advance(Duration.ofSeconds(600));
        sim.tick();
        assertThat(sim.channelsWithBufferedRecords()).isEmpty();
        assertThat(world.warehouse.exists(new TableId("tables", "sales", "gone_channel"))).isFalse();
        sim.close();
    }

    @Test
    void shouldReadTopicsAndPartitionsCreatedAfterActivationFromTheirBeginning() {
        // given an ACTIVE channel whose topic does not exist yet
        world.channels.add(DeliveryFixture.channel("late-channel", "late", "ACTIVE",
                new DeliveryChannel.SchemaSource.Plain(SCHEMA), DeliveryChannel.Compression.ZSTD));
        DeliverySimulation sim = world.simulation(DeliveryOptions.defaults());
        sim.tick();
        // when the topic appears, gets a record, then a second partition with another record
        world.kafka.createTopic(CLUSTER, "late", 1, Map.of());
        world.produce("late", "{\"id\":1,\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        world.kafka.increasePartitions(CLUSTER, "late", 2);
        world.kafka.produce(CLUSTER, "late", null, ("{\"id\":2,\"event_time\":\"" + time(0) + "\"}")
                .getBytes(StandardCharsets.UTF_8), Map.of(), 1);
        sim.tick();
        sim.flush();
        // then both records were delivered: neither existed when the channel became ACTIVE
        assertThat(world.warehouse.rowCount(new TableId("tables", "sales", "late_channel"))).isEqualTo(2);
        sim.close();
    }

    @Test
    void shouldKeepTickingWhenSourceTopicIsDeleted() {
        DeliverySimulation sim = activeChannel("orphan-channel", "orphaned", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        world.kafka.deleteTopic(CLUSTER, "orphaned");
        sim.tick();
        sim.flush();
        assertThat(sim.channelsWithBufferedRecords()).isEmpty();
        assertThat(world.warehouse.exists(new TableId("tables", "sales", "orphan_channel"))).isFalse();
        sim.close();
    }

    @Test
    void shouldServeDlqObjectsToTheSdkThroughTheSharedEndpoint() throws Exception {
        // given a channel that dead-lettered one record
        DeliverySimulation sim = activeChannel("sdk-channel", "sdkdlq", new DeliveryChannel.SchemaSource.Plain(SCHEMA),
                DeliveryChannel.Compression.ZSTD, DeliveryOptions.defaults());
        long offset = world.produce("sdkdlq", "{\"id\":true,\"event_time\":\"" + time(0) + "\"}");
        sim.tick();
        sim.flush();
        // when Channel Pilot's triage lists and reads the DLQ with the real S3 client
        try (var server = EmulatorServer.start(
                new FaultInjector(1, d -> { }));
             var s3 = S3Client.builder().endpointOverride(server.register(
                             world.s3.emulator()).endpoint())
                     .region(Region.US_EAST_1)
                     .credentialsProvider(StaticCredentialsProvider.create(
                             AwsBasicCredentials.create("test", "test")))
                     .httpClient(UrlConnectionHttpClient.create()).build()) {
            var listed = s3.listObjectsV2(b -> b.bucket("dlq-bucket").prefix("errors/sdk-channel/")).contents();
            var object = s3.getObjectAsBytes(b -> b.bucket("dlq-bucket").key(listed.get(0).key()));
            // then
            assertThat(listed).hasSize(1);
            assertThat(object.response().contentEncoding()).isEqualTo("gzip");
            try (var in = new GZIPInputStream(object.asInputStream())) {
                JsonNode line = JSON.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
                assertThat(line.get("offset").asLong()).isEqualTo(offset);
                assertThat(line.get("errorCode").asText()).isEqualTo("TYPE_MISMATCH");
                assertThat(line.get("fieldPointer").asText()).isEqualTo("/id");
            }
        }
        sim.close();
    }

    /** Creates the topic and an ACTIVE channel, and ticks once so the channel starts at the current end offsets. */
    private static DeliverySimulation activeChannel(String name, String topic, DeliveryChannel.SchemaSource schema,
                                                    DeliveryChannel.Compression codec, DeliveryOptions options) {
        world.kafka.createTopic(CLUSTER, topic, 1, Map.of());
        world.channels.add(DeliveryFixture.channel(name, topic, "ACTIVE", schema, codec));
        DeliverySimulation sim = world.simulation(options);
        sim.tick();
        return sim;
    }

    private static long produce(String topic, byte[] value) {
        return world.kafka.produce(CLUSTER, topic, null, value, Map.of()).offset();
    }

    private static byte[] zlibEnvelope(UUID id, byte[] json) throws Exception {
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        try (DeflaterOutputStream out = new DeflaterOutputStream(z)) {
            out.write(json);
        }
        byte[] body = z.toByteArray();
        return ByteBuffer.allocate(18 + body.length).put((byte) 3).put((byte) 5)
                .putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).put(body).array();
    }
}
