package io.channelpilot.tests.oncall;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.delivery.DlqLayout;
import io.channelpilot.local.world.delivery.DlqLayout.Container;
import io.channelpilot.local.world.delivery.DlqLayout.FieldNames;
import io.channelpilot.local.world.delivery.DlqLayouts;
import io.channelpilot.local.world.s3.S3Front;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.notification.ItemState;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.tests.OperatorCli;
import io.channelpilot.tests.Repo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * The product's DLQ reading proven on layouts it did not dictate: one world whose delivery simulation writes each
 * channel's DLQ objects in another {@link DlqLayout} (JSON lines or one JSON array, gzip or plain, camelCase,
 * snake_case, PascalCase or operator-named nested fields with the {@code DLQ_FIELD_*} settings the world hands the
 * functions, unknown extra fields; the fixed ones cover every value of every dimension, two more come from seeds).
 * For each: the objects really are in that layout (read here without the product's parser), triage (respond-to-alarm,
 * routed from the real alarm) counts every cause with its offsets, and a redrive re-produces exactly the repairable
 * records, by their original topic/partition/offset, and parks the rest.
 */
class DlqLayoutsEndToEndTest {

    private static final String CLUSTER = "orders-express";
    private static final ObjectMapper JSON = WorkflowJson.mapper();
    private static final List<DlqLayout> LAYOUTS = List.of(
            DlqLayout.defaults(),
            new DlqLayout(Container.JSON_ARRAY, false, FieldNames.SNAKE, true),
            new DlqLayout(Container.JSON_LINES, false, FieldNames.PASCAL, true),
            new DlqLayout(Container.JSON_ARRAY, true, FieldNames.OPERATOR, true),
            new DlqLayout(Container.JSON_LINES, true, FieldNames.OPERATOR, false),
            DlqLayout.fromSeed(7),
            DlqLayout.fromSeed(2026));

    private static LocalWorld world;
    private static final Map<String, Produced> PRODUCED = new LinkedHashMap<>();

    /** The channel on one topic, and where its bad records landed ({@code partition:offset}). */
    record Produced(ChannelSpec spec, DlqLayout layout, Set<String> missing, Set<String> mismatched,
                    Set<String> malformed) {
    }

    static Stream<String> topics() {
        return java.util.stream.IntStream.range(0, LAYOUTS.size()).mapToObj(i -> "orders.dlq-layout-" + i);
    }

