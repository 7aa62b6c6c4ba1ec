package io.channelpilot.tests.redaction;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.notification.ItemState;
import io.channelpilot.redrive.batch.BatchConfig;
import io.channelpilot.redrive.batch.BatchWiring;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.time.TimeSource;
import io.channelpilot.redrive.batch.RedriveBatchHandler;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.tests.OperatorCli;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.oncall.AlarmedChannels;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Issue 8 item 5 / DESIGN §10 Security: "payloads never in logs or notifications (tested with a marker value)". A
 * unique marker rides in record values, keys and headers, and in the error message and payload fields of a DLQ object
 * written the way a real MSK DLQ might (reference §5 leaves open whether it carries values). The records go the whole
 * on-call way in the local world: delivery → DLQ → DLQDeliverySuccess alarm → respond-to-alarm triage (DLQ_TRIAGE) →
 * {@code channel-pilot redrive start} with a repair rule → redrive-dlq (Prepare, redrive-batch re-producing repaired
 * records and parking the invalid and the poison one, Summarise: REDRIVE_FINISHED, POISON_RECORDS) → rows land → alarm
 * OK (ALARM_RESOLVED). Every log line (log4j2 events of every logger, io.channelpilot at ALL, and the console), every
 * SNS message, every Step Functions execution's input/output/history, the CLI output and the status table are then
 * searched: the marker is nowhere, while positive controls show it did reach Kafka, the Iceberg table and the DLQ, and
 * that the capture saw the product's own lines.
 */
class RedactionMarkerTest {

    private static final String CLUSTER = "orders-express";
    private static final String TOPIC = "orders.updated";
    private static final String MARKER = "CPMARK-" + UUID.randomUUID().toString().substring(0, 12);
    private static final ObjectMapper JSON = WorkflowJson.mapper();

    private static LogCapture capture;
    private static LocalWorld world;

    @BeforeAll
    static void start() {
        capture = LogCapture.start();
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")));
        // redrive-batch's token bucket on the virtual clock (as RedriveEndToEndTest binds it)
        world.workflows().lambdas().register("RedriveBatchFunction", new RedriveBatchHandler(
                BatchWiring.from(BatchConfig.from(world.functionEnvironment()), AwsClients.from(world.functionEnvironment()),
                        TimeSource.of(world.clock()))));
    }

    @AfterAll
    static void stop() {
        try {
            world.close();
        } finally {
            capture.close();
        }
    }

