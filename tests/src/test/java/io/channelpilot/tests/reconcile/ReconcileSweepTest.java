package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.http.FaultRule;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.store.StatusStore;
import io.channelpilot.spec.SpecResolver;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.IcebergDestinationUpdate;

/**
 * The reconcile sweep in the local world with the real template, the real ReconcileFunction handler (bound by
 * template.yaml) and the real provisioning state machine: whatever no event announced, the next sweep converges.
 * One world for the class (Kafka start-up dominates); each test uses its own topics, and runs in order because a
 * later test reuses the channel an earlier one created.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReconcileSweepTest {

    private static ReconcileWorld w;

    @BeforeAll
    static void start() {
        w = new ReconcileWorld();
    }

    @AfterAll
    static void stop() {
        w.close();
    }

    @Test
    @Order(1)
    void shouldProvisionATopicThatWasCreatedWithoutAnyEvent() {
        // given a topic no event announced
        w.quietTopic("orders.quiet");

        // when the next sweep runs (and the execution it started runs)
        JsonNode report = w.sweep("sweep-quiet");
        w.drain();

        // then exactly one execution was started for the topic and the channel is ACTIVE
        assertThat(executionsFor(report, "orders.quiet")).singleElement()
                .satisfies(e -> assertThat(e.path("result").asText()).isEqualTo("STARTED"));
        assertThat(channel("orders.quiet")).hasValueSatisfying(c -> assertThat(c.status().name()).isEqualTo("ACTIVE"));
        assertThat(w.world.services().msk().channels()).noneMatch(c -> c.spec().topicName().startsWith("paused."));
    }

    @Test
    @Order(2)
    void shouldRestoreFreshnessChangedOutOfBand() {
        // given someone set the channel's freshness to 900 with the SDK (the rule says 600)
        ChannelView c = channel("orders.quiet").orElseThrow();
        try (KafkaClient kafka = kafka()) {
            kafka.updateChannel(r -> r.clusterArn(w.clusterArn()).channelArn(c.arn())
                    .icebergDestinationUpdate(IcebergDestinationUpdate.builder().dataFreshnessInSeconds(900).build()));
        }
        w.world.advance(Duration.ofMinutes(2));
        assertThat(channel("orders.quiet").orElseThrow().dataFreshnessInSeconds()).isEqualTo(900);

        // when
        JsonNode report = w.sweep("sweep-freshness");
        w.drain();

        // then
        assertThat(executionsFor(report, "orders.quiet")).singleElement()
                .satisfies(e -> assertThat(e.path("reasons").get(0).asText()).endsWith(":UPDATE_FRESHNESS:FRESHNESS_DRIFT"));
        assertThat(channel("orders.quiet").orElseThrow().dataFreshnessInSeconds()).isEqualTo(600);
    }

    @Test
    @Order(3)
    void shouldRecreateAChannelDeletedOutOfBandOnANewTableAndSayTheTableSplits() throws IOException {
        // given the channel delivered (so its table exists and has rows) and was then deleted outside Channel Pilot
        ChannelView c = channel("orders.quiet").orElseThrow();
        String bucket = c.spec().tableBucketArn().substring(c.spec().tableBucketArn().lastIndexOf('/') + 1);
        TableId oldTable = new TableId(bucket, c.spec().namespace(), c.spec().table());
        for (int i = 0; i < 20; i++) {
            w.world.kafka().produce("demo", "orders.quiet", ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("{\"order_id\":\"o" + i + "\",\"amount\":" + i + ".25,\"quantity\":2,\"event_time\":\"2026-05-01T10:15:00Z\"}")
                            .getBytes(StandardCharsets.UTF_8), Map.of());
        }
        w.world.advance(Duration.ofMinutes(11));
        long rowsBefore = w.world.warehouse().rowCount(oldTable);
        assertThat(rowsBefore).isEqualTo(20);
        try (KafkaClient kafka = kafka()) {
            kafka.deleteChannel(r -> r.clusterArn(w.clusterArn()).channelArn(c.arn()));
        }
        w.world.advance(Duration.ofMinutes(2));
        assertThat(channel("orders.quiet")).isEmpty();
        int before = w.world.sns().published().size();

        // when
        JsonNode report = w.sweep("sweep-deleted");
        w.drain();

        // then it is recreated on <table>_v2 (a channel cannot write into the old table), the store was corrected,
        // and both the sweep summary and the channel's own notification state the split with the exact tables
        String oldName = oldTable.namespace() + "." + oldTable.name();
        String newName = oldName + "_v2";
        JsonNode cluster = report.path("clusters").get(0);
        assertThat(cluster.path("deletedOutOfBand").get(0).path("channelName").asText()).isEqualTo(c.spec().name());
        assertThat(executionsFor(report, "orders.quiet")).singleElement()
                .satisfies(e -> assertThat(e.path("reasons").get(0).asText()).endsWith(":CREATE:NEW_TABLE_GENERATION"));
        assertThat(channel("orders.quiet")).hasValueSatisfying(n -> {
            assertThat(n.status().name()).isEqualTo("ACTIVE");
            assertThat(n.spec().table()).isEqualTo(oldTable.name() + "_v2");
            assertThat(n.spec().name()).isNotEqualTo(c.spec().name());
        });
        assertThat(w.world.warehouse().rowCount(oldTable)).as("the old table keeps its rows").isEqualTo(rowsBefore);
        List<JsonNode> summaries = summariesSince(before);
        assertThat(summaries).singleElement().satisfies(n -> {
            assertThat(n.path("severity").asText()).isEqualTo("WARNING");
            assertThat(n.toString()).contains("deleted out of band").contains("new table").contains("NOT backfilled")
                    .contains("old table " + oldName + " kept with its rows").contains("new table " + newName + " starts empty")
                    .contains("SELECT * FROM " + oldName + " UNION ALL SELECT * FROM " + newName);
        });
        assertThat(notificationsSince(before, "CHANNEL_ACTIVE")).singleElement().satisfies(n -> {
            assertThat(n.path("title").asText()).contains("on NEW table " + newName + " (table split)");
            assertThat(n.path("facts").path("previousTables").asText()).isEqualTo(oldName);
            assertThat(n.path("summary").asText()).contains("keeps every row already delivered").contains("starts empty")
                    .contains("nothing is backfilled").contains("UNION ALL");
        });

        // and the next sweep finds the recreated channel in sync: no execution, no third table
        JsonNode next = w.sweep("sweep-deleted-next");
        w.drain();
        assertThat(executionsFor(next, "orders.quiet")).isEmpty();
        assertThat(w.world.services().msk().channels().stream().filter(x -> x.spec().topicName().equals("orders.quiet"))
                .filter(x -> !x.status().name().equals("DELETING"))).singleElement()
                .satisfies(x -> assertThat(x.spec().table()).isEqualTo(oldTable.name() + "_v2"));
        assertThat(w.world.services().msk().channels()).noneMatch(x -> x.spec().table().endsWith("_v3"));
    }

    @Test
    @Order(4)
    void shouldLeaveAnUnmanagedChannelAloneAndReportIt() {
        // given an IaC-owned channel (no ownership tag) on a topic our rule selects
        w.quietTopic("orders.iac");
        StackSettings stack = StackSettings.from(w.world.functionEnvironment());
        ChannelSpec spec = new SpecResolver(stack).resolve(w.clusterArn(), Map.of("channel-pilot/orders", ReconcileWorld.ORDERS_RULE),
                "orders.iac", Map.of()).specs().get(0);
        try (KafkaClient kafka = kafka();
             CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), w.world.server().endpoint(), region())) {
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
            kafka.createChannel(ChannelRequests.create(spec, "unused").toBuilder().channelName("iac-orders").tags(Map.of("owner", "terraform")).build());
        }
        w.world.advance(Duration.ofMinutes(2));
        long mutatingBefore = mutatingCalls();

        // when
        JsonNode report = w.sweep("sweep-unmanaged");
        w.drain();

        // then it is reported, nothing is started for its topic, and no channel was created, changed or deleted
        assertThat(report.path("clusters").get(0).path("unmanaged").toString()).contains("iac-orders (orders.iac)");
        assertThat(executionsFor(report, "orders.iac")).isEmpty();
        assertThat(mutatingCalls()).isEqualTo(mutatingBefore);
        assertThat(w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().equals("orders.iac")))
                .singleElement().satisfies(c -> assertThat(c.tags()).isEqualTo(Map.of("owner", "terraform")));
    }

    @Test
    @Order(5)
    void shouldDoNothingForAPausedRule() {
        // given a topic only a paused rule selects
        w.quietTopic("paused.one");

        // when
        JsonNode report = w.sweep("sweep-paused");
        w.drain();

        // then
        assertThat(executionsFor(report, "paused.one")).isEmpty();
        assertThat(report.path("clusters").get(0).path("paused")).isNotEmpty();
        assertThat(w.world.services().msk().channels()).noneMatch(c -> c.spec().topicName().equals("paused.one"));
    }

    @Test
    @Order(6)
    void shouldStartEachExecutionOnceWhenTwoSweepsOverlap() {
        // given two topics with no channel
        w.quietTopic("orders.overlap-a");
        w.quietTopic("orders.overlap-b");
        String machine = w.world.workflows().stateMachineArn("ProvisionChannelStateMachine");
        int executionsBefore = w.world.workflows().executions().list(machine, null).size();

        // when two sweeps with the same id (the same schedule slot) run before any execution they start has run
        JsonNode first = w.sweep("sweep-overlap");
        JsonNode second = w.sweep("sweep-overlap");
        w.drain();

        // then both sweeps named the same executions and Step Functions ran each once
        List<String> firstNames = names(first);
        assertThat(firstNames).hasSize(2);
        assertThat(names(second)).containsExactlyElementsOf(firstNames);
        assertThat(w.world.workflows().executions().list(machine, null)).hasSize(executionsBefore + 2);
        assertThat(w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().startsWith("orders.overlap-")))
                .hasSize(2);
        // a third sweep of the same slot finds nothing to do
        assertThat(names(w.sweep("sweep-overlap"))).isEmpty();
    }

    @Test
    @Order(7)
    void shouldConvergeOnTheSweepAfterOneDuringThirtyPercentThrottling() {
        // given
        w.quietTopic("orders.throttled");

        // when one sweep (and its executions) run with 30% of all kafka and Step Functions calls throttled (the world
        // logs and matches Step Functions calls as "sfn:<Operation>")
        w.world.server().faults().add(new FaultRule("kafka:*", 0.3, 0, Duration.ZERO, List.of()));
        w.world.server().faults().add(new FaultRule("sfn:*", 0.3, 0, Duration.ZERO, List.of()));
        JsonNode during = w.sweep("sweep-throttled-1");
        w.drain();
        w.world.server().faults().clear();
        JsonNode after = w.sweep("sweep-throttled-2");
        w.drain();

        // then the sweep under throttling answered (errors are values), and after the next one every topic has its channel
        assertThat(during.path("sweepId").asText()).isEqualTo("sweep-throttled-1");
        assertThat(after.path("errors")).isEmpty();
        assertThat(channel("orders.throttled")).hasValueSatisfying(c -> assertThat(c.status().name()).isEqualTo("ACTIVE"));
        JsonNode converged = w.sweep("sweep-throttled-3");
        assertThat(converged.path("clusters").get(0).path("drifted").asInt()).isZero();
    }

    @Test
    @Order(8)
    void shouldRecreateAFailedChannelAndStopAtTheLimitWithOneWarning() throws IOException {
        // given a topic whose channels always end FAILED, and a ledger that already holds two earlier FAILED instances of
        // its channel (same name and fingerprint): the default limit of 3 recreates leaves exactly one more attempt
        w.quietTopic(ReconcileWorld.FAILING_TOPIC);
        StackSettings stack = StackSettings.from(w.world.functionEnvironment());
        ChannelSpec spec = new SpecResolver(stack).resolve(w.clusterArn(), Map.of("channel-pilot/orders", ReconcileWorld.ORDERS_RULE),
                ReconcileWorld.FAILING_TOPIC, Map.of()).specs().get(0);
        try (DynamoDbClient ddb = LocalClients.build(DynamoDbClient.builder(), w.world.server().endpoint(), region())) {
            StatusStore store = new DynamoDbStatusStore(ddb, w.world.stack().statusTable(), w.world.clock());
            ChannelKey key = new ChannelKey(w.clusterArn(), spec.channelName());
            store.recordFailure(key, spec.fingerprint(), "arn:earlier-instance-1", Duration.ofDays(7));
            store.recordFailure(key, spec.fingerprint(), "arn:earlier-instance-2", Duration.ofDays(7));

            // when sweeps run: create (FAILED), recreate = delete, create (FAILED again), then the limit
            JsonNode created = w.sweep("sweep-failing-1");
            w.drain();
            JsonNode deleted = w.sweep("sweep-failing-2");
            w.drain();
            JsonNode recreated = w.sweep("sweep-failing-3");
            w.drain();
            int before = w.world.sns().published().size();
            JsonNode limit = w.sweep("sweep-failing-4");
            w.drain();
            JsonNode after = w.sweep("sweep-failing-5");
            w.drain();

            // then
            assertThat(reasons(created, ReconcileWorld.FAILING_TOPIC)).containsExactly(spec.channelName() + ":CREATE:CHANNEL_MISSING");
            assertThat(reasons(deleted, ReconcileWorld.FAILING_TOPIC)).containsExactly(spec.channelName() + ":DELETE:FAILED_RECREATE");
            assertThat(reasons(recreated, ReconcileWorld.FAILING_TOPIC)).containsExactly(spec.channelName() + ":CREATE:CHANNEL_MISSING");
            assertThat(executionsFor(limit, ReconcileWorld.FAILING_TOPIC)).isEmpty();
            assertThat(executionsFor(after, ReconcileWorld.FAILING_TOPIC)).isEmpty();
            assertThat(w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().equals(ReconcileWorld.FAILING_TOPIC))
                    .filter(c -> !c.status().name().equals("DELETING"))).singleElement()
                    .satisfies(c -> assertThat(c.status().name()).isEqualTo("FAILED"));
            assertThat(summariesSince(before)).singleElement().satisfies(n -> {
                assertThat(n.path("severity").asText()).isEqualTo("WARNING");
                assertThat(n.toString()).contains("FAILED too often").contains(spec.channelName()).contains("recreate limit 3");
            });
            var degraded = store.find(key).orElseThrow().condition(ConditionType.DEGRADED).orElseThrow();
            assertThat(degraded.status()).isEqualTo(ConditionStatus.TRUE);
            assertThat(degraded.reason()).isEqualTo("RecreateLimitReached");
        }
    }

    private static List<String> reasons(JsonNode report, String topic) {
        List<String> out = new ArrayList<>();
        executionsFor(report, topic).forEach(e -> e.path("reasons").forEach(r -> out.add(r.asText())));
        return out;
    }

    private static long mutatingCalls() {
        Map<String, Long> counts = w.world.server().calls().counts();
        return counts.entrySet().stream().filter(e -> e.getKey().matches("kafka:(CreateChannel|UpdateChannel|DeleteChannel|TagResource|UntagResource)"))
                .mapToLong(Map.Entry::getValue).sum();
    }

    private static List<JsonNode> executionsFor(JsonNode report, String topic) {
        List<JsonNode> out = new ArrayList<>();
        report.path("clusters").forEach(c -> c.path("executions").forEach(e -> {
            if (e.path("topic").asText().equals(topic)) {
                out.add(e);
            }
        }));
        return out;
    }

    private static List<String> names(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("clusters").forEach(c -> c.path("executions").forEach(e -> out.add(e.path("executionName").asText())));
        return out;
    }

    private static Optional<ChannelView> channel(String topic) {
        return w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().equals(topic))
                .filter(c -> !c.status().name().equals("DELETING")).findFirst();
    }

    private static List<JsonNode> summariesSince(int index) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        var published = w.world.sns().published();
        for (int i = index; i < published.size(); i++) {
            JsonNode n = ReconcileWorld.JSON.readTree(published.get(i).defaultMessage());
            if (n.path("kind").asText().equals("SWEEP_SUMMARY")) {
                out.add(n);
            }
        }
        return out;
    }

    private static List<JsonNode> notificationsSince(int index, String kind) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        var published = w.world.sns().published();
        for (int i = index; i < published.size(); i++) {
            JsonNode n = ReconcileWorld.JSON.readTree(published.get(i).defaultMessage());
            if (n.path("kind").asText().equals(kind)) {
                out.add(n);
            }
        }
        return out;
    }

    private static String region() {
        return w.world.file().region();
    }

    private static KafkaClient kafka() {
        return LocalClients.build(KafkaClient.builder(), w.world.server().endpoint(), region());
    }
}
