package io.channelpilot.tests.oncall;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.notification.ItemState;
import io.channelpilot.tests.Repo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * On-call end to end in the local world: a channel with its three alarms, good and bad records, the delivery
 * simulation writes DLQ objects, the DLQDeliverySuccess alarm fires, EventBridge routes it (by the template's rule) to
 * respond-to-alarm in-process, and a DLQ_TRIAGE notification counts the causes; a duplicate event changes nothing; an
 * unknown DLQ object is quarantined and reported; OK sends ALARM_RESOLVED.
 */
class AlarmTriageTest {

    private static final String CLUSTER = "orders-express";
    private static final String TOPIC = "orders.updated";
    private static final ObjectMapper JSON = WorkflowJson.mapper();

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
    void shouldTriageDeadLettersFromTheAlarmThenIgnoreDuplicatesQuarantineUnknownObjectsAndResolve() throws Exception {
        String region = world.file().region();
        try (S3Client s3 = LocalClients.s3(world.server().endpoint(), region)) {
            // GIVEN a channel created from the cluster's tags, its three alarms, and its desired spec recorded
            ChannelSpec spec = AlarmedChannels.create(world, CLUSTER, TOPIC);
            StackSettings stack = StackSettings.from(world.functionEnvironment());
            world.advance(Duration.ofSeconds(60));

            // WHEN 20 good records and 6 bad ones (3 missing a required field, 2 type mismatches, 1 malformed) arrive
            for (int i = 0; i < 20; i++) {
                produce("{\"order_id\":\"o" + i + "\",\"amount\":1.5,\"quantity\":2,\"event_time\":\"2026-05-01T10:15:00Z\"}");
            }
            for (int i = 0; i < 3; i++) {
                produce("{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:15:00Z\"}");
            }
            for (int i = 0; i < 2; i++) {
                produce("{\"order_id\":\"t" + i + "\",\"amount\":\"SECRET-MARKER\",\"event_time\":\"2026-05-01T10:15:00Z\"}");
            }
            produce("{\"order_id\":\"SECRET-MARKER\",");
            world.advance(Duration.ofMinutes(13));

            // THEN the DLQ alarm fired, was routed to respond-to-alarm, and the triage notification counts each cause
            JsonNode alarmEvent = world.events().published().stream()
                    .filter(e -> e.at("/detail/alarmName").asText().endsWith("-DLQDeliverySuccess"))
                    .filter(e -> e.at("/detail/state/value").asText().equals("ALARM")).findFirst().orElseThrow();
            assertThat(world.workflows().deliveries()).anySatisfy(d -> {
                assertThat(d.eventId()).isEqualTo(alarmEvent.path("id").asText());
                assertThat(d.target()).isEqualTo("RespondToAlarmFunction");
                assertThat(d.result()).isEqualTo("invoked");
            });
            List<JsonNode> triage = notifications("DLQ_TRIAGE");
            assertThat(triage).hasSize(1);
            JsonNode first = triage.get(0);
            assertThat(first.path("channel").asText()).isEqualTo(spec.channelName());
            assertThat(first.at("/facts/records").asText()).isEqualTo("6");
            assertThat(first.at("/facts/cause.MISSING_REQUIRED_FIELD").asText()).startsWith("3 at /amount");
            assertThat(first.at("/facts/cause.TYPE_MISMATCH").asText()).startsWith("2 at /amount");
            assertThat(first.at("/facts/cause.MALFORMED_JSON").asText()).startsWith("1;");
            assertThat(first.path("actions").toString()).contains("channel-pilot redrive start --cluster " + spec.clusterArn()
                    + " --channel " + spec.channelName());
            assertThat(world.sns().published().toString()).doesNotContain("SECRET-MARKER");

            // WHEN the same alarm event is delivered again
            world.publish(alarmEvent);
            world.settle();

            // THEN nothing is counted twice
            assertThat(notifications("DLQ_TRIAGE")).hasSize(1);

            // WHEN an object in an unknown format lands in the DLQ and the alarm fires again
            String garbageKey = spec.infrastructure().dlqPrefix() + "zz-unknown/blob.bin";
            s3.putObject(r -> r.bucket(stack.dlqBucket()).key(garbageKey),
                    RequestBody.fromBytes(new byte[]{'P', 'A', 'R', '1', 0, 1, 2, 3}));
            ObjectNode again = alarmEvent.deepCopy();
            again.put("id", "refired-" + alarmEvent.path("id").asText());
            world.publish(again);
            world.settle();

            // THEN it is quarantined (copied) and reported, and no record is counted again
            List<JsonNode> after = notifications("DLQ_TRIAGE");
            assertThat(world.workflows().deliveries()).filteredOn(d -> d.eventId().equals(again.path("id").asText()))
                    .singleElement().satisfies(d -> assertThat(d.result()).isEqualTo("invoked"));
            assertThat(after).hasSize(2);
            assertThat(after.get(1).path("facts").toString()).contains("NOT_JSON " + garbageKey);
            assertThat(after.get(1).at("/facts/records").asText()).isEqualTo("0");
            assertThat(s3.headObject(r -> r.bucket(stack.dlqBucket()).key("quarantine/" + garbageKey)).contentLength()).isEqualTo(8);

            // WHEN no more records fail, THEN the alarm returns to OK and a resolved notification follows
            world.advance(Duration.ofMinutes(5));
            assertThat(notifications("ALARM_RESOLVED")).anySatisfy(n ->
                    assertThat(n.at("/facts/alarm").asText()).endsWith("-DLQDeliverySuccess"));
        }
    }

    private static void produce(String value) {
        world.kafka().produce(CLUSTER, TOPIC, null, value.getBytes(StandardCharsets.UTF_8), Map.of());
    }

    private static List<JsonNode> notifications(String kind) {
        return world.sns().published().stream().map(m -> {
            try {
                return JSON.readTree(m.defaultMessage());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).filter(n -> n.path("kind").asText().equals(kind)).toList();
    }
}
