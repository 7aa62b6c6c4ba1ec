package io.channelpilot.local.world.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.delivery.DeliveryChannel;
import io.channelpilot.local.world.delivery.DeliveryCode;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.msk.FailureCodes;
import io.channelpilot.local.world.msk.InMemoryTopicBackend;
import io.channelpilot.local.world.msk.SdkClients;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;
import software.amazon.awssdk.services.kafka.model.TooManyRequestsException;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.lakeformation.model.EntityNotFoundException;
import software.amazon.awssdk.services.lakeformation.model.Permission;
import software.amazon.awssdk.services.lakeformation.model.TableWildcard;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;

/** The default world file, seeded into wired emulators and driven end to end through the real SDK clients. */
class WorldServicesTest {

    private static final String BUCKET = "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics";
    private static final String ROLE = "arn:aws:iam::123456789012:role/service-role/channel-pilot-delivery";

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final InMemoryTopicBackend topics = new InMemoryTopicBackend();
    private WorldFile file;
    private WorldServices world;
    private EmulatorServer server;
    private KafkaClient kafka;
    private String cluster;

    @BeforeEach
    void start() throws Exception {
        file = WorldFiles.load(WorldFilesTest.WORLDS.resolve("default.json"));
        world = WorldServices.create(file, clock, events::add, new WorldBuckets(file.buckets()), topics);
        server = EmulatorServer.start(new FaultInjector(file.seed(), clock));
        world.registerAll(server);
        WorldSeeder.faultRules(file).forEach(server.faults()::add);
        kafka = SdkClients.client(KafkaClient.builder(), server.endpoint());
        cluster = world.msk().clusterArnOf("orders-express").orElseThrow();
    }

    @AfterEach
    void stop() {
        kafka.close();
        server.close();
    }

    @Test
    void shouldSeedClustersTopicsAndMirrorTopicsToTheBackend() {
        var info = kafka.describeClusterV2(r -> r.clusterArn(cluster)).clusterInfo();

        assertThat(info.provisioned().brokerNodeGroupInfo().instanceType()).isEqualTo("express.m7g.large");
        assertThat(info.tags()).containsKey("channel-pilot/orders");
        assertThat(kafka.listTopics(r -> r.clusterArn(cluster)).topics()).extracting(t -> t.topicName())
                .containsExactly("orders.created", "orders.updated", "payments");
        assertThat(topics.topics().get("orders-express/orders.created").configs())
                .containsEntry("retention.ms", "604800000");
        assertThat(cluster).matches("arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/"
                + "[0-9a-f-]{36}-\\d+");
    }

    @Test
    void shouldBeRepeatableForTheSameSeed() {
        WorldServices again = WorldServices.create(file, clock, e -> { }, new WorldBuckets(file.buckets()),
                new InMemoryTopicBackend());

        assertThat(again.msk().clusterArnOf("orders-express")).contains(cluster);
    }

    @Test
    void shouldTakeAChannelToActiveWithTheSeededCollaborators() {
        String arn = kafka.createChannel(channel("orders-created").build()).channelArn();
        clock.advance(Duration.ofSeconds(60));

        assertThat(status(arn)).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(events).extracting(e -> e.path("detail").path("eventName").asText()).contains("CreateChannel");
    }

    @Test
    void shouldFailChannelWhenTheRoleLosesAPermissionInTheWorld() throws Exception {
        String trimmed = java.nio.file.Files.readString(WorldFilesTest.WORLDS.resolve("default.json"))
                .replace("\"s3tables:PutTableData\", ", "");
        assertThat(trimmed).doesNotContain("s3tables:PutTableData");
        WorldFile w = ((WorldFiles.Valid) WorldFiles.parse(trimmed, WorldFilesTest.WORLDS)).file();
        WorldServices weak = WorldServices.create(w, clock, e -> { }, new WorldBuckets(w.buckets()), topics);
        try (EmulatorServer other = EmulatorServer.start(new FaultInjector(1, clock))) {
            weak.registerAll(other);
            try (KafkaClient k = SdkClients.client(KafkaClient.builder(), other.endpoint())) {
                String arn = k.createChannel(channel("orders-created").build()).channelArn();
                clock.advance(Duration.ofSeconds(60));
                var d = k.describeChannel(r -> r.clusterArn(cluster).channelArn(arn));

                assertThat(d.status()).isEqualTo(ChannelStatus.FAILED);
                assertThat(d.stateInfo().code()).isEqualTo(FailureCodes.INSUFFICIENT_PERMISSIONS);
                assertThat(d.stateInfo().message()).contains("s3tables:PutTableData");
            }
        }
    }

