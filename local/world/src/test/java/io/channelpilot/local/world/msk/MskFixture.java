package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.BucketDirectory;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;

/**
 * An MSK emulator on a real loopback endpoint, with the world around it reduced to plain sets the tests edit: which
 * log groups, buckets, table buckets and schemas exist and which actions the role is denied.
 */
final class MskFixture implements AutoCloseable {

    static final String ACCOUNT = "123456789012";
    static final String REGION = "us-east-1";
    static final String ROLE = "arn:aws:iam::123456789012:role/channel-role";
    static final String TABLE_BUCKET = "arn:aws:s3tables:us-east-1:123456789012:bucket/tables";
    static final String SCHEMA = "arn:aws:glue:us-east-1:123456789012:schema/sales/orders";

    final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    final List<JsonNode> events = new CopyOnWriteArrayList<>();
    final Set<String> logGroups = new HashSet<>(Set.of("/aws/msk/channels"));
    final Set<String> buckets = new HashSet<>(Set.of("dlq-bucket"));
    final Set<String> tableBuckets = new HashSet<>(Set.of(TABLE_BUCKET));
    final Set<String> schemas = new HashSet<>(Set.of(SCHEMA));
    final Set<String> roles = new HashSet<>(Set.of(ROLE));
    final Set<String> deniedActions = new HashSet<>();
    final InMemoryTopicBackend backend = new InMemoryTopicBackend();
    final EmulatorServer server;
    final MskEmulator msk;
    final KafkaClient kafka;
    final String express;
    final String standard;
    final String serverless;
    final String ordersTopic;

    MskFixture() throws IOException {
        this(MskSettings.defaults(ACCOUNT, REGION));
    }

    MskFixture(MskSettings settings) throws IOException {
        AtomicLong counter = new AtomicLong();
        server = EmulatorServer.start(new FaultInjector(7, clock));
        msk = new MskEmulator(settings, clock, events::add, collaborators(), backend,
                () -> new UUID(0x5eedL, counter.incrementAndGet()));
        server.register(msk);
        kafka = SdkClients.client(KafkaClient.builder(), server.endpoint());
        express = msk.addCluster(new MskCluster("express-1", "2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3",
                "PROVISIONED", "express.m7g.large", "3.8.x", 3, "ACTIVE", clock.instant()), Map.of("team", "data"));
        standard = msk.addCluster(new MskCluster("standard-1", "7a7a7a7a-8c3e-4b4e-9d0a-1b2c3d4e5f60-1",
                "PROVISIONED", "kafka.m5.large", "3.6.0", 3, "ACTIVE", clock.instant()), Map.of());
        serverless = msk.addCluster(new MskCluster("serverless-1", "9b9b9b9b-8c3e-4b4e-9d0a-1b2c3d4e5f60-2",
                "SERVERLESS", null, null, 0, "ACTIVE", clock.instant()), Map.of());
        ordersTopic = msk.seedTopic(express, "orders", 6, 3, Map.of("retention.ms", "604800000"));
        msk.seedTopic(standard, "orders", 3, 3, Map.of());
    }

    private MskCollaborators collaborators() {
        BucketDirectory bucketDirectory = new BucketDirectory() {
            @Override
            public boolean exists(String bucketName) {
                return buckets.contains(bucketName);
            }

            @Override
            public Optional<String> encryption(String bucketName) {
                return Optional.of("aws:kms");
            }
        };
        return new MskCollaborators(logGroups::contains, bucketDirectory, tableBuckets::contains,
                arn -> schemas.contains(arn) ? Optional.empty() : Optional.of("EntityNotFoundException: no schema"),
                new MskCollaborators.Roles() {
                    @Override
                    public boolean exists(String roleArn) {
                        return roles.contains(roleArn);
                    }

                    @Override
                    public List<MskCollaborators.PermissionCheck> denied(String roleArn,
                                                                        List<MskCollaborators.PermissionCheck> checks) {
                        List<MskCollaborators.PermissionCheck> out = new ArrayList<>();
                        checks.stream().filter(c -> deniedActions.contains(c.action())).forEach(out::add);
                        return out;
                    }
                });
    }

    /** A CreateChannel request that passes every rule, for the orders topic of the Express cluster. */
    CreateChannelRequest.Builder validRequest(String name) {
        return CreateChannelRequest.builder()
                .clusterArn(express)
                .channelName(name)
                .topicConfigurationList(t -> t.topicArn(ordersTopic)
                        .recordConverter(r -> r.valueConverter("JSON"))
                        .recordSchema(s -> s.gsrArn(SCHEMA)))
                .icebergDestinationConfiguration(d -> d.appendOnly(true)
                        .serviceExecutionRoleArn(ROLE)
                        .catalog(c -> c.warehouseLocation(TABLE_BUCKET))
                        .deadLetterQueueS3(q -> q.bucketArn("arn:aws:s3:::dlq-bucket").errorOutputPrefix("errors/"))
                        .destinationTableList(t -> t.destinationDatabaseName("sales").destinationTableName("orders")
                                .partitionSpec(p -> p.partitionStrategy("TIME_HOUR")
                                        .sourceList(s -> s.sourceName("event_time"))))
                        .schemaEvolution(s -> s.enableSchemaEvolution(false))
                        .tableCreation(t -> t.enableTableCreation(true)))
                .loggingInfo(l -> l.cloudWatchLogs(c -> c.enabled(true).logGroup("/aws/msk/channels")))
                .tags(Map.of("channel-pilot/managed-by", "channel-pilot"));
    }

    List<JsonNode> eventsNamed(String eventName) {
        return events.stream().filter(e -> eventName.equals(e.path("detail").path("eventName").asText())).toList();
    }

    @Override
    public void close() {
        kafka.close();
        server.close();
    }
}
