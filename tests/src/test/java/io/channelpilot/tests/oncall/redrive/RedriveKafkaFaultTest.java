package io.channelpilot.tests.oncall.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.kafka.KafkaFaults;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.redrive.batch.BatchConfig;
import io.channelpilot.redrive.batch.BatchWiring;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.time.TimeSource;
import io.channelpilot.redrive.batch.RedriveBatchHandler;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.tests.OperatorCli;
import io.channelpilot.tests.Repo;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * Issue 16 item 3: Kafka data-plane faults in the middle of a redrive, through the real redrive-dlq state machine of
 * the local world with the broker behind {@link io.channelpilot.local.world.kafka.KafkaFaultProxy}. Each case
 * dead-letters its own records, arms one fault to fire at the third Produce request of the redrive, and then checks,
 * from the topic itself, that every original has exactly one copy of this task (none lost, none twice), that the task
 * reached SUCCEEDED with every record counted reproduced, and that the fault really was injected. docs/developer-guide.md
 * ("Kafka faults during a redrive") says which mechanism holds each case.
 */
class RedriveKafkaFaultTest {

    static final String CLUSTER = "orders-express";
    static final String TOPIC = "orders.created";
    static final int RECORDS = 1_500;
    /** The fault fires when this many Produce requests of the redrive have passed: mid-batch, sends in flight. */
    static final int FIRE_AT = 3;
    static final ObjectMapper JSON = new ObjectMapper();

    static LocalWorld world;
    static ChannelSpec spec;
    static DynamoDbClient dynamo;
    static RedriveBatchHandler batchHandler;
    static KafkaFaults faults;

    @BeforeAll
    static void startWorldBehindTheFaultProxy() {
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")).withKafkaFaultProxy());
        String region = world.file().region();
        Map<String, String> env = new HashMap<>(world.functionEnvironment());
        // short producer timeouts so a lost answer is retried within seconds (template.yaml declares both, empty)
        env.put("CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS", "3000");
        env.put("CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS", "60000");
        batchHandler = new RedriveBatchHandler(BatchWiring.from(BatchConfig.from(env), AwsClients.from(env), TimeSource.of(world.clock())));
        world.workflows().lambdas().register("RedriveBatchFunction", batchHandler);
        dynamo = LocalClients.dynamo(world.server().endpoint(), region);
        String clusterArn;
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
             CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(), region)) {
            var cluster = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                    .filter(c -> c.clusterName().equals(CLUSTER)).findFirst().orElseThrow();
            clusterArn = cluster.clusterArn();
            spec = new SpecResolver(StackSettings.from(world.functionEnvironment()))
                    .resolve(clusterArn, cluster.tags(), TOPIC, Map.of()).specs().get(0);
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
            kafka.createChannel(ChannelRequests.create(spec, "channel-pilot-local"));
            world.advance(Duration.ofSeconds(60));
        }
        new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock()).update(
                new ChannelKey(clusterArn, spec.channelName()), TOPIC, s -> s.withDesired(json(spec), spec.fingerprint()));
        faults = world.kafka().faults(CLUSTER);
    }

    @AfterAll
    static void stop() {
        batchHandler.close();
        dynamo.close();
        world.close();
    }

    @AfterEach
    void clearFaults() {
        faults.clear();
    }

    @Test
    void shouldReproduceEveryRecordOnceWhenTheBrokerRestartsMidBatch() throws Exception {
        CompletableFuture<Void> restarted = new CompletableFuture<>();

        Outcome o = redriveUnder(f -> f.onProduceRequest(FIRE_AT, () -> {
            try {
                world.kafka().restartBroker(CLUSTER);
                restarted.complete(null);
            } catch (RuntimeException e) {
                restarted.completeExceptionally(e);
            }
        }));

        restarted.get(60, TimeUnit.SECONDS); // the restart happened, and during the redrive
        o.assertExactlyOnce();
    }

    @Test
    void shouldReproduceEveryRecordOnceWhenNoLeaderIsAvailableForAWhile() throws Exception {
        long before = faults.injected().refusedProduce();

        Outcome o = redriveUnder(f -> f.onProduceRequest(FIRE_AT, () -> f.leaderNotAvailable(Duration.ofSeconds(4))));

        assertThat(faults.injected().refusedProduce()).as("Produce requests refused NOT_LEADER").isGreaterThan(before);
        o.assertExactlyOnce();
    }

    @Test
    void shouldReproduceEveryRecordOnceWhenAProduceTimesOutAfterTheWriteTookEffect() throws Exception {
        long before = faults.injected().swallowedResponses();

        Outcome o = redriveUnder(f -> f.onProduceRequest(FIRE_AT, () -> f.swallowProduceResponses(1)));

        assertThat(faults.injected().swallowedResponses()).as("answers swallowed").isEqualTo(before + 1);
        o.assertExactlyOnce();
    }

    // ---------------------------------------------------------------- the scenario

    /** What one redrive under a fault left: the task's status and, per original, the copies of this task in the topic. */
    record Outcome(JsonNode status, List<String> originals, List<String> copiesOf) {
        void assertExactlyOnce() {
            assertThat(status.path("state").asText()).as(status.toString()).isEqualTo("SUCCEEDED");
            assertThat(status.at("/counters/reproduced").asLong()).as(status.toString()).isEqualTo(RECORDS);
            assertThat(status.at("/counters/failed").asLong()).as(status.toString()).isZero();
            assertThat(copiesOf).as("no copy twice").doesNotHaveDuplicates();
            assertThat(copiesOf).as("every original re-produced once").containsExactlyInAnyOrderElementsOf(originals);
        }
    }

    /**
     * Dead-letters {@link #RECORDS} fresh records (amount missing: repairable with a default), arms the fault, redrives
     * the window from the first of them through the CLI and the redrive-dlq state machine, and reads the outcome.
     */
    static Outcome redriveUnder(Consumer<KafkaFaults> arm) throws Exception {
        List<byte[]> values = new ArrayList<>();
        String run = Long.toString(System.nanoTime(), 36);
        for (int i = 0; i < RECORDS; i++) {
            values.add(("{\"order_id\":\"" + run + "-" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}")
                    .getBytes(StandardCharsets.UTF_8));
        }
        List<RecordMetadata> produced = world.kafka().produceAll(CLUSTER, TOPIC, values);
        Instant from = Instant.ofEpochMilli(produced.stream().mapToLong(RecordMetadata::timestamp).min().orElseThrow());
        List<String> originals = produced.stream().map(m -> TOPIC + "/" + m.partition() + "/" + m.offset()).toList();
        world.advance(Duration.ofMinutes(11)); // the delivery simulation dead-letters them
        arm.accept(faults);

        OperatorCli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER, "--from", from.toString(),
                "--repair", "default:/amount=0", "--output", "json");

        assertThat(start.exit()).as(start.out()).isZero();
        faults.clear();
        String taskId = start.json().path("taskId").asText();
        JsonNode status = cli("redrive", "status", "--task", taskId, "--output", "json").json();
        List<String> copiesOf = world.kafka().readAll(CLUSTER, TOPIC).stream()
                .filter(r -> taskId.equals(RedriveEndToEndTest.header(r, RedriveHeaders.REDRIVE_TASK)))
                .map(r -> RedriveEndToEndTest.header(r, RedriveHeaders.REDRIVE_OF)).toList();
        return new Outcome(status, originals, copiesOf);
    }

    static OperatorCli cli(String... args) {
        return OperatorCli.run(world, args);
    }

    static String json(ChannelSpec s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
