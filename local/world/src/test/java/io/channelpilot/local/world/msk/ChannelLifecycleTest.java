package io.channelpilot.local.world.msk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.model.BadRequestException;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.CreateChannelResponse;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;
import software.amazon.awssdk.services.kafka.model.DescribeClusterOperationV2Response;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;
import software.amazon.awssdk.services.kafka.model.NotFoundException;

/** The channel status machine on the virtual clock (reference §2), observed through the real KafkaClient. */
class ChannelLifecycleTest {

    private MskFixture world;

    @BeforeEach
    void start() throws Exception {
        world = new MskFixture();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void shouldGoFromCreatingToActiveAfterTheCreateDurationAndEchoDefaults() {
        CreateChannelResponse created = world.kafka.createChannel(world.validRequest("orders-channel").build());

        DescribeChannelResponse creating = describe(created.channelArn());
        world.clock.advance(Duration.ofSeconds(59));
        assertThat(describe(created.channelArn()).status()).isEqualTo(ChannelStatus.CREATING);
        world.clock.advance(Duration.ofSeconds(1));
        DescribeChannelResponse active = describe(created.channelArn());

        assertThat(created.channelArn()).matches("arn:aws:kafka:us-east-1:123456789012:channel/express-1/"
                + "2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3/orders-channel/[0-9a-f-]{36}");
        assertThat(created.clusterOperationArn()).startsWith("arn:aws:kafka:us-east-1:123456789012:cluster-operation/"
                + "express-1/2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3/");
        assertThat(creating.status()).isEqualTo(ChannelStatus.CREATING);
        assertThat(creating.clusterOperationArn()).isEqualTo(created.clusterOperationArn());
        assertThat(creating.creationTime()).isEqualTo(java.time.Instant.parse("2026-05-01T10:00:00Z"));
        assertThat(active.status()).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(active.clusterOperationArn()).isNull();
        assertThat(active.stateInfo()).isNull();
        assertThat(active.icebergDestinationConfiguration().dataFreshnessInSeconds()).isEqualTo(600);
        assertThat(active.icebergDestinationConfiguration().compressionTypeAsString()).isEqualTo("ZSTD");
        assertThat(active.icebergDestinationConfiguration().destinationTableList().get(0).partitionSpec()
                .sourceList().get(0).sourceName()).isEqualTo("event_time");
        assertThat(active.topicConfigurationList().get(0).recordSchema().gsrArn()).isEqualTo(MskFixture.SCHEMA);
        assertThat(active.loggingInfo().cloudWatchLogs().logGroup()).isEqualTo("/aws/msk/channels");
        assertThat(active.tags()).containsEntry("channel-pilot/managed-by", "channel-pilot");
        assertThat(active.destinationTypeAsString()).isEqualTo("ICEBERG");
    }

    @Test
    void shouldReportTheCreateOperationInProgressThenComplete() {
        CreateChannelResponse created = world.kafka.createChannel(world.validRequest("orders-channel").build());

        DescribeClusterOperationV2Response running = world.kafka.describeClusterOperationV2(
                r -> r.clusterOperationArn(created.clusterOperationArn()));
        world.clock.advance(Duration.ofMinutes(1));
        DescribeClusterOperationV2Response done = world.kafka.describeClusterOperationV2(
                r -> r.clusterOperationArn(created.clusterOperationArn()));
        var v1 = world.kafka.describeClusterOperation(r -> r.clusterOperationArn(created.clusterOperationArn()));

        assertThat(running.clusterOperationInfo().operationState()).isEqualTo("UPDATE_IN_PROGRESS");
        assertThat(running.clusterOperationInfo().endTime()).isNull();
        assertThat(done.clusterOperationInfo().operationState()).isEqualTo("UPDATE_COMPLETE");
        assertThat(done.clusterOperationInfo().operationType()).isEqualTo("CREATE_CHANNEL");
        assertThat(done.clusterOperationInfo().clusterArn()).isEqualTo(world.express);
        assertThat(v1.clusterOperationInfo().operationState()).isEqualTo("UPDATE_COMPLETE");
        assertThat(v1.clusterOperationInfo().endTime()).isEqualTo(java.time.Instant.parse("2026-05-01T10:01:00Z"));
        assertThatThrownBy(() -> world.kafka.describeClusterOperationV2(r -> r.clusterOperationArn("arn:nope")))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldFailWithStateInfoWhenRoleLacksPermissions() {
        world.deniedActions.add("s3tables:PutTableData");

        String arn = world.kafka.createChannel(world.validRequest("orders-channel").build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));
        DescribeChannelResponse failed = describe(arn);

        assertThat(failed.status()).isEqualTo(ChannelStatus.FAILED);
        assertThat(failed.stateInfo().code()).isEqualTo(FailureCodes.INSUFFICIENT_PERMISSIONS);
        assertThat(failed.stateInfo().message()).contains("s3tables:PutTableData on " + MskFixture.TABLE_BUCKET
                + "/table/*");
    }

    @Test
    void shouldFailWhenDlqBucketIsMissing() {
        world.buckets.clear();

        String arn = world.kafka.createChannel(world.validRequest("orders-channel").build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));

        assertThat(describe(arn).stateInfo().code()).isEqualTo(FailureCodes.DLQ_BUCKET_NOT_FOUND);
    }

