package io.channelpilot.tests.oncall.redrive;

import io.channelpilot.gateway.AwsClients;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.gateway.DynamoDbRedriveTaskStore;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.redrive.batch.BatchConfig;
import io.channelpilot.redrive.batch.BatchWiring;
import io.channelpilot.time.TimeSource;
import io.channelpilot.redrive.batch.RedriveBatchHandler;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.tests.Repo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * Redrive end to end in the local world, driven through the operator CLI in-process: bad records produced → the
 * delivery simulation writes DLQ objects → {@code redrive start} runs the real redrive-dlq state machine (Prepare,
 * Distributed Map of redrive-batch over listObjectsV2, Summarise) → repaired rows land in the Iceberg table, the rest
 * are parked. One world and one channel for the class; the tests run in order because they share the channel's lock.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedriveEndToEndTest {

    static final String CLUSTER = "orders-express";
    static final String TOPIC = "orders.created";
    static final ObjectMapper JSON = new ObjectMapper();

    static LocalWorld world;
    static ChannelSpec spec;
    static String clusterArn;
    static DynamoDbClient dynamo;
    static int goodRows;
    static long endBefore;
    static RedriveBatchHandler batchHandler;

    @BeforeAll
    static void startWorldWithDeadLetteredRecords() {
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")));
        String region = world.file().region();
        // the world's function environment already points redrive-batch at the embedded broker (PLAINTEXT); the handler
        // is bound here only to run its token bucket on the virtual clock
        Map<String, String> batchEnv = new HashMap<>(world.functionEnvironment());
        assertThat(batchEnv).containsEntry("CHANNEL_PILOT_KAFKA_AUTH", "PLAINTEXT")
                .containsEntry("CHANNEL_PILOT_KAFKA_BOOTSTRAP", CLUSTER + "=" + world.kafka().bootstrapServers(CLUSTER));
        batchHandler = new RedriveBatchHandler(BatchWiring.from(BatchConfig.from(batchEnv), AwsClients.from(batchEnv), TimeSource.of(world.clock())));
        world.workflows().lambdas().register("RedriveBatchFunction", batchHandler);
        dynamo = LocalClients.dynamo(world.server().endpoint(), region);
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
             CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(), region)) {
            var cluster = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                    .filter(c -> c.clusterName().equals(CLUSTER)).findFirst().orElseThrow();
            clusterArn = cluster.clusterArn();
            StackSettings stack = StackSettings.from(world.functionEnvironment());
            spec = new SpecResolver(stack).resolve(clusterArn, cluster.tags(), TOPIC, Map.of()).specs().get(0);
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
            kafka.createChannel(ChannelRequests.create(spec, "channel-pilot-local"));
            world.advance(Duration.ofSeconds(60));
        }
        new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock()).update(
                new ChannelKey(clusterArn, spec.channelName()), TOPIC, s -> s.withDesired(json(spec), spec.fingerprint()));
        // 12 good, 6 missing the required amount (repairable with a default), 3 malformed (never repairable)
        for (int i = 0; i < 21; i++) {
            String value = i < 12 ? "{\"order_id\":\"g" + i + "\",\"amount\":1.25,\"event_time\":\"2026-05-01T10:00:00Z\"}"
                    : i < 18 ? "{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}"
                    : "{\"order_id\":\"x" + i + "\",";
            world.kafka().produce(CLUSTER, TOPIC, ("k" + i).getBytes(StandardCharsets.UTF_8),
                    value.getBytes(StandardCharsets.UTF_8), Map.of());
        }
        goodRows = 12;
        world.advance(Duration.ofMinutes(11));
        endBefore = totalEndOffset();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        world.close();
    }

    @Test
    @Order(1)
    void shouldDeadLetterTheBadRecordsBeforeAnyRedrive() {
        assertThat(world.warehouse().rowCount(table())).isEqualTo(goodRows);
        assertThat(world.s3().listObjects(world.stack().dlqBucket(), spec.infrastructure().dlqPrefix())).isNotEmpty();
    }

    @Test
    @Order(2)
    void shouldChangeNothingButCountWhatWouldHappenWhenDryRun() throws Exception {
        Cli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                "--repair", "default:/amount=0", "--dry-run", "--output", "json");

        assertThat(start.exit).as(start.out).isZero();
        JsonNode status = cli("redrive", "status", "--task", start.json().path("taskId").asText(), "--output", "json").json();
        assertThat(status.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(status.path("mode").asText()).isEqualTo("DRY_RUN");
        assertThat(status.at("/counters/reproduced").asLong()).isEqualTo(6);
        assertThat(status.at("/counters/parked").asLong()).isEqualTo(3);
        assertThat(totalEndOffset()).isEqualTo(endBefore);
        world.advance(Duration.ofMinutes(11));
        assertThat(world.warehouse().rowCount(table())).isEqualTo(goodRows);
    }

    @Test
    @Order(3)
    void shouldRedeliverRepairableRowsAndParkTheRestWhenLive() throws Exception {
        Cli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                "--repair", "default:/amount=0", "--rate", "100/s", "--output", "json");

        assertThat(start.exit).as(start.out).isZero();
        String taskId = start.json().path("taskId").asText();
        JsonNode status = cli("redrive", "status", "--channel", spec.channelName(), "--output", "json").json();
        assertThat(status.path("taskId").asText()).isEqualTo(taskId);
        assertThat(status.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(status.at("/counters/recordsSeen").asLong()).isEqualTo(9);
        assertThat(status.at("/counters/reproduced").asLong()).isEqualTo(6);
        assertThat(status.at("/counters/parked").asLong()).isEqualTo(3);
        assertThat(status.path("startedAt").isNull()).isFalse();
        assertThat(status.path("finishedAt").isNull()).isFalse();
        List<ConsumerRecord<byte[], byte[]>> copies = recordsAfter(endBefore);
        assertThat(copies).hasSize(6);
        assertThat(copies).allSatisfy(r -> {
            assertThat(header(r, RedriveHeaders.REDRIVE_OF)).startsWith(TOPIC + "/");
            assertThat(header(r, RedriveHeaders.REDRIVE_COUNT)).isEqualTo("1");
            assertThat(header(r, RedriveHeaders.REDRIVE_TASK)).isEqualTo(taskId);
        });
        assertThat(copies.stream().map(r -> header(r, RedriveHeaders.REDRIVE_OF)).distinct()).hasSize(6);
        world.advance(Duration.ofMinutes(11));
        assertThat(world.warehouse().rowCount(table())).isEqualTo(goodRows + 6);
        assertThat(world.sns().published()).anySatisfy(m -> assertThat(m.toString()).contains("REDRIVE_FINISHED"));
    }

    @Test
    @Order(4)
    void shouldRefuseASecondStartWhileOneIsActiveAndCancelIt() throws Exception {
        DynamoDbRedriveTaskStore tasks = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock());
        RedriveRequest request = RedriveRequest.of(clusterArn, spec.channelName());
        assertThat(tasks.create(new RedriveTask("held-1", request, TOPIC, "b", "p", "sales/orders", "event_time", "",
                TaskState.RUNNING, RedriveCounters.ZERO, "", "", world.clock().instant(), world.clock().instant(), null)))
                .isEmpty();

        Cli second = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER, "--output", "json");

        assertThat(second.exit).isEqualTo(3);
        assertThat(second.json().path("code").asText()).isEqualTo("TASK_ALREADY_ACTIVE");
        assertThat(second.json().path("activeTaskId").asText()).isEqualTo("held-1");
        assertThat(second.json().path("remediation").asText()).contains("redrive cancel");
        Cli cancel = cli("redrive", "cancel", "--task", "held-1", "--output", "json");
        assertThat(cancel.exit).isZero();
        assertThat(cancel.json().path("state").asText()).isEqualTo("CANCELLED");
        assertThat(cli("redrive", "cancel", "--task", "held-1", "--output", "json").json().path("code").asText())
                .isEqualTo("TASK_NOT_ACTIVE");
    }

    @Test
    @Order(5)
    void shouldStopACancelledTaskMidwayWithoutProducing() throws Exception {
        long before = totalEndOffset();
        RedriveBatchHandler real = batchHandler;
        // the operator cancels while the first batch is about to run
        world.workflows().lambdas().register("RedriveBatchFunction", (com.amazonaws.services.lambda.runtime.RequestStreamHandler)
                (in, out, ctx) -> {
                    String task = latestTaskId();
                    cli("redrive", "cancel", "--task", task);
                    real.handleRequest(in, out, ctx);
                });
        try {
            Cli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                    "--repair", "default:/amount=0", "--output", "json");
            String taskId = start.json().path("taskId").asText();

            JsonNode status = cli("redrive", "status", "--task", taskId, "--output", "json").json();
            assertThat(status.path("state").asText()).isEqualTo("CANCELLED");
            assertThat(totalEndOffset()).isEqualTo(before);
        } finally {
            world.workflows().lambdas().register("RedriveBatchFunction", real);
        }
    }

    @Test
    @Order(6)
    void shouldReproduceOnceDespiteAKilledWorkerStopPoisonAndReportExpired() throws Exception {
        // GIVEN new dead-lettered records after t0: one that will fall out of retention, four repairable, one poison
        // the world stamps records and DLQ objects with its virtual time, so the window starts on its clock
        java.time.Instant t0 = world.clock().instant().minusSeconds(1);
        var expiring = world.kafka().produce(CLUSTER, TOPIC, "e".getBytes(StandardCharsets.UTF_8),
                missingAmount("e1"), Map.of());
        for (int i = 0; i < 4; i++) {
            world.kafka().produce(CLUSTER, TOPIC, ("r" + i).getBytes(StandardCharsets.UTF_8), missingAmount("r" + i), Map.of());
        }
        world.kafka().produce(CLUSTER, TOPIC, "p".getBytes(StandardCharsets.UTF_8), missingAmount("p1"),
                Map.of(RedriveHeaders.REDRIVE_COUNT, "2".getBytes(StandardCharsets.UTF_8)));
        world.advance(Duration.ofMinutes(11));
        try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin.create(Map.of(
                "bootstrap.servers", world.kafka().bootstrapServers(CLUSTER)))) {
            admin.deleteRecords(Map.of(new TopicPartition(TOPIC, expiring.partition()),
                    org.apache.kafka.clients.admin.RecordsToDelete.beforeOffset(expiring.offset() + 1))).all().get();
        }
        // AND a worker that dies once between the broker's acknowledgement and the ledger's DONE mark
        java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
        DynamoDbRedriveTaskStore real = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock());
        io.channelpilot.redrive.RedriveTaskStore dying = new DyingOnce(real, killed);
        Map<String, String> env = new HashMap<>(world.functionEnvironment());
        var clients = AwsClients.from(env);
        io.channelpilot.redrive.batch.BatchWorker worker = new io.channelpilot.redrive.batch.BatchWorker(dying,
                new io.channelpilot.redrive.batch.gateway.S3DlqReader(clients.s3(), io.channelpilot.dlq.DlqParser.withDefaults(),
                        io.channelpilot.model.Home.from(env).account()),
                new io.channelpilot.redrive.batch.gateway.MskKafkaConnector(new io.channelpilot.redrive.batch.gateway.KafkaSettings(
                        io.channelpilot.redrive.batch.gateway.KafkaSettings.Auth.PLAINTEXT,
                        world.kafka().bootstrapServers(CLUSTER)), clients::kafka), world.clock(), world.clock());
        world.workflows().lambdas().register("RedriveBatchFunction", new RedriveBatchHandler(new BatchWiring(worker)));
        long sentBefore = world.sns().published().size();
        try {
            // WHEN the operator redrives the window since t0
            Cli start = cli("redrive", "start", "--channel", spec.channelName(), "--cluster", CLUSTER,
                    "--from", t0.toString(), "--repair", "default:/amount=0", "--output", "json");
            String taskId = start.json().path("taskId").asText();

            // THEN the Map retried the killed batch, and every repairable record was produced exactly once
            assertThat(killed).isTrue();
            JsonNode status = cli("redrive", "status", "--task", taskId, "--output", "json").json();
            assertThat(status.path("state").asText()).isEqualTo("SUCCEEDED");
            assertThat(status.at("/counters/recordsSeen").asLong()).isEqualTo(6);
            assertThat(status.at("/counters/reproduced").asLong()).isEqualTo(4);
            assertThat(status.at("/counters/expired").asLong()).isEqualTo(1);
            assertThat(status.at("/counters/parked").asLong()).isEqualTo(1);
            assertThat(status.at("/counters/poison").asLong()).isEqualTo(1);
            List<String> copiesOf = recordsAfter(0).stream().filter(r -> taskId.equals(header(r, RedriveHeaders.REDRIVE_TASK)))
                    .map(r -> header(r, RedriveHeaders.REDRIVE_OF)).toList();
            assertThat(copiesOf).hasSize(4).doesNotHaveDuplicates();
            assertThat(world.sns().published().subList((int) sentBefore, world.sns().published().size()))
                    .anySatisfy(m -> assertThat(m.toString()).contains("POISON_RECORDS"));
        } finally {
            world.workflows().lambdas().register("RedriveBatchFunction", batchHandler);
        }
    }

    @Test
    @Order(7)
    void shouldWriteDoneMarksTwentyFivePerBatchWriteAndReadThemBackFromTheLedger() {
        // GIVEN 60 claimed ledger entries in the status table
        DynamoDbRedriveTaskStore store = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock());
        List<io.channelpilot.redrive.LedgerEntry> marks = new java.util.ArrayList<>();
        for (int i = 0; i < 60; i++) {
            io.channelpilot.redrive.RecordId id = new io.channelpilot.redrive.RecordId("marks-topic", i % 3, i);
            assertThat(store.claim("marks-task", io.channelpilot.redrive.LedgerEntry.claimed(id, "b1", i % 3, 100))).isEmpty();
            marks.add(new io.channelpilot.redrive.LedgerEntry(id, io.channelpilot.redrive.LedgerEntry.LedgerState.DONE,
                    "b1", i % 3, 100, 1_000 + i, ""));
        }
        long before = world.server().calls().count("dynamodb:BatchWriteItem");

        // WHEN the worker writes their DONE marks at once
        store.settleAll("marks-task", marks);

        // THEN three BatchWriteItem requests (25 + 25 + 10) overwrote every entry with its DONE mark
        assertThat(world.server().calls().count("dynamodb:BatchWriteItem") - before).isEqualTo(3);
        for (io.channelpilot.redrive.LedgerEntry mark : marks) {
            assertThat(store.claim("marks-task", io.channelpilot.redrive.LedgerEntry.claimed(mark.id(), "b2", 0, 0)))
                    .contains(mark);
        }
    }

    @Test
    @Order(8)
    void shouldClaimAHundredRecordsPerTransactionAndReturnTheEntriesThatAlreadyExisted() {
        // GIVEN 130 records to claim, of which 7 already have an entry (another batch's, or a settled one)
        DynamoDbRedriveTaskStore store = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock());
        List<io.channelpilot.redrive.LedgerEntry> claims = new java.util.ArrayList<>();
        Map<io.channelpilot.redrive.RecordId, io.channelpilot.redrive.LedgerEntry> earlier = new HashMap<>();
        for (int i = 0; i < 130; i++) {
            io.channelpilot.redrive.RecordId id = new io.channelpilot.redrive.RecordId("claims-topic", i % 2, i);
            claims.add(io.channelpilot.redrive.LedgerEntry.claimed(id, "b-now", i % 2, 500));
            if (i % 19 == 3) {
                io.channelpilot.redrive.LedgerEntry other = i % 2 == 0
                        ? io.channelpilot.redrive.LedgerEntry.claimed(id, "b-other", 0, 400)
                        : io.channelpilot.redrive.LedgerEntry.settled(id,
                                io.channelpilot.redrive.LedgerEntry.LedgerState.PARKED, "b-now", "POISON");
                assertThat(store.claim("claims-task", other)).isEmpty();
                earlier.put(id, other);
            }
        }
        long before = world.server().calls().count("dynamodb:TransactWriteItems");

        // WHEN the worker claims them together
        Map<io.channelpilot.redrive.RecordId, io.channelpilot.redrive.LedgerEntry> existing = store.claimAll("claims-task", claims);

        // THEN the existing entries come back unchanged and every other record is claimed now, in 4 transactions: the
        // first 100 are cancelled (6 existed) and the 94 others go through, then the last 30 likewise (1 existed)
        assertThat(earlier).hasSize(7);
        assertThat(existing).isEqualTo(earlier);
        assertThat(world.server().calls().count("dynamodb:TransactWriteItems") - before).isEqualTo(4);
        for (io.channelpilot.redrive.LedgerEntry claim : claims) {
            assertThat(store.claim("claims-task", io.channelpilot.redrive.LedgerEntry.claimed(claim.id(), "b-late", 0, 0)))
                    .contains(earlier.getOrDefault(claim.id(), claim));
        }
    }

    static byte[] missingAmount(String id) {
        return ("{\"order_id\":\"" + id + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8);
    }

    /** Delegates to the real store but dies once on the first DONE mark (after the broker acknowledged the send). */
    record DyingOnce(io.channelpilot.redrive.RedriveTaskStore d, java.util.concurrent.atomic.AtomicBoolean killed)
            implements io.channelpilot.redrive.RedriveTaskStore {
        public java.util.Optional<String> create(RedriveTask t) {
            return d.create(t);
        }

        public java.util.Optional<RedriveTask> find(String id) {
            return d.find(id);
        }

        public java.util.Optional<RedriveTask> latest(ChannelKey c) {
            return d.latest(c);
        }

        public boolean transition(String id, java.util.Set<TaskState> from, TaskState next, String reason,
                                  java.time.Instant at) {
            return d.transition(id, from, next, reason, at);
        }

        public void setExecution(String id, String arn) {
            d.setExecution(id, arn);
        }

        public void setSchema(String id, String def) {
            d.setSchema(id, def);
        }

        public boolean reportBatch(String id, String batch, RedriveCounters delta) {
            return d.reportBatch(id, batch, delta);
        }

        public boolean batchReported(String id, String batch) {
            return d.batchReported(id, batch);
        }

        public java.util.Optional<io.channelpilot.redrive.LedgerEntry> claim(String id, io.channelpilot.redrive.LedgerEntry e) {
            return d.claim(id, e);
        }

        public void settle(String id, io.channelpilot.redrive.LedgerEntry e) {
            if (e.state() == io.channelpilot.redrive.LedgerEntry.LedgerState.DONE && killed.compareAndSet(false, true)) {
                throw new IllegalStateException("worker killed after the send, before the DONE mark");
            }
            d.settle(id, e);
        }
    }

    // ---------------------------------------------------------------- helpers

    record Cli(int exit, String out) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }
    }

    static Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), world.clientEnvironment(), new PrintWriter(out),
                new PrintWriter(err));
        return new Cli(exit, out + err.toString());
    }

    static String latestTaskId() {
        return new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock())
                .latest(new ChannelKey(clusterArn, spec.channelName())).orElseThrow().taskId();
    }

    static TableId table() {
        return new TableId("analytics", spec.namespace(), spec.table());
    }

    static String json(ChannelSpec s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static long totalEndOffset() {
        try (KafkaConsumer<byte[], byte[]> c = world.kafka().newConsumer(CLUSTER)) {
            List<TopicPartition> parts = new ArrayList<>();
            for (int p = 0; p < world.kafka().partitionCount(CLUSTER, TOPIC); p++) {
                parts.add(new TopicPartition(TOPIC, p));
            }
            return c.endOffsets(parts).values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Records beyond the originals (21 of them, offsets per partition), i.e. every copy. */
    static List<ConsumerRecord<byte[], byte[]>> recordsAfter(long originals) {
        return world.kafka().readAll(CLUSTER, TOPIC).stream()
                .filter(r -> r.headers().lastHeader(RedriveHeaders.REDRIVE_OF) != null).toList();
    }

    static String header(ConsumerRecord<byte[], byte[]> r, String name) {
        var h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }
}