    @Test
    void shouldFailChannelWhenDlqBucketIsNotInTheWorld() {
        String arn = kafka.createChannel(channel("orders-created").icebergDestinationConfiguration(
                channel("x").build().icebergDestinationConfiguration().toBuilder()
                        .deadLetterQueueS3(q -> q.bucketArn("arn:aws:s3:::no-such-bucket")).build()).build())
                .channelArn();
        clock.advance(Duration.ofSeconds(60));

        assertThat(kafka.describeChannel(r -> r.clusterArn(cluster).channelArn(arn)).stateInfo().code())
                .isEqualTo(FailureCodes.DLQ_BUCKET_NOT_FOUND);
    }

    @Test
    void shouldRequireTheLogGroupToExistInTheLogsEmulator() {
        try (CloudWatchLogsClient logs = SdkClients.client(CloudWatchLogsClient.builder(), server.endpoint())) {
            CreateChannelRequest request = channel("orders-created")
                    .loggingInfo(l -> l.cloudWatchLogs(c -> c.enabled(true).logGroup("/aws/msk/channel-pilot")))
                    .build();
            assertThatThrownBy(() -> kafka.createChannel(request)).hasMessageContaining("/aws/msk/channel-pilot");

            logs.createLogGroup(r -> r.logGroupName("/aws/msk/channel-pilot"));

            assertThat(kafka.createChannel(request).channelArn()).isNotBlank();
        }
    }

    @Test
    void shouldSuspendDeliveredChannelWhenItsTableIsDeletedThroughS3Tables() {
        String arn = kafka.createChannel(channel("orders-created").build()).channelArn();
        clock.advance(Duration.ofSeconds(60));
        world.tables().catalog().createTableForChannel(BUCKET, "sales", "orders_created");
        world.msk().markDelivered(arn);

        try (S3TablesClient s3tables = SdkClients.client(S3TablesClient.builder(), server.endpoint())) {
            s3tables.deleteTable(r -> r.tableBucketARN(BUCKET).namespace("sales").name("orders_created"));
        }

        var d = kafka.describeChannel(r -> r.clusterArn(cluster).channelArn(arn));
        assertThat(d.status()).isEqualTo(ChannelStatus.SUSPENDED);
        assertThat(d.stateInfo().code()).isEqualTo(FailureCodes.DESTINATION_TABLE_DELETED);
    }

    @Test
    void shouldGrantLakeFormationOnExistingS3TablesNamespacesOnly() {
        try (LakeFormationClient lf = SdkClients.client(LakeFormationClient.builder(), server.endpoint())) {
            lf.grantPermissions(r -> r.principal(p -> p.dataLakePrincipalIdentifier("arn:aws:iam::123456789012:"
                    + "role/analyst")).resource(x -> x.table(t -> t.catalogId("123456789012:s3tablescatalog/analytics")
                    .databaseName("sales").tableWildcard(TableWildcard.builder().build())))
                    .permissions(Permission.SELECT));

            assertThat(world.lakeFormation().store().grants()).hasSize(1);
            assertThatThrownBy(() -> lf.grantPermissions(r -> r.principal(p -> p.dataLakePrincipalIdentifier("x"))
                    .resource(x -> x.database(d -> d.catalogId("123456789012:s3tablescatalog/analytics")
                            .name("marketing"))).permissions(Permission.DESCRIBE)))
                    .isInstanceOf(EntityNotFoundException.class);
        }
    }

    @Test
    void shouldServeRolesQuotasAndStuckTimingsFromTheFile() {
        try (IamClient iam = SdkClients.client(IamClient.builder(), server.endpoint());
             ServiceQuotasClient quotas = SdkClients.client(ServiceQuotasClient.builder(), server.endpoint())) {
            assertThat(iam.getRole(r -> r.roleName("channel-pilot-delivery")).role().arn()).isEqualTo(ROLE);
            assertThat(quotas.listServiceQuotas(r -> r.serviceCode("kafka")).quotas())
                    .extracting(q -> q.quotaName()).containsExactly("Channels per cluster", "Channels per topic");
        }
        String stuck = kafka.createChannel(channel("stuck-1").build()).channelArn();
        clock.advance(Duration.ofHours(2));

        assertThat(status(stuck)).isEqualTo(ChannelStatus.CREATING);
    }

