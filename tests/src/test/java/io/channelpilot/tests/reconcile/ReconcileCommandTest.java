package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.eventbridge.UserRules;
import io.channelpilot.local.world.msk.ChannelView;
import java.time.Duration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * {@code channel-pilot reconcile} against a local world (issue 15 §2): {@code --dry-run} starts nothing and prints the
 * same rows and codes as {@code plan}; without it the sweep runs now with the operator's credentials, starts the
 * provisioning executions and notifies the refusals. The world emits no events, so only the command starts anything.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReconcileCommandTest {

    private static ReconcileWorld w;
    private static UserRules.Subscription events;

    @BeforeAll
    static void start() {
        w = new ReconcileWorld();
        events = w.world.userRules().add("everything-from-channel-pilot", "{\"source\":[\"channel-pilot\"]}");
        // a topic with work (no channel yet) and a topic two exact rules disagree on (RULE_CONFLICT)
        w.quietTopic("orders.cli");
        w.quietTopic("orders.conflict");
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), w.world.server().endpoint(), w.world.file().region())) {
            kafka.tagResource(r -> r.resourceArn(w.clusterArn()).tags(Map.of(
                    "channel-pilot/cli-a", "topic=orders.conflict namespace=sales schema=sales/orders partition=event_time freshness=300",
                    "channel-pilot/cli-b", "topic=orders.conflict namespace=sales schema=sales/orders partition=event_time freshness=600")));
        }
    }

    @AfterAll
    static void stop() {
        w.close();
    }

    record Cli(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return ReconcileWorld.JSON.readTree(out);
        }
    }

    static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", w.world.server().endpoint().toString(), "--table", w.world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), w.world.functionEnvironment(), new PrintWriter(out), new PrintWriter(err));
        return new Cli(exit, out.toString(), err.toString());
    }

    /** Executions of the provisioning state machine so far. */
    static int executions() {
        return w.world.workflows().executions().list(w.world.workflows().stateMachineArn("ProvisionChannelStateMachine"), null).size();
    }

    /** topic + plan (+ reason) -> codes, the part of a row both commands must agree on. */
    static Map<String, String> codesByRow(JsonNode rows) {
        Map<String, String> out = new TreeMap<>();
        rows.forEach(r -> out.put(r.path("topic").asText() + " " + r.path("plan").asText() + " " + r.path("reason").asText(),
                r.path("codes").toString() + " refused=" + r.path("refused").asBoolean()));
        return out;
    }

    @Test
    @Order(1)
    void shouldPrintThePlansCodesAndStartNothingWhenDryRun() throws Exception {
        int started = executions();

        Cli dry = cli("reconcile", "--cluster", "demo", "--dry-run", "--output", "json");
        Cli plan = cli("plan", "--cluster", "demo", "--output", "json");

        assertThat(dry.exit()).as(dry.out() + dry.err()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
        assertThat(plan.exit()).as(plan.out() + plan.err()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
        assertThat(codesByRow(dry.json().path("rows"))).isEqualTo(codesByRow(plan.json().path("rows")))
                .containsEntry("orders.conflict SKIPPED TAG_PROBLEMS", "[\"RULE_CONFLICT\"] refused=true")
                .containsKey("orders.cli CREATE CHANNEL_MISSING");
        assertThat(dry.json().path("refused").asInt()).isEqualTo(plan.json().path("refused").asInt()).isPositive();
        assertThat(dry.json().path("wouldStart")).extracting(e -> e.path("topic").asText()).contains("orders.cli")
                .doesNotContain("orders.conflict");
        assertThat(executions()).isEqualTo(started);
        assertThat(w.world.services().msk().channels()).noneMatch(c -> c.spec().topicName().startsWith("orders."));
    }

    @Test
    @Order(2)
    void shouldStartTheSweepNowAndProvisionTheTopicWithWork() throws Exception {
        int started = executions();

        Cli sweep = cli("reconcile", "--cluster", "demo", "--output", "json");

        assertThat(sweep.exit()).as(sweep.out() + sweep.err()).isEqualTo(ChannelPilot.EXIT_OK);
        JsonNode cluster = sweep.json().path("clusters").get(0);
        assertThat(cluster.path("executions")).filteredOn(e -> e.path("topic").asText().equals("orders.cli"))
                .singleElement().satisfies(e -> assertThat(e.path("result").asText()).isEqualTo("STARTED"));
        assertThat(cluster.path("refusalNotices").toString()).contains("topic/orders.conflict").contains("RULE_CONFLICT");
        long startedBySweep = java.util.stream.StreamSupport.stream(cluster.path("executions").spliterator(), false)
                .filter(e -> e.path("result").asText().equals("STARTED")).count();
        assertThat(executions()).isEqualTo(started + startedBySweep);
        // the execution the command started provisions the channel
        w.drain();
        assertThat(w.world.services().msk().channels()).anySatisfy(c -> {
            assertThat(c.spec().topicName()).isEqualTo("orders.cli");
            assertThat(c.status().name()).isEqualTo("ACTIVE");
        });
    }

    @Test
    @Order(3)
    void shouldPublishTheSuspendedAndTheMissingTransitionWhenTheSweepFindsThem() throws Exception {
        ChannelView channel = w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().equals("orders.cli"))
                .findFirst().orElseThrow();
        // WHEN the destination table is deleted after delivery (MSK suspends the channel) and the sweep runs
        w.world.services().msk().markDelivered(channel.arn());
        assertThat(w.world.services().msk().onTableDeleted(channel.spec().tableBucketArn(), channel.spec().namespace(),
                channel.spec().table())).containsExactly(channel.arn());
        w.sweep("sweep-suspended");
        // AND then the channel is deleted out of band and the next sweep runs
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), w.world.server().endpoint(), w.world.file().region())) {
            kafka.deleteChannel(r -> r.clusterArn(w.clusterArn()).channelArn(channel.arn()));
        }
        w.world.advance(Duration.ofMinutes(10));
        w.sweep("sweep-missing");
        w.world.settle(); // routes the events put on the bus to the rules

        // THEN the bus carried every transition of the channel once: ... ACTIVE -> SUSPENDED -> MISSING, with reason and codes
        List<JsonNode> changes = events.events().stream()
                .filter(e -> e.path("detail-type").asText().equals("Channel Pilot Channel State Change"))
                .filter(e -> e.at("/detail/channel").asText().equals(channel.spec().name())).toList();
        assertThat(changes).extracting(e -> e.at("/detail/from").asText() + "->" + e.at("/detail/to").asText())
                .containsExactly("NONE->CREATING", "CREATING->ACTIVE", "ACTIVE->SUSPENDED", "SUSPENDED->MISSING");
        assertThat(changes.get(2).at("/detail/codes")).extracting(JsonNode::asText).isNotEmpty();
        JsonNode missing = changes.get(3);
        assertThat(missing.at("/detail/reason").asText()).isEqualTo("ChannelDeletedOutOfBand");
        assertThat(missing.at("/detail/codes")).extracting(JsonNode::asText).contains("ChannelDeletedOutOfBand");
        assertThat(changes).allSatisfy(e -> {
            assertThat(e.path("source").asText()).isEqualTo("channel-pilot");
            assertThat(e.at("/detail/topic").asText()).isEqualTo("orders.cli");
            assertThat(e.at("/detail/clusterArn").asText()).isEqualTo(w.clusterArn());
        });
    }
}
