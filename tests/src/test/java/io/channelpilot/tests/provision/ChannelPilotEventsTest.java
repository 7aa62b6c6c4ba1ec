package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.world.eventbridge.UserRules;
import io.channelpilot.tests.Repo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Channel Pilot's own events (issue 15): every change of a channel's observed status and of a redrive task's state is
 * put once on the world's default bus (EventBridge PutEvents through the emulator), matches its documented schema
 * (docs/schemas/), and reaches a user rule — the sample rule of docs/reference.md#events, compiled with Event Ruler like every
 * rule of the world — exactly as a deployed rule would receive it.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ChannelPilotEventsTest {

    static final String CLUSTER = "it-refusal";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static ProvisioningWorld pw;
    private static UserRules.Subscription all;
    private static UserRules.Subscription sample;

    @BeforeAll
    static void world(ProvisioningWorld shared) throws Exception {
        pw = shared;
        all = pw.world().userRules().add("everything-from-channel-pilot", "{\"source\":[\"channel-pilot\"]}");
        sample = pw.world().userRules().add("docs-sample-rule", Files.readString(Repo.root().resolve("docs/events/sample-rule.json")));
    }

    @Test
    void shouldPublishEachChannelTransitionOnceAndDeliverTheTerminalOnesToTheSampleRule() throws Exception {
        int seen = all.events().size();
        int sampled = sample.events().size();

        // WHEN a rule creates a channel (two events for one tag change), and the sweep reads it afterwards
        pw.tag(CLUSTER, "channel-pilot/events", "topic=events.orders namespace=sales schema=sales/orders partition=event_time");
        String channel = pw.channels(CLUSTER, "events.orders").get(0).channelName();
        pw.world().workflows().lambdas().invoke("ReconcileFunction", JSON.createObjectNode().put("source", "channel-pilot.reconcile")
                .put("clusterArn", pw.clusterArn(CLUSTER)));
        pw.settle();

        // THEN the bus carried each transition exactly once: NONE -> CREATING -> ACTIVE
        List<JsonNode> changes = all.events().subList(seen, all.events().size()).stream()
                .filter(e -> e.path("detail-type").asText().equals("Channel Pilot Channel State Change"))
                .filter(e -> e.at("/detail/channel").asText().equals(channel)).toList();
        assertThat(changes).extracting(e -> e.at("/detail/from").asText() + "->" + e.at("/detail/to").asText())
                .containsExactly("NONE->CREATING", "CREATING->ACTIVE");
        Schema schema = schema("docs/schemas/channel-state-change.schema.json");
        for (JsonNode e : changes) {
            assertThat(e.path("source").asText()).isEqualTo("channel-pilot");
            assertThat(schema.validate(e.path("detail"))).as(e.toString()).isEmpty();
            assertThat(e.at("/detail/cluster").asText()).isEqualTo(CLUSTER);
            assertThat(e.at("/detail/topic").asText()).isEqualTo("events.orders");
            assertThat(e.at("/detail/table").asText()).isEqualTo("sales.events_orders");
            assertThat(e.at("/detail/fingerprint").asText()).hasSize(64);
        }
        JsonNode active = changes.get(1);
        assertThat(active.at("/detail/reason").asText()).isEqualTo("ChannelActive");
        assertThat(active.path("resources")).extracting(JsonNode::asText).contains(active.at("/detail/channelArn").asText());
        // AND the documented sample rule received the ACTIVE one and not the in-flight one
        assertThat(sample.events().subList(sampled, sample.events().size())).filteredOn(e -> e.at("/detail/channel").asText().equals(channel))
                .extracting(e -> e.at("/detail/to").asText()).containsExactly("ACTIVE");
    }

    @Test
    void shouldPublishEachRedriveTaskStateOnceWhenTheOperatorStartsARedrive() throws Exception {
        pw.tag(CLUSTER, "channel-pilot/taskevents", "topic=taskevents.orders namespace=sales schema=sales/orders partition=event_time");
        String channel = pw.channels(CLUSTER, "taskevents.orders").get(0).channelName();
        int seen = all.events().size();

        // WHEN the operator starts a redrive (the DLQ prefix is empty: the task runs and succeeds at once)
        StringWriter out = new StringWriter();
        int exit = ChannelPilot.run(new String[] {"redrive", "start", "--channel", channel, "--cluster", pw.clusterArn(CLUSTER),
                "--output", "json", "--endpoint-url", pw.world().server().endpoint().toString(), "--table",
                pw.world().stack().statusTable()}, pw.world().functionEnvironment(), new PrintWriter(out), new PrintWriter(out));
        assertThat(exit).as(out.toString()).isZero();
        String task = JSON.readTree(out.toString()).path("taskId").asText();
        pw.settle();

        // THEN PENDING (published by the CLI), RUNNING and SUCCEEDED (by redrive-control) each reached the bus once
        List<JsonNode> states = all.events().subList(seen, all.events().size()).stream()
                .filter(e -> e.path("detail-type").asText().equals("Channel Pilot Redrive Task State Change"))
                .filter(e -> e.at("/detail/taskId").asText().equals(task)).toList();
        assertThat(states).extracting(e -> e.at("/detail/from").asText() + "->" + e.at("/detail/to").asText())
                .containsExactly("NONE->PENDING", "PENDING->RUNNING", "RUNNING->SUCCEEDED");
        Schema schema = schema("docs/schemas/redrive-task-state-change.schema.json");
        states.forEach(e -> assertThat(schema.validate(e.path("detail"))).as(e.toString()).isEmpty());
        assertThat(states.get(0).at("/detail/requestedBy").asText()).isEqualTo("cli");
        assertThat(states.get(2).at("/detail/counters").isObject()).isTrue();
        assertThat(sample.events()).anySatisfy(e -> {
            assertThat(e.at("/detail/taskId").asText()).isEqualTo(task);
            assertThat(e.at("/detail/to").asText()).isEqualTo("SUCCEEDED");
        });
    }

    private static Schema schema(String path) throws Exception {
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7).getSchema(Files.readString(Repo.root().resolve(path)));
    }
}