    @Test
    void shouldApplyWorldFileFaultRules() throws Exception {
        String json = java.nio.file.Files.readString(WorldFilesTest.WORLDS.resolve("default.json"))
                .replace("\"faults\": []", "\"faults\": [{\"match\": \"kafka:CreateChannel\", \"scripted\": "
                        + "[{\"fromCall\": 1, \"times\": 1, \"status\": 429, \"code\": \"TooManyRequestsException\"}]}]");
        WorldFile faulty = ((WorldFiles.Valid) WorldFiles.parse(json, WorldFilesTest.WORLDS)).file();
        WorldSeeder.faultRules(faulty).forEach(server.faults()::add);

        assertThatThrownBy(() -> kafka.createChannel(channel("orders-created").build()))
                .isInstanceOf(TooManyRequestsException.class);
        assertThat(world.msk().channels()).isEmpty();
        assertThat(kafka.createChannel(channel("orders-created").build()).channelArn()).isNotBlank();
    }

    @Test
    void shouldExposeChannelsToTheDeliverySimulationAndCreateTheTableOnFirstDelivery() {
        try (CloudWatchLogsClient logs = SdkClients.client(CloudWatchLogsClient.builder(), server.endpoint())) {
            logs.createLogGroup(r -> r.logGroupName("/aws/msk/channel-pilot"));
        }
        String arn = kafka.createChannel(channel("orders-created").loggingInfo(l -> l.cloudWatchLogs(c -> c
                .enabled(true).logGroup("/aws/msk/channel-pilot"))).build()).channelArn();
        clock.advance(Duration.ofSeconds(60));
        DeliveryWiring wiring = new DeliveryWiring(world);

        DeliveryChannel dc = wiring.channels().get(0);
        wiring.firstDelivery(dc, dc.table(), clock.instant());
        wiring.deliveryBlocked(dc, DeliveryCode.values()[0], "waiting for the DLQ bucket");

        assertThat(dc.channelArn()).isEqualTo(arn);
        assertThat(dc.status()).isEqualTo("ACTIVE");
        assertThat(dc.topic()).isEqualTo("orders.created");
        assertThat(dc.table()).isEqualTo(new TableId("analytics", "sales", "orders_created"));
        assertThat(dc.schema()).isInstanceOfSatisfying(DeliveryChannel.SchemaSource.Plain.class,
                p -> assertThat(p.definition()).contains("date-time"));
        assertThat(dc.compression()).isEqualTo(DeliveryChannel.Compression.ZSTD);
        assertThat(dc.dataFreshnessSeconds()).isEqualTo(600);
        assertThat(dc.dlqBucket()).isEqualTo("channel-pilot-dlq");
        assertThat(dc.errorOutputPrefix()).isEqualTo("dlq/");
        assertThat(world.tables().catalog().table(BUCKET, "sales", "orders_created")).isPresent();
        assertThat(world.msk().channel(arn).orElseThrow().delivered()).isTrue();
        assertThat(world.logs().store().logGroup("/aws/msk/channel-pilot").orElseThrow().events()).isEqualTo(1);
    }

    private ChannelStatus status(String arn) {
        return kafka.describeChannel(r -> r.clusterArn(cluster).channelArn(arn)).status();
    }

    private CreateChannelRequest.Builder channel(String name) {
        String topic = cluster.replace(":cluster/", ":topic/") + "/orders.created";
        return CreateChannelRequest.builder().clusterArn(cluster).channelName(name)
                .topicConfigurationList(t -> t.topicArn(topic).recordConverter(c -> c.valueConverter("JSON"))
                        .recordSchema(s -> s.gsrArn("arn:aws:glue:us-east-1:123456789012:schema/sales/orders")))
                .icebergDestinationConfiguration(d -> d.appendOnly(true).serviceExecutionRoleArn(ROLE)
                        .catalog(c -> c.warehouseLocation(BUCKET))
                        .deadLetterQueueS3(q -> q.bucketArn("arn:aws:s3:::channel-pilot-dlq").errorOutputPrefix("dlq/"))
                        .destinationTableList(t -> t.destinationDatabaseName("sales")
                                .destinationTableName("orders_created")
                                .partitionSpec(p -> p.partitionStrategy("TIME_HOUR")
                                        .sourceList(s -> s.sourceName("event_time"))))
                        .schemaEvolution(s -> s.enableSchemaEvolution(false))
                        .tableCreation(t -> t.enableTableCreation(true)))
                .encryptionConfiguration(e -> e.kmsKeyArn("arn:aws:kms:us-east-1:123456789012:key/"
                        + "11111111-2222-3333-4444-555555555555"));
    }
}
