package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.iceberg.IcebergWarehouse;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.local.world.s3.BucketSpec;
import io.channelpilot.local.world.s3.S3Front;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.zip.GZIPInputStream;

/**
 * World pieces for delivery tests. Broker, S3 front and warehouse are started once per test JVM and shared by every
 * delivery test class (each uses its own topics, channels and tables); clock, channel list, metrics and listener
 * events belong to one fixture.
 */
final class DeliveryFixture implements AutoCloseable {

    private static EmbeddedKafka sharedKafka;
    private static S3Front sharedS3;
    private static IcebergWarehouse sharedWarehouse;

    static final String CLUSTER = "orders-cluster";
    static final Instant START = Instant.parse("2026-05-01T10:00:00Z");
    static final String SCHEMA = """
            {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
             "properties":{
               "id":{"type":"integer","minimum":0,"maximum":1000000000},
               "event_time":{"type":"string","format":"date-time"},
               "amount":{"type":"number"},
               "customer":{"type":"object","properties":{"name":{"type":"string"}}}
             },
             "required":["id","event_time"]}""";

    final EmbeddedKafka kafka;
    final S3Front s3;
    final IcebergWarehouse warehouse;
    final VirtualClock clock = VirtualClock.startingAt(START);
    final List<DeliveryChannel> channels = new CopyOnWriteArrayList<>();
    final List<MetricPublisher.Datum> metrics = new CopyOnWriteArrayList<>();
    final List<String> events = new CopyOnWriteArrayList<>();

    DeliveryFixture() {
        synchronized (DeliveryFixture.class) {
            if (sharedKafka == null) {
                // under the module's target/ (surefire runs in the module directory), removed by mvn clean
                Path dir = Path.of("target", "delivery-fixture-" + java.util.UUID.randomUUID()).toAbsolutePath();
                sharedKafka = EmbeddedKafka.start(dir.resolve("kafka"), List.of(CLUSTER));
                sharedS3 = S3Front.startTransient();
                sharedS3.createBucket(BucketSpec.created("dlq-bucket", "us-east-1"));
                sharedWarehouse = IcebergWarehouse.open(dir.resolve("iceberg"));
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    sharedWarehouse.close();
                    sharedS3.close();
                    sharedKafka.close();
                }, "delivery-fixture-shutdown"));
            }
        }
        kafka = sharedKafka;
        s3 = sharedS3;
        warehouse = sharedWarehouse;
    }

    DeliverySimulation simulation(DeliveryOptions options) {
        DeliveryListener listener = new DeliveryListener() {
            @Override
            public void firstDelivery(DeliveryChannel channel, TableId table, Instant at) {
                events.add("firstDelivery " + channel.channelName() + " " + table + " " + at);
            }

            @Override
            public void deliveryBlocked(DeliveryChannel channel, DeliveryCode code, String message) {
                events.add("blocked " + channel.channelName() + " " + code);
            }
        };
        return new DeliverySimulation(() -> List.copyOf(channels), kafka, warehouse, s3, metrics::addAll, listener,
                clock, options);
    }

    static DeliveryChannel channel(String name, String topic, String status, DeliveryChannel.SchemaSource schema,
                                   DeliveryChannel.Compression compression) {
        return new DeliveryChannel(CLUSTER, topic, name, "arn:aws:kafka:us-east-1:123456789012:channel/" + CLUSTER
                + "/uuid-1/" + name + "/c-1", status, START, schema, new TableId("tables", "sales", name.replace('-', '_')),
                "event_time", compression, 300, "dlq-bucket", "errors/");
    }

    void setStatus(String channelName, String status) {
        channels.replaceAll(c -> !c.channelName().equals(channelName) ? c : new DeliveryChannel(c.clusterName(),
                c.topic(), c.channelName(), c.channelArn(), status, c.createdAt(), c.schema(), c.table(),
                c.partitionColumn(), c.compression(), c.dataFreshnessSeconds(), c.dlqBucket(), c.errorOutputPrefix()));
    }

    long produce(String topic, String json) {
        return kafka.produce(CLUSTER, topic, null, json.getBytes(StandardCharsets.UTF_8), Map.of()).offset();
    }

    /** Every DLQ line under the prefix, gunzipped. */
    List<String> dlqLines(String prefix) {
        List<String> lines = new ArrayList<>();
        for (S3Front.ObjectSummary o : s3.listObjects("dlq-bucket", prefix)) {
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(s3.getObject("dlq-bucket", o.key())))) {
                new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().forEach(lines::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return lines;
    }

    double metric(String name, String channelName) {
        return metrics.stream().filter(d -> d.metricName().equals("DeliveryToIceberg." + name)
                        && channelName.equals(d.dimensions().get("ChannelName")))
                .mapToDouble(MetricPublisher.Datum::value).sum();
    }

    /** Listener events of one channel. */
    List<String> events(String channelName) {
        return events.stream().filter(e -> e.split(" ")[1].equals(channelName)).toList();
    }

    /** The shared infrastructure outlives each fixture; it stops with the test JVM. */
    @Override
    public void close() {
        channels.clear();
    }
}
