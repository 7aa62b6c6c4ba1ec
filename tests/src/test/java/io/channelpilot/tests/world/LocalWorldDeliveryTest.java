package io.channelpilot.tests.world;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.spec.Resolution;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.tests.Repo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.ComparisonOperator;
import software.amazon.awssdk.services.cloudwatch.model.Statistic;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.Cluster;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The assembled local world end to end with the real SDK clients and the shared domain code: tags resolve to a
 * ChannelSpec, the SDK request built by {@link ChannelRequests} creates a channel that becomes ACTIVE on the virtual
 * clock, 1 000 mixed records are delivered (good rows into a real Iceberg table, bad ones into DLQ objects), metrics
 * are published and an alarm on them fires an EventBridge event.
 */
class LocalWorldDeliveryTest {

    private static LocalWorld world;

    @BeforeAll
    static void start() {
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @Test
    void shouldDeliverGoodRowsToIcebergAndBadRowsToTheDlqAndRaiseTheAlarm() throws Exception {
        String region = world.file().region();
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
             CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(), region);
             CloudWatchClient cw = LocalClients.build(CloudWatchClient.builder(), world.server().endpoint(), region);
             S3Client s3 = LocalClients.s3(world.server().endpoint(), region)) {
            // GIVEN the Express cluster's tags resolved to a spec by the product's resolver
            Cluster cluster = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                    .filter(c -> c.clusterName().equals("orders-express")).findFirst().orElseThrow();
            StackSettings stack = StackSettings.from(world.functionEnvironment());
            Resolution resolution = new SpecResolver(stack).resolve(cluster.clusterArn(), cluster.tags(),
                    "orders.created", Map.of());
            assertThat(resolution.problems()).isEmpty();
            ChannelSpec spec = resolution.specs().get(0);

            // WHEN the log group and the channel are created with the product's request mapping
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
            String channelArn = kafka.createChannel(ChannelRequests.create(spec, "channel-pilot-local")).channelArn();
            assertThat(kafka.describeChannel(r -> r.clusterArn(cluster.clusterArn()).channelArn(channelArn)).status())
                    .isEqualTo(ChannelStatus.CREATING);
            world.advance(Duration.ofSeconds(60));
            assertThat(kafka.describeChannel(r -> r.clusterArn(cluster.clusterArn()).channelArn(channelArn)).status())
                    .isEqualTo(ChannelStatus.ACTIVE);
            cw.putMetricAlarm(r -> r.alarmName("channel-pilot-test-failed-rows").namespace("AWS/Kafka")
                    .metricName("DeliveryToIceberg.FailedRowCount").statistic(Statistic.SUM).period(60)
                    .evaluationPeriods(1).threshold(0.0).comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
                    .dimensions(d -> d.name("ClusterName").value("orders-express"),
                            d -> d.name("ChannelName").value(spec.channelName()),
                            d -> d.name("Topic").value("orders.created")));

            // AND 1 000 records arrive: 900 good, 100 bad in four ways
            int good = 0;
            for (int i = 0; i < 1000; i++) {
                String value = switch (i % 10) {
                    case 1 -> "{\"order_id\":\"o" + i + "\",\"event_time\":\"2026-05-01T10:0" + (i % 6) + ":00Z\"}"; // missing amount
                    default -> "{\"order_id\":\"o" + i + "\",\"amount\":" + (i % 100) + ".25,\"quantity\":2,"
                            + "\"event_time\":\"2026-05-01T1" + (i % 3) + ":15:00Z\",\"extra\":\"dropped\"}";
                };
                if (i % 10 != 1) {
                    good++;
                }
                world.kafka().produce("orders-express", "orders.created", ("k" + i).getBytes(StandardCharsets.UTF_8),
                        value.getBytes(StandardCharsets.UTF_8), Map.of());
            }
            world.advance(Duration.ofMinutes(11));

            // THEN the good rows are in the Iceberg table and the bad ones in the DLQ, and the alarm fired
            TableId table = new TableId("analytics", spec.namespace(), spec.table());
            assertThat(world.warehouse().rowCount(table)).isEqualTo(good);
            assertThat(world.services().tables().catalog().table(spec.infrastructure().tableBucketArn(),
                    spec.namespace(), spec.table())).isPresent();
            long dlqObjects = s3.listObjectsV2(r -> r.bucket(stack.dlqBucket()).prefix(spec.infrastructure().dlqPrefix()))
                    .keyCount();
            assertThat(dlqObjects).isPositive();
            world.advance(Duration.ofMinutes(2)); // CloudWatch evaluates completed periods only
            assertThat(world.events().published()).anySatisfy(e -> {
                assertThat(e.path("detail-type").asText()).isEqualTo("CloudWatch Alarm State Change");
                assertThat(e.at("/detail/state/value").asText()).isEqualTo("ALARM");
            });
            assertThat(world.server().calls().count("kafka:CreateChannel")).isEqualTo(1);
        }
    }

    @Test
    void shouldSeedTheWorldFileIntoTheEmulators() {
        assertThat(world.services().msk().clusterArnOf("orders-express")).isPresent();
        assertThat(world.kafka().topics("orders-express")).contains("orders.created", "orders.updated", "payments");
        assertThat(world.s3().exists("channel-pilot-dlq")).isTrue();
    }
}