    @Test
    void shouldFailWhenPlainJsonSchemaDoesNotResolve() {
        world.schemas.clear();

        String arn = world.kafka.createChannel(world.validRequest("orders-channel").build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));
        DescribeChannelResponse failed = describe(arn);

        assertThat(failed.status()).isEqualTo(ChannelStatus.FAILED);
        assertThat(failed.stateInfo().code()).isEqualTo(FailureCodes.SCHEMA_RESOLUTION_FAILED);
    }

    @Test
    void shouldFailWhenRoleDoesNotExistOrTableBucketIsMissing() {
        world.roles.clear();
        String noRole = world.kafka.createChannel(world.validRequest("a").build()).channelArn();
        world.roles.add(MskFixture.ROLE);
        world.tableBuckets.clear();
        String noBucket = world.kafka.createChannel(world.validRequest("b").build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));

        assertThat(describe(noRole).stateInfo().code()).isEqualTo(FailureCodes.ROLE_NOT_FOUND);
        assertThat(describe(noBucket).stateInfo().code()).isEqualTo(FailureCodes.TABLE_BUCKET_NOT_FOUND);
    }

    @Test
    void shouldApplyPerChannelTimingsStuckCreatingAndScriptedFailures() throws Exception {
        ChannelTimings timings = new ChannelTimings(Duration.ofSeconds(60), Duration.ofSeconds(30),
                Duration.ofSeconds(20), List.of(
                        new TimingRule("*", "slow-*", Duration.ofMinutes(10), null, null, false, null),
                        new TimingRule("express-*", "stuck-*", null, null, null, true, null),
                        new TimingRule("*", "doomed", Duration.ofSeconds(5), null, null, false,
                                new StateInfo("Scripted", "scripted by the world file"))));
        try (MskFixture timed = new MskFixture(MskSettings.defaults("123456789012", "us-east-1")
                .withTimings(timings))) {
            String slow = timed.kafka.createChannel(timed.validRequest("slow-1").build()).channelArn();
            String stuck = timed.kafka.createChannel(timed.validRequest("stuck-1").build()).channelArn();
            String doomed = timed.kafka.createChannel(timed.validRequest("doomed").build()).channelArn();

            timed.clock.advance(Duration.ofMinutes(9));
            assertThat(status(timed, slow)).isEqualTo(ChannelStatus.CREATING);
            assertThat(status(timed, doomed)).isEqualTo(ChannelStatus.FAILED);
            timed.clock.advance(Duration.ofHours(5));
            assertThat(status(timed, slow)).isEqualTo(ChannelStatus.ACTIVE);
            assertThat(status(timed, stuck)).isEqualTo(ChannelStatus.CREATING);
            assertThat(timed.kafka.describeChannel(r -> r.clusterArn(timed.express).channelArn(stuck))
                    .clusterOperationArn()).isNotNull();
            assertThat(timed.kafka.describeChannel(r -> r.clusterArn(timed.express).channelArn(doomed))
                    .stateInfo().message()).isEqualTo("scripted by the world file");
        }
    }

    @Test
    void shouldUpdateFreshnessThroughUpdatingBackToActive() {
        String arn = activeChannel("orders-channel");

        var updated = world.kafka.updateChannel(r -> r.clusterArn(world.express).channelArn(arn)
                .icebergDestinationUpdate(u -> u.dataFreshnessInSeconds(300)));
        DescribeChannelResponse updating = describe(arn);
        world.clock.advance(Duration.ofMinutes(1));
        DescribeChannelResponse active = describe(arn);

        assertThat(updated.clusterOperationArn()).isNotNull();
        assertThat(updating.status()).isEqualTo(ChannelStatus.UPDATING);
        assertThat(updating.clusterOperationArn()).isEqualTo(updated.clusterOperationArn());
        assertThat(active.status()).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(active.icebergDestinationConfiguration().dataFreshnessInSeconds()).isEqualTo(300);
    }

    @Test
    void shouldRejectUpdatesThatBreakTheRules() {
        String creating = world.kafka.createChannel(world.validRequest("creating").build()).channelArn();
        assertThatThrownBy(() -> world.kafka.updateChannel(r -> r.clusterArn(world.express).channelArn(creating)
                .icebergDestinationUpdate(u -> u.dataFreshnessInSeconds(300))))
                .isInstanceOfSatisfying(BadRequestException.class, e -> assertThat(e.getMessage()).contains("CREATING"));
        String arn = activeChannel("orders-channel");

        assertUpdateRejected(arn, r -> r, "destinationUpdate");
        assertUpdateRejected(arn, r -> r.icebergDestinationUpdate(u -> u.dataFreshnessInSeconds(300))
                .s3DestinationUpdate(u -> u.dataFreshnessInSeconds(300)), "destinationUpdate");
        assertUpdateRejected(arn, r -> r.s3DestinationUpdate(u -> u.dataFreshnessInSeconds(300)),
                "s3DestinationUpdate");
        assertUpdateRejected(arn, r -> r.icebergDestinationUpdate(u -> u.dataFreshnessInSeconds(1000)),
                "dataFreshnessInSeconds");
        assertUpdateRejected(arn, r -> r.icebergDestinationUpdate(u -> { }), "dataFreshnessInSeconds");
    }

    @Test
    void shouldDeleteThroughDeletingAndThenRaiseNotFound() {
        String arn = activeChannel("orders-channel");

        var deleted = world.kafka.deleteChannel(r -> r.clusterArn(world.express).channelArn(arn));
        DescribeChannelResponse deleting = describe(arn);
        world.clock.advance(Duration.ofMinutes(1));

        assertThat(deleting.status()).isEqualTo(ChannelStatus.DELETING);
        assertThat(deleting.clusterOperationArn()).isEqualTo(deleted.clusterOperationArn());
        assertThatThrownBy(() -> describe(arn)).isInstanceOf(NotFoundException.class);
        assertThat(world.kafka.listChannels(r -> r.clusterArn(world.express)).channels()).isEmpty();
        world.kafka.createChannel(world.validRequest("orders-channel").build());
        assertThat(world.msk.channels()).hasSize(1);
    }

    @Test
    void shouldSuspendActiveChannelWhenItsTableIsDeletedAfterDelivery() {
        String delivered = activeChannel("delivered");
        String idle = world.kafka.createChannel(world.validRequest("idle").build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));
        world.msk.markDelivered(delivered);

        List<String> suspended = world.msk.onTableDeleted(MskFixture.TABLE_BUCKET, "sales", "orders");

        assertThat(suspended).containsExactly(delivered);
        assertThat(describe(delivered).status()).isEqualTo(ChannelStatus.SUSPENDED);
        assertThat(describe(delivered).stateInfo().code()).isEqualTo(FailureCodes.DESTINATION_TABLE_DELETED);
        assertThat(describe(idle).status()).isEqualTo(ChannelStatus.ACTIVE);
    }

    @Test
    void shouldListChannelsWithPagesTopicFilterAndBoundedMaxResults() {
        world.kafka.createTopic(r -> r.clusterArn(world.express).topicName("payments").partitionCount(1)
                .replicationFactor(3));
        String payments = world.msk.settings().arnPrefix() + "topic/express-1/2f1c7a52-8c3e-4b4e-9d0a-1b2c3d4e5f60-3/"
                + "payments";
        world.kafka.createChannel(world.validRequest("a").build());
        world.kafka.createChannel(world.validRequest("b").build());
        world.kafka.createChannel(world.validRequest("c").topicConfigurationList(t -> t.topicArn(payments)
                .recordConverter(c -> c.valueConverter("JSON_SCHEMA_GSR"))).build());

        ListChannelsResponse first = world.kafka.listChannels(r -> r.clusterArn(world.express).maxResults(2));
        ListChannelsResponse rest = world.kafka.listChannels(r -> r.clusterArn(world.express).maxResults(2)
                .nextToken(first.nextToken()));
        ListChannelsResponse byTopic = world.kafka.listChannels(r -> r.clusterArn(world.express)
                .topicNameFilter("payments"));

        assertThat(first.channels()).extracting(c -> c.channelName()).containsExactly("a", "b");
        assertThat(first.channels().get(0).statusAsString()).isEqualTo("CREATING");
        assertThat(first.channels().get(0).clusterOperationArn()).isNotNull();
        assertThat(rest.channels()).extracting(c -> c.channelName()).containsExactly("c");
        assertThat(rest.nextToken()).isNull();
        assertThat(byTopic.channels()).extracting(c -> c.channelName()).containsExactly("c");
        assertThatThrownBy(() -> world.kafka.listChannels(r -> r.clusterArn(world.express).maxResults(101)))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo("maxResults"));
    }

    private void assertUpdateRejected(String arn,
            java.util.function.UnaryOperator<software.amazon.awssdk.services.kafka.model.UpdateChannelRequest.Builder> edit,
            String parameter) {
        var request = edit.apply(software.amazon.awssdk.services.kafka.model.UpdateChannelRequest.builder()
                .clusterArn(world.express).channelArn(arn)).build();
        assertThatThrownBy(() -> world.kafka.updateChannel(request))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo(parameter));
        assertThat(describe(arn).status()).isEqualTo(ChannelStatus.ACTIVE);
    }

    private String activeChannel(String name) {
        String arn = world.kafka.createChannel(world.validRequest(name).build()).channelArn();
        world.clock.advance(Duration.ofMinutes(1));
        assertThat(describe(arn).status()).isEqualTo(ChannelStatus.ACTIVE);
        return arn;
    }

    private DescribeChannelResponse describe(String arn) {
        return world.kafka.describeChannel(r -> r.clusterArn(world.express).channelArn(arn));
    }

    private static ChannelStatus status(MskFixture w, String arn) {
        return w.kafka.describeChannel(r -> r.clusterArn(w.express).channelArn(arn)).status();
    }
}
