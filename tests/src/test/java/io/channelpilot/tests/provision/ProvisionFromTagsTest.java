package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.world.cloudwatch.MetricAlarm;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * Issue 5 "Done means", the happy paths: the real provisioning state machine, run by the local runner with the real
 * handlers in-process, reacting to cluster tag changes (TagResource/UntagResource through the real KafkaClient, which
 * makes the emulator emit the CloudTrail and aws.tag events the template's rules route) and to topic creation, on the
 * Express cluster {@code it-life} of {@code local/worlds/provisioning-it.json}. Every test owns its topic(s) and reads
 * only what happened after its own mark.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionFromTagsTest {

    static final String CLUSTER = "it-life";
    static final String RULE = " namespace=sales schema=sales/orders partition=event_time";

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldCreateAMonitoredChannelWhenTheClusterIsTagged() {
        // GIVEN an Express cluster topic no rule selects yet
        Mark mark = pw.mark();

        // WHEN a platform engineer tags the cluster with a rule for it (TagResource → CloudTrail + aws.tag events)
        pw.tag(CLUSTER, "channel-pilot/tagged", "topic=tagged.orders" + RULE + " freshness=600 owner=commerce");

        // THEN exactly one channel exists for the topic, ACTIVE, with our ownership and fingerprint tags
        DescribeChannelResponse channel = onlyChannel("tagged.orders");
        assertThat(channel.status()).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(channel.tags()).containsEntry("channel-pilot/managed-by", "channel-pilot-local")
                .containsKey("channel-pilot/fingerprint").containsEntry("channel-pilot/owner", "commerce");
        assertThat(channel.icebergDestinationConfiguration().dataFreshnessInSeconds()).isEqualTo(600);
        assertThat(ProvisioningWorld.table(channel)).isEqualTo("tagged_orders");
        // AND the log group came first, then exactly one CreateChannel, then the three recommended alarms
        assertLogGroupBeforeChannel(mark, 1);
        assertThat(pw.alarmsOf(channel.channelName())).extracting(MetricAlarm::metricName).containsExactlyInAnyOrder(
                "DeliveryToIceberg.DataFreshness", "DeliveryToIceberg.FailedRowCount",
                "DeliveryToIceberg.DLQDeliverySuccess");
        // AND both events (CloudTrail TagResource and aws.tag) started an execution, and both succeeded
        assertThat(pw.executionsSince(mark)).hasSize(2)
                .allSatisfy(e -> assertThat(e.status()).isEqualTo(ExecutionStatus.SUCCEEDED));
        // AND the owner was told once that the channel is ACTIVE, with the table and the no-backfill caveat
        List<Note> notes = pw.notificationsSince(mark, "tagged.orders");
        assertThat(notes).extracting(Note::kind).containsExactly("CHANNEL_ACTIVE");
        Note active = notes.get(0);
        assertThat(active.severity()).isEqualTo("INFO");
        assertThat(active.owner()).isEqualTo("commerce");
        assertThat(active.message().path("channel").asText()).isEqualTo(channel.channelName());
        assertThat(active.fact("channelArn")).isEqualTo(channel.channelArn());
        assertThat(active.fact("table")).isEqualTo("sales.tagged_orders");
        assertThat(active.fact("freshnessSeconds")).isEqualTo("600");
        assertThat(active.fact("adopted")).isEqualTo("false");
        assertThat(active.message().path("summary").asText()).contains("no backfill");
        assertThat(active.subject()).startsWith("[Channel Pilot] INFO").hasSizeLessThan(100);
    }

    @Test
    void shouldCreateAChannelWhenATopicMatchingAPrefixRuleIsCreated() {
        // GIVEN the cluster's seeded rule channel-pilot/auto = "prefix=auto. ... owner=commerce"
        Mark mark = pw.mark();

        // WHEN a topic starting with the prefix is created through the MSK API (CloudTrail CreateTopic)
        pw.createTopic(CLUSTER, "auto.signups");

        // THEN its channel is ACTIVE into table auto_signups, created after its log group
        DescribeChannelResponse channel = onlyChannel("auto.signups");
        assertThat(channel.status()).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(ProvisioningWorld.table(channel)).isEqualTo("auto_signups");
        assertLogGroupBeforeChannel(mark, 1);
        // AND one execution (CreateTopic emits no tag event) planned exactly this topic
        List<ExecutionDescription> runs = pw.executionsSince(mark);
        assertThat(runs).hasSize(1);
        assertThat(runs.get(0).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(intents(runs.get(0))).extracting(i -> i.path("topic").asText()).containsExactly("auto.signups");
        assertThat(pw.notificationsSince(mark, "auto.signups")).extracting(Note::kind, Note::owner)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("CHANNEL_ACTIVE", "commerce"));
    }

    @Test
    void shouldFanOutToTwoTablesWhenTwoRulesSelectOneTopic() {
        // GIVEN two rules naming different tables for the same topic
        Mark mark = pw.mark();

        // WHEN both are tagged in one TagResource call
        pw.tag(CLUSTER, Map.of(
                "channel-pilot/fan-a", "topic=fan.orders table=fan_a" + RULE,
                "channel-pilot/fan-b", "topic=fan.orders table=fan_b" + RULE));

        // THEN one channel per table, both ACTIVE, each announced once
        List<DescribeChannelResponse> channels = pw.channels(CLUSTER, "fan.orders");
        assertThat(channels).extracting(ProvisioningWorld::table).containsExactlyInAnyOrder("fan_a", "fan_b");
        assertThat(channels).allSatisfy(c -> assertThat(c.status()).isEqualTo(ChannelStatus.ACTIVE));
        assertThat(channels).extracting(DescribeChannelResponse::channelName).doesNotHaveDuplicates();
        assertLogGroupBeforeChannel(mark, 2);
        assertThat(pw.notificationsSince(mark, "fan.orders")).extracting(n -> n.fact("table"))
                .containsExactlyInAnyOrder("sales.fan_a", "sales.fan_b");
    }

    @Test
    void shouldUpdateOnlyTheFreshnessWhenTheRuleChangesIt() {
        // GIVEN an ACTIVE channel at freshness 600
        pw.tag(CLUSTER, "channel-pilot/fresh", "topic=fresh.orders" + RULE + " freshness=600");
        DescribeChannelResponse before = onlyChannel("fresh.orders");
        Mark mark = pw.mark();

        // WHEN the rule's freshness changes to 900
        pw.tag(CLUSTER, "channel-pilot/fresh", "topic=fresh.orders" + RULE + " freshness=900");

        // THEN the same channel now has freshness 900: UpdateChannel once, nothing created or deleted
        DescribeChannelResponse after = onlyChannel("fresh.orders");
        assertThat(after.channelArn()).isEqualTo(before.channelArn());
        assertThat(after.status()).isEqualTo(ChannelStatus.ACTIVE);
        assertThat(after.icebergDestinationConfiguration().dataFreshnessInSeconds()).isEqualTo(900);
        assertThat(pw.countSince(mark, "kafka:UpdateChannel")).isEqualTo(1);
        assertThat(pw.countSince(mark, "kafka:CreateChannel")).isZero();
        assertThat(pw.countSince(mark, "kafka:DeleteChannel")).isZero();
        // AND the UpdateChannel body carried nothing but icebergDestinationUpdate.dataFreshnessInSeconds (CloudTrail)
        JsonNode update = pw.world().events().published().stream()
                .filter(e -> "UpdateChannel".equals(e.at("/detail/eventName").asText())
                        && ProvisioningWorld.decoded(e.at("/detail/requestParameters/channelArn").asText())
                                .equals(before.channelArn()))
                .findFirst().orElseThrow().at("/detail/requestParameters");
        assertThat(update.path("icebergDestinationUpdate").toString()).isEqualTo("{\"dataFreshnessInSeconds\":900}");
        assertThat(fieldNames(update)).containsExactlyInAnyOrder("clusterArn", "channelArn", "icebergDestinationUpdate");
        // AND the DataFreshness alarm threshold follows, and the owner is told old and new values
        assertThat(pw.alarmsOf(after.channelName())).filteredOn(a -> a.metricName().endsWith("DataFreshness"))
                .singleElement().extracting(MetricAlarm::threshold).isEqualTo(900.0);
        List<Note> notes = pw.notificationsSince(mark, "fresh.orders");
        assertThat(notes).extracting(Note::kind).containsExactly("CHANNEL_UPDATED");
        assertThat(notes.get(0).message().path("facts").toString()).contains("900").contains("600");
    }

    @Test
    void shouldDeleteTheChannelAndKeepTheTableWhenTheRuleIsRemoved() {
        // GIVEN an ACTIVE channel that has delivered one row into its table
        pw.tag(CLUSTER, "channel-pilot/gone", "topic=gone.orders" + RULE + " freshness=300");
        DescribeChannelResponse channel = onlyChannel("gone.orders");
        pw.world().kafka().produce(CLUSTER, "gone.orders", "k".getBytes(StandardCharsets.UTF_8),
                "{\"order_id\":\"o1\",\"amount\":1.25,\"event_time\":\"2026-05-01T10:00:00Z\"}"
                        .getBytes(StandardCharsets.UTF_8), Map.of());
        pw.world().advance(Duration.ofMinutes(6));
        TableId table = new TableId("analytics", "sales", "gone_orders");
        assertThat(pw.world().warehouse().rowCount(table)).isEqualTo(1);
        Mark mark = pw.mark();

        // WHEN the rule is removed from the cluster
        pw.untag(CLUSTER, "channel-pilot/gone");

        // THEN the channel is gone (DescribeChannel → NotFound, ListChannels empty) and its alarms with it
        assertThat(pw.channels(CLUSTER, "gone.orders")).isEmpty();
        assertThat(pw.countSince(mark, "kafka:DeleteChannel")).isEqualTo(1);
        assertThat(pw.alarmsOf(channel.channelName())).isEmpty();
        // AND the table and its row are kept
        assertThat(pw.world().services().tables().catalog().table(pw.world().stack().tableBucketArn(), "sales",
                "gone_orders")).isPresent();
        assertThat(pw.world().warehouse().rowCount(table)).isEqualTo(1);
        List<Note> notes = pw.notificationsSince(mark, "gone.orders");
        assertThat(notes).extracting(Note::kind).containsExactly("CHANNEL_DELETED");
        assertThat(notes.get(0).message().toString()).contains("kept");
    }

    private static DescribeChannelResponse onlyChannel(String topic) {
        List<DescribeChannelResponse> channels = pw.channels(CLUSTER, topic);
        assertThat(channels).hasSize(1);
        return channels.get(0);
    }

    /** Exactly {@code creates} CreateChannel calls since the mark, none before the first CreateLogGroup. */
    static void assertLogGroupBeforeChannel(Mark mark, int creates) {
        List<String> calls = pw.callsSince(mark);
        assertThat(pw.countSince(mark, "kafka:CreateChannel")).isEqualTo(creates);
        assertThat(calls.indexOf("logs:CreateLogGroup")).isNotNegative().isLessThan(calls.indexOf("kafka:CreateChannel"));
        assertThat(pw.countSince(mark, "logs:CreateLogGroup")).isEqualTo(creates);
    }

    static List<JsonNode> intents(ExecutionDescription run) {
        List<JsonNode> out = new java.util.ArrayList<>();
        run.output().path("resolution").path("intents").forEach(out::add);
        return out;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
