package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.http.FaultRule;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.spec.SpecResolver;
import java.io.IOException;
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
    void shouldRecreateAChannelDeletedOutOfBandAndSayTheTableSplits() throws IOException {
        // given the channel is deleted outside Channel Pilot
        ChannelView c = channel("orders.quiet").orElseThrow();
        try (KafkaClient kafka = kafka()) {
            kafka.deleteChannel(r -> r.clusterArn(w.clusterArn()).channelArn(c.arn()));
        }
        w.world.advance(Duration.ofMinutes(2));
        assertThat(channel("orders.quiet")).isEmpty();
        int before = w.world.sns().published().size();

        // when
        JsonNode report = w.sweep("sweep-deleted");
        w.drain();

        // then it is recreated, the store was corrected, and the summary states the consequence
        JsonNode cluster = report.path("clusters").get(0);
        assertThat(cluster.path("deletedOutOfBand").get(0).path("channelName").asText()).isEqualTo(c.spec().name());
        assertThat(executionsFor(report, "orders.quiet")).hasSize(1);
        assertThat(channel("orders.quiet")).hasValueSatisfying(n -> assertThat(n.status().name()).isEqualTo("ACTIVE"));
        List<JsonNode> summaries = summariesSince(before);
        assertThat(summaries).singleElement().satisfies(n -> {
            assertThat(n.path("severity").asText()).isEqualTo("WARNING");
            assertThat(n.toString()).contains("deleted out of band").contains("new table").contains("NOT backfilled");
        });
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

        // when one sweep (and its executions) run with 30% of all kafka and states calls throttled
        w.world.server().faults().add(new FaultRule("kafka:*", 0.3, 0, Duration.ZERO, List.of()));
        w.world.server().faults().add(new FaultRule("states:*", 0.3, 0, Duration.ZERO, List.of()));
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

    private static String region() {
        return w.world.file().region();
    }

    private static KafkaClient kafka() {
        return LocalClients.build(KafkaClient.builder(), w.world.server().endpoint(), region());
    }
}
