package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.gateway.DynamoDbOutstandingStore;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.Condition;
import io.channelpilot.store.ConditionType;
import io.channelpilot.gateway.DynamoDbStatusStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The retention race end to end in the local world (DESIGN §7, issue 6 §4, issue 7 §3): a channel the sweep provisioned
 * on a topic keeping 2 h; bad records → the DLQ alarm → triage records the oldest outstanding entry; a later triage of
 * newer entries keeps the older one; the sweep warns at 50 % and escalates at 80 % of retention on the virtual clock,
 * once per level; a completed redrive clears the entries and the condition. One world, tests in order (one channel).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RetentionRaceTest {

    static final String TOPIC = "orders.retention";
    static final Duration RETENTION = Duration.ofHours(2);

    static ReconcileWorld w;
    static ChannelKey key;
    static DynamoDbClient dynamo;
    static DynamoDbOutstandingStore outstanding;
    static DynamoDbStatusStore statuses;
    static Instant oldest;

    @BeforeAll
    static void startWithAManagedChannel() {
        w = ReconcileWorld.withShortRetentionTopic(TOPIC, RETENTION.toMillis());
        w.sweep("sweep-provision");
        w.drain();
        ChannelView channel = w.world.services().msk().channels().stream().filter(c -> c.spec().topicName().equals(TOPIC))
                .findFirst().orElseThrow();
        assertThat(channel.status().name()).isEqualTo("ACTIVE");
        w.world.advance(Duration.ofMinutes(1)); // the delivery simulation starts reading at its first tick after ACTIVE
        key = new ChannelKey(w.clusterArn(), channel.spec().name());
        dynamo = LocalClients.dynamo(w.world.server().endpoint(), w.world.file().region());
        outstanding = new DynamoDbOutstandingStore(dynamo, w.world.stack().statusTable(), w.world.clock());
        statuses = new DynamoDbStatusStore(dynamo, w.world.stack().statusTable(), w.world.clock());
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        w.close();
    }

    @Test
    @Order(1)
    void shouldRecordTheOldestOutstandingEntryWhenTheDlqAlarmIsTriaged() {
        // given 3 records missing the required amount (and good ones around them)
        List<RecordMetadata> bad = new ArrayList<>();
        produce("{\"order_id\":\"g1\",\"amount\":1.25,\"event_time\":\"2026-05-01T10:00:00Z\"}");
        for (int i = 0; i < 3; i++) {
            bad.add(produce("{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}"));
        }
        oldest = Instant.ofEpochMilli(bad.stream().mapToLong(RecordMetadata::timestamp).min().orElseThrow());
        // one clock: the records carry the world's virtual time (the world starts 2026-05-01, months before today)
        assertThat(oldest).isEqualTo(w.world.clock().instant());

        // when the channel dead-letters them and the DLQDeliverySuccess alarm fires (routed to respond-to-alarm)
        w.world.advance(Duration.ofMinutes(13));

        // then triage recorded the oldest outstanding entry, and the race is not on yet
        assertThat(notifications("DLQ_TRIAGE")).singleElement().satisfies(n -> {
            assertThat(n.at("/facts/records").asText()).isEqualTo("3");
            assertThat(n.at("/facts/retentionLevel").asText()).isEqualTo("NONE");
            assertThat(n.at("/facts/retentionBasis").asText()).isEqualTo("ASSESSED"); // not FUTURE_TIMESTAMP
            assertThat(n.at("/facts/oldestOutstanding").asText()).isEqualTo(oldest.toString());
        });
        OutstandingEntries e = outstanding.find(key).orElseThrow();
        assertThat(e.oldest()).contains(oldest);
        assertThat(e.count()).isEqualTo(3);
    }

    @Test
    @Order(2)
    void shouldKeepTheOlderEntryWhenALaterTriageSeesOnlyNewerOnes() {
        // given two newer records of another cause, dead-lettered later
        produce("{\"order_id\":\"t1\",\"amount\":\"SECRET-MARKER\",\"event_time\":\"2026-05-01T10:00:00Z\"}");
        produce("{\"order_id\":\"t2\",\"amount\":\"SECRET-MARKER\",\"event_time\":\"2026-05-01T10:00:00Z\"}");
        w.world.advance(Duration.ofMinutes(11));

        // when the alarm is delivered again (a new event id), so triage reads only the new DLQ objects
        ObjectNode again = alarmEvent().deepCopy();
        again.put("id", "again-" + again.path("id").asText());
        w.world.publish(again);
        w.world.settle();

        // then the second report counts only the new records, but the outstanding entries keep the older timestamp
        List<JsonNode> triage = notifications("DLQ_TRIAGE");
        assertThat(triage).hasSize(2);
        assertThat(triage.get(1).at("/facts/records").asText()).isEqualTo("2");
        assertThat(triage.get(1).at("/facts/oldestOutstanding").asText()).isEqualTo(oldest.toString());
        OutstandingEntries e = outstanding.find(key).orElseThrow();
        assertThat(e.oldest()).contains(oldest);
        assertThat(e.count()).isEqualTo(5);
        assertThat(e.bands()).hasSize(2);
        assertThat(w.world.sns().published().toString()).doesNotContain("SECRET-MARKER");
    }

    @Test
    @Order(3)
    void shouldWarnAtHalfAndEscalateAtEightyPercentOncePerLevel() {
        // given the oldest entry just below 50 % of retention
        advanceTo(oldest.plus(RETENTION.dividedBy(2)).minusSeconds(60));
        JsonNode below = w.sweep("sweep-below-half");
        assertThat(retentionRisks()).isEmpty();
        assertThat(below.at("/retention/checked").asInt()).isEqualTo(1);
        assertThat(below.at("/apiCalls/kafka:DescribeTopic").asLong()).isEqualTo(1);

        // when it reaches 50 % and the sweep runs twice
        advanceTo(oldest.plus(RETENTION.dividedBy(2)).plusSeconds(60));
        JsonNode warn = w.sweep("sweep-half");
        w.sweep("sweep-half-again");

        // then exactly one WARNING with the share used, time left and the one command
        assertThat(warn.at("/retention/warn").asInt()).isEqualTo(1);
        assertThat(warn.at("/retention/notified").asInt()).isEqualTo(1);
        assertThat(retentionRisks()).singleElement().satisfies(n -> {
            assertThat(n.path("severity").asText()).isEqualTo("WARNING");
            assertThat(n.at("/facts/retentionBasis").asText()).isEqualTo("ASSESSED");
            assertThat(n.at("/facts/retentionUsed").asText()).isEqualTo("50% of 2 h");
            assertThat(n.at("/facts/retentionLeft").asText()).isEqualTo("59 min");
            assertThat(n.at("/actions/0/command").asText()).isEqualTo("channel-pilot redrive start --cluster " + key.clusterArn()
                    + " --channel " + key.channelName() + " --cause MISSING_REQUIRED_FIELD,TYPE_MISMATCH");
        });
        assertThat(degraded().reason()).isEqualTo("RetentionRaceWarning");

        // when it reaches 80 % and the sweep runs twice
        advanceTo(oldest.plus(RETENTION.multipliedBy(8).dividedBy(10)).plusSeconds(60));
        JsonNode critical = w.sweep("sweep-eighty");
        w.sweep("sweep-eighty-again");

        // then exactly one CRITICAL more
        assertThat(critical.at("/retention/critical").asInt()).isEqualTo(1);
        assertThat(retentionRisks()).extracting(n -> n.path("severity").asText()).containsExactly("WARNING", "CRITICAL");
        assertThat(degraded().reason()).isEqualTo("RetentionRaceCritical");
        assertThat(degraded().status().wireName()).isEqualTo("True");
    }

    @Test
    @Order(4)
    void shouldClearTheRaceWhenACompletedRedriveCoveredEveryEntry() {
        // when the operator runs the command (plus a repair for the missing amount) and the redrive completes
        Cli start = cli("redrive", "start", "--channel", key.channelName(), "--cluster", "demo",
                "--repair", "default:/amount=0", "--output", "json");
        assertThat(start.exit()).as(start.out()).isZero();
        w.drain();
        JsonNode status = cli("redrive", "status", "--task", start.json().path("taskId").asText(), "--output", "json").json();
        assertThat(status.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(status.at("/counters/recordsSeen").asLong()).isEqualTo(5);

        // then nothing is outstanding, the next sweep clears the condition and notifies nothing more
        assertThat(outstanding.find(key).orElseThrow().isEmpty()).isTrue();
        JsonNode after = w.sweep("sweep-after-redrive");
        assertThat(after.at("/retention/cleared").asInt()).isEqualTo(1);
        assertThat(after.at("/retention/checked").asInt()).isZero();
        assertThat(after.at("/apiCalls/kafka:DescribeTopic").asLong()).isZero();
        assertThat(degraded().status().wireName()).isEqualTo("False");
        assertThat(degraded().reason()).isEqualTo("RetentionRaceCleared");
        assertThat(retentionRisks()).hasSize(2);
    }

    // ---------------------------------------------------------------- helpers

    static RecordMetadata produce(String value) {
        return w.world.kafka().produce("demo", TOPIC, null, value.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    static void advanceTo(Instant at) {
        Duration d = Duration.between(w.world.clock().instant(), at);
        if (!d.isNegative() && !d.isZero()) {
            w.world.advance(d);
        }
    }

    static JsonNode alarmEvent() {
        return w.world.events().published().stream()
                .filter(e -> e.at("/detail/alarmName").asText().endsWith("-DLQDeliverySuccess"))
                .filter(e -> e.at("/detail/alarmName").asText().contains(key.channelName()))
                .filter(e -> e.at("/detail/state/value").asText().equals("ALARM")).findFirst().orElseThrow();
    }

    static Condition degraded() {
        return statuses.find(key).orElseThrow().condition(ConditionType.DEGRADED).orElseThrow();
    }

    static List<JsonNode> retentionRisks() {
        return notifications("RETENTION_RISK");
    }

    static List<JsonNode> notifications(String kind) {
        List<JsonNode> out = new ArrayList<>();
        for (var m : w.world.sns().published()) {
            try {
                JsonNode n = ReconcileWorld.JSON.readTree(m.defaultMessage());
                if (n.path("kind").asText().equals(kind) && n.path("channel").asText().equals(key.channelName())) {
                    out.add(n);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    record Cli(int exit, String out) {
        JsonNode json() {
            try {
                return ReconcileWorld.JSON.readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException(out, e);
            }
        }
    }

    static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", w.world.server().endpoint().toString(), "--table", w.world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), w.world.clientEnvironment(), new PrintWriter(out), new PrintWriter(err));
        return new Cli(exit, out + err.toString());
    }
}