    @Test
    void shouldKeepTheMarkerOutOfEveryLogLineNotificationAndExecutionFromDeliveryToResolved() throws Exception {
        String region = world.file().region();
        List<String> cliOutput = new ArrayList<>();
        ChannelSpec spec;
        StackSettings stack = StackSettings.from(world.functionEnvironment());
        try (DynamoDbClient dynamo = LocalClients.build(DynamoDbClient.builder(), world.server().endpoint(), region);
             S3Client s3 = LocalClients.s3(world.server().endpoint(), region)) {
            // GIVEN a managed channel with its three alarms and its desired spec recorded
            spec = AlarmedChannels.create(world, CLUSTER, TOPIC);
            world.advance(Duration.ofSeconds(60));

            // AND records carrying the marker in values, keys and headers: good ones, ones missing the required amount
            // (repairable), type mismatches and a malformed one (parked), and one already redriven twice (poison)
            for (int i = 0; i < 4; i++) {
                produce("{\"order_id\":\"" + MARKER + "-good" + i + "\",\"amount\":1.5,\"quantity\":2,\"event_time\":\"2026-05-01T10:15:00Z\"}", Map.of());
            }
            for (int i = 0; i < 3; i++) {
                produce("{\"order_id\":\"" + MARKER + "-missing" + i + "\",\"event_time\":\"2026-05-01T10:15:00Z\"}", Map.of());
            }
            var mismatch = produce("{\"order_id\":\"t1\",\"amount\":\"" + MARKER + "\",\"event_time\":\"2026-05-01T10:15:00Z\"}", Map.of());
            produce("{\"order_id\":\"t2\",\"amount\":{\"v\":\"" + MARKER + "\"},\"event_time\":\"2026-05-01T10:15:00Z\"}", Map.of());
            produce("{\"order_id\":\"" + MARKER + "\",", Map.of());
            produce("{\"order_id\":\"" + MARKER + "-poison\",\"event_time\":\"2026-05-01T10:15:00Z\"}",
                    Map.of(RedriveHeaders.REDRIVE_COUNT, "2".getBytes(StandardCharsets.UTF_8)));
            // AND a DLQ object in the variant that carries values in its error message and payload fields
            String variantKey = spec.infrastructure().dlqPrefix() + "zz-variant/with-values.jsonl";
            String line = JSON.createObjectNode().put("topic", TOPIC).put("partition", mismatch.partition())
                    .put("offset", mismatch.offset()).put("errorCode", "TYPE_MISMATCH")
                    .put("errorMessage", "expected number at /amount but got \"" + MARKER + "\"").put("fieldPointer", "/amount")
                    .put("payload", "{\"amount\":\"" + MARKER + "\"}")
                    .put("payloadBase64", java.util.Base64.getEncoder().encodeToString(MARKER.getBytes(StandardCharsets.UTF_8)))
                    .toString();
            s3.putObject(r -> r.bucket(stack.dlqBucket()).key(variantKey), RequestBody.fromString(line + "\n"));

            // WHEN the delivery dead-letters them, the alarm fires and triage answers
            world.advance(Duration.ofMinutes(13));
            assertThat(kinds()).contains("DLQ_TRIAGE");
            // (7 dead letters from the delivery plus the variant's entry: the values-carrying object was read, not quarantined)
            assertThat(notifications("DLQ_TRIAGE")).singleElement()
                    .satisfies(n -> assertThat(n.at("/facts/records").asText()).isEqualTo("8"));

            // AND the operator redrives with a repair rule, then looks at the task
            OperatorCli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                    "--repair", "default:/amount=0", "--output", "json");
            cliOutput.add(start.out());
            assertThat(start.exit()).as(start.out()).isZero();
            OperatorCli status = cli("redrive", "status", "--task", JSON.readTree(start.out()).path("taskId").asText(), "--output", "json");
            cliOutput.add(status.out());
            assertThat(JSON.readTree(status.out()).path("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(JSON.readTree(status.out()).at("/counters/reproduced").asLong()).isEqualTo(3);
            assertThat(JSON.readTree(status.out()).at("/counters/poison").asLong()).isEqualTo(1);
            cliOutput.add(cli("status", "--cluster", CLUSTER, "--output", "json").out());

            // AND the repaired rows land and the alarm resolves
            world.advance(Duration.ofMinutes(16));

            // THEN every path ran: triage, redrive summary, poison escalation and resolution were notified
            assertThat(kinds()).contains("DLQ_TRIAGE", "REDRIVE_FINISHED", "POISON_RECORDS", "ALARM_RESOLVED");

            // AND positive controls: the marker is in the topic, the table, the DLQ, and the capture saw product lines
            assertThat(topicText()).contains(MARKER + "-good0", MARKER + "-missing0", MARKER + "-poison");
            TableId table = new TableId("analytics", spec.namespace(), spec.table());
            assertThat(world.warehouse().readRows(table).toString()).contains(MARKER + "-good0", MARKER + "-missing2");
            assertThat(s3.getObjectAsBytes(r -> r.bucket(stack.dlqBucket()).key(variantKey)).asUtf8String()).contains(MARKER);
            String probe = "CPPROBE-" + UUID.randomUUID();
            org.slf4j.LoggerFactory.getLogger("io.channelpilot.redaction.Probe").debug("probe {}", probe);
            System.out.println(probe + "-stdout");
            List<String> lines = capture.lines();
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("probe " + probe));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains(probe + "-stdout"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("redrive task prepared"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("CloudWatchMetrics"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("function_name=RespondToAlarmFunction"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains("function_name=RedriveBatchFunction"));
            assertThat(lines).anySatisfy(l -> assertThat(l).contains(" DEBUG "));

            // AND the marker appears in no log line, notification, execution, CLI answer or status item
            assertThat(lines).as("log lines").noneSatisfy(l -> assertThat(l).contains(MARKER));
            assertThat(world.sns().published()).isNotEmpty()
                    .noneSatisfy(m -> assertThat(m.toString()).contains(MARKER));
            assertThat(executions()).isNotEmpty().noneSatisfy(e -> assertThat(e).contains(MARKER));
            assertThat(cliOutput).noneSatisfy(o -> assertThat(o).contains(MARKER));
            assertThat(dynamo.scan(r -> r.tableName(world.stack().statusTable())).items().toString()).doesNotContain(MARKER);
        }
    }

    private static org.apache.kafka.clients.producer.RecordMetadata produce(String value, Map<String, byte[]> headers) {
        Map<String, byte[]> all = new HashMap<>(headers);
        all.put("x-trace", (MARKER + "-header").getBytes(StandardCharsets.UTF_8));
        return world.kafka().produce(CLUSTER, TOPIC, (MARKER + "-key").getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8), all);
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

    private static List<String> kinds() {
        return world.sns().published().stream().map(m -> {
            try {
                return JSON.readTree(m.defaultMessage()).path("kind").asText();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).toList();
    }

    /** Every execution of every state machine: input, output, error, cause and each history event. */
    private static List<String> executions() {
        List<String> out = new ArrayList<>();
        for (String arn : world.workflows().stateMachineArns().values()) {
            world.workflows().executions().list(arn, null).forEach(d -> out.add(
                    world.workflows().executions().describe(d.executionArn()).toString()));
        }
        return out;
    }

    /** Keys, values and headers of every record in the topic. */
    private static String topicText() {
        StringBuilder text = new StringBuilder();
        for (ConsumerRecord<byte[], byte[]> r : world.kafka().readAll(CLUSTER, TOPIC)) {
            text.append(new String(r.key(), StandardCharsets.UTF_8)).append(' ')
                    .append(new String(r.value(), StandardCharsets.UTF_8)).append('\n');
        }
        return text.toString();
    }

    private static OperatorCli cli(String... args) {
        return OperatorCli.run(world, args);
    }
}