    @BeforeAll
    static void deadLetterIntoEveryLayout() {
        DlqLayouts layouts = DlqLayouts.of(DlqLayout.defaults());
        List<String> topics = topics().toList();
        for (int i = 0; i < topics.size(); i++) {
            layouts = layouts.withTopic(topics.get(i), LAYOUTS.get(i));
        }
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")).withDlqLayouts(layouts));
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), world.file().region())) {
            String clusterArn = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                    .filter(c -> c.clusterName().equals(CLUSTER)).findFirst().orElseThrow().clusterArn();
            for (int i = 0; i < topics.size(); i++) {
                String topic = topics.get(i);
                kafka.createTopic(r -> r.clusterArn(clusterArn).topicName(topic).partitionCount(2).replicationFactor(3));
                PRODUCED.put(topic, new Produced(AlarmedChannels.create(world, CLUSTER, topic), LAYOUTS.get(i),
                        new TreeSet<>(), new TreeSet<>(), new TreeSet<>()));
            }
        }
        world.advance(Duration.ofSeconds(60));
        // WHEN every topic gets 4 good records, 3 missing the required amount, 2 with a string amount, 1 malformed
        PRODUCED.forEach((topic, p) -> {
            for (int i = 0; i < 10; i++) {
                String value = i < 4 ? "{\"order_id\":\"g" + i + "\",\"amount\":1.5,\"quantity\":2,\"event_time\":\"2026-05-01T10:15:00Z\"}"
                        : i < 7 ? "{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:15:00Z\"}"
                        : i < 9 ? "{\"order_id\":\"t" + i + "\",\"amount\":\"lots\",\"event_time\":\"2026-05-01T10:15:00Z\"}"
                        : "{\"order_id\":\"x" + i + "\",";
                RecordMetadata m = world.kafka().produce(CLUSTER, topic, ("k" + i).getBytes(StandardCharsets.UTF_8),
                        value.getBytes(StandardCharsets.UTF_8), Map.of());
                (i < 4 ? new TreeSet<String>() : i < 7 ? p.missing() : i < 9 ? p.mismatched() : p.malformed())
                        .add(m.partition() + ":" + m.offset());
            }
        });
        world.advance(Duration.ofMinutes(13));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topics")
    void shouldTriageAndRedriveEveryRecordWhateverTheDlqLayout(String topic) throws Exception {
        Produced p = PRODUCED.get(topic);
        ChannelSpec spec = p.spec();

        // THEN the world wrote this channel's DLQ objects in the layout assigned to it
        List<S3Front.ObjectSummary> objects = world.s3().listObjects(world.stack().dlqBucket(),
                spec.infrastructure().dlqPrefix() + spec.channelName() + "/");
        assertThat(objects).isNotEmpty().allSatisfy(o -> assertLayout(p.layout(), o.key()));

        // AND triage counted every cause with its exact offsets, whatever the layout
        JsonNode triage = notifications("DLQ_TRIAGE").stream()
                .filter(n -> n.path("channel").asText().equals(spec.channelName())).findFirst().orElseThrow();
        assertThat(triage.at("/facts/records").asText()).isEqualTo("6");
        assertThat(triage.at("/facts/dlqObjects").asText()).isEqualTo(Integer.toString(objects.size()));
        assertCause(triage, "MISSING_REQUIRED_FIELD", p.missing(), " at /amount");
        assertCause(triage, "TYPE_MISMATCH", p.mismatched(), " at /amount");
        assertCause(triage, "MALFORMED_JSON", p.malformed(), "");
        assertThat(triage.path("facts").has("unparseableRecords")).isFalse();

        // WHEN the operator redrives the channel with a default for the missing amount
        OperatorCli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                "--repair", "default:/amount=0", "--output", "json");

        // THEN each dead-lettered record was read back by its offset: the three repairable ones re-produced once,
        // naming their originals, and the other three parked
        assertThat(start.exit()).as(start.out()).isZero();
        JsonNode status = cli("redrive", "status", "--task", JSON.readTree(start.out()).path("taskId").asText(),
                "--output", "json").json();
        assertThat(status.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(status.at("/counters/recordsSeen").asLong()).isEqualTo(6);
        assertThat(status.at("/counters/reproduced").asLong()).isEqualTo(3);
        assertThat(status.at("/counters/parked").asLong()).isEqualTo(3);
        List<String> copiesOf = world.kafka().readAll(CLUSTER, topic).stream()
                .map(r -> r.headers().lastHeader(RedriveHeaders.REDRIVE_OF)).filter(h -> h != null)
                .map(h -> new String(h.value(), StandardCharsets.UTF_8)).toList();
        assertThat(copiesOf).containsExactlyInAnyOrderElementsOf(
                p.missing().stream().map(o -> topic + "/" + o.replace(':', '/')).toList());
    }

    /** Read with plain gzip/Jackson, not the product's parser: container, compression, names, extras. */
    private static void assertLayout(DlqLayout layout, String key) {
        byte[] body = world.s3().getObject(world.stack().dlqBucket(), key);
        boolean gzip = body.length > 1 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b;
        assertThat(gzip).as(key).isEqualTo(layout.gzip());
        assertThat(key).endsWith(layout.suffix());
        String text = text(body, gzip).strip();
        List<JsonNode> records = new ArrayList<>();
        try {
            if (layout.container() == Container.JSON_ARRAY) {
                assertThat(text).startsWith("[");
                JSON.readTree(text).forEach(records::add);
            } else {
                for (String line : text.split("\n")) {
                    records.add(JSON.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertThat(records).isNotEmpty().allSatisfy(r -> {
            assertThat(r.at(pointer(layout.names().of("offset"))).isIntegralNumber()).as(r.toString()).isTrue();
            assertThat(r.at(pointer(layout.names().of("errorCode"))).isTextual()).as(r.toString()).isTrue();
            assertThat(r.has("context")).isEqualTo(layout.extraFields());
        });
    }

    private static void assertCause(JsonNode triage, String cause, Set<String> offsets, String at) {
        String fact = triage.at("/facts/cause." + cause).asText();
        assertThat(fact).startsWith(offsets.size() + at + "; e.g. ");
        Set<String> samples = new TreeSet<>(Arrays.asList(fact.substring(fact.indexOf("e.g. ") + 5).split(", ")));
        assertThat(samples).isEqualTo(offsets);
    }

    private static String pointer(String name) {
        return name.startsWith("/") ? name : "/" + name;
    }

    private static String text(byte[] body, boolean gzip) {
        try {
            return new String(gzip ? new GZIPInputStream(new ByteArrayInputStream(body)).readAllBytes() : body,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<JsonNode> notifications(String kind) {
        return world.sns().published().stream().map(m -> {
            try {
                return JSON.readTree(m.defaultMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).filter(n -> n.path("kind").asText().equals(kind)).collect(Collectors.toList());
    }

    private static OperatorCli cli(String... args) {
        return OperatorCli.run(world, args);
    }
}
