package io.channelpilot.redrive.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.model.RepairRule;
import io.channelpilot.redrive.InMemoryRedriveTaskStore;
import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import io.channelpilot.redrive.batch.gateway.KafkaConnector;
import io.channelpilot.redrive.batch.gateway.KafkaRecordSink;
import io.channelpilot.redrive.batch.gateway.KafkaRecordSource;
import io.channelpilot.redrive.batch.gateway.KafkaSettings;
import io.channelpilot.redrive.batch.gateway.DlqObjects;
import io.channelpilot.redrive.batch.gateway.SourceRecord;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;

/** The worker against a real embedded KRaft broker and the in-memory ledger; one broker for the class, a topic per test. */
class BatchWorkerKafkaTest {

    static final String CLUSTER = "orders-express";
    static final String CLUSTER_ARN = "arn:aws:kafka:us-east-1:123456789012:cluster/" + CLUSTER + "/abc-1";
    static final String SCHEMA = """
            {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
             "properties":{"id":{"type":"integer"},"amount":{"type":"number"},
                           "event_time":{"type":"string","format":"date-time"}},
             "required":["id","event_time"]}""";
    static final String T = "\"event_time\":\"2026-01-01T00:00:00Z\"";

    @TempDir
    static Path dir;
    static EmbeddedKafka kafka;
    static final AtomicInteger TOPICS = new AtomicInteger();

    final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T01:00:00Z"));
    final InMemoryRedriveTaskStore store = new InMemoryRedriveTaskStore();
    final Map<String, List<DlqEntry>> objects = new HashMap<>();
    final List<BatchWorker> workers = new ArrayList<>();
    String topic;

    @BeforeAll
    static void startBroker() {
        kafka = EmbeddedKafka.start(dir, List.of(CLUSTER));
    }

    @AfterAll
    static void stopBroker() {
        kafka.close();
    }

    /** Four originals at offsets 0..3: valid, repairable, unrepairable, already redriven twice (poison). */
    void givenDeadLetteredRecords() {
        topic = "orders-" + TOPICS.incrementAndGet();
        kafka.createTopic(CLUSTER, topic, 1, Map.of());
        produce("{\"id\":1," + T + "}", Map.of());
        produce("{\"id\":\"2\"," + T + "}", Map.of());
        produce("{\"amount\":3.5," + T + "}", Map.of());
        produce("{\"id\":4," + T + "}", Map.of("channel-pilot-redrive-count", "2".getBytes(StandardCharsets.UTF_8)));
        objects.put("dlq/a.jsonl.gz", List.of(entry(0, "SCHEMA_RESOLUTION"), entry(1, "TYPE_MISMATCH")));
        objects.put("dlq/b.jsonl.gz", List.of(entry(2, "MISSING_REQUIRED_FIELD"), entry(3, "TYPE_MISMATCH")));
    }

    @Test
    void shouldReproduceRepairableRecordsAndParkTheRestWhenLive() {
        givenDeadLetteredRecords();
        givenTask("t1", RunMode.LIVE);

        BatchResult result = worker(store).run(batch("t1"));

        assertThat(result.outcome()).isEqualTo("PROCESSED");
        assertThat(result.counters()).isEqualTo(new RedriveCounters(2, 4, 2, 2, 0, 0, 0, 1));
        assertThat(store.find("t1").orElseThrow().counters()).isEqualTo(result.counters());
        assertThat(result.poisonSamples()).containsExactly(topic + "/0/3");
        List<Copy> copies = copies();
        assertThat(copies).extracting(Copy::of).containsExactly(topic + "/0/0", topic + "/0/1");
        assertThat(copies).extracting(Copy::count).containsOnly("1");
        assertThat(copies.get(1).value()).contains("\"id\":2");
        assertThat(store.ledger("t1")).extracting(LedgerEntry::state, LedgerEntry::reason).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(LedgerEntry.LedgerState.DONE, ""),
                org.assertj.core.groups.Tuple.tuple(LedgerEntry.LedgerState.DONE, ""),
                org.assertj.core.groups.Tuple.tuple(LedgerEntry.LedgerState.PARKED, "MISSING_REQUIRED_FIELD"),
                org.assertj.core.groups.Tuple.tuple(LedgerEntry.LedgerState.PARKED, "POISON"));
    }

    @Test
    void shouldChangeNothingButCountWhenDryRun() {
        givenDeadLetteredRecords();
        givenTask("t2", RunMode.DRY_RUN);

        BatchResult result = worker(store).run(batch("t2"));

        assertThat(result.counters()).isEqualTo(new RedriveCounters(2, 4, 2, 2, 0, 0, 0, 1));
        assertThat(copies()).isEmpty();
        assertThat(store.ledger("t2")).isEmpty();
    }

    @Test
    void shouldReproduceNoRecordTwiceAndLoseNoneWhenTheWorkerDiesAfterTheSendAndTheBatchIsRetried() {
        givenDeadLetteredRecords();
        givenTask("t3", RunMode.LIVE);
        io.channelpilot.redrive.RedriveTaskStore dying = new DyingStore(store);

        assertThatThrownBy(() -> worker(dying).run(batch("t3"))).isInstanceOf(WorkerKilled.class);
        BatchResult retried = worker(store).run(batch("t3"));

        assertThat(copies()).extracting(Copy::of).containsExactly(topic + "/0/0", topic + "/0/1");
        assertThat(retried.counters().reproduced()).isEqualTo(2);
        assertThat(store.find("t3").orElseThrow().counters()).isEqualTo(new RedriveCounters(2, 4, 2, 2, 0, 0, 0, 1));
        assertThat(worker(store).run(batch("t3")).outcome()).isEqualTo("ALREADY_REPORTED");
        assertThat(copies()).hasSize(2);
    }

    @Test
    void shouldReportRecordsPastRetentionAsExpired() throws Exception {
        givenDeadLetteredRecords();
        givenTask("t4", RunMode.LIVE);
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(CLUSTER)))) {
            admin.deleteRecords(Map.of(new TopicPartition(topic, 0), RecordsToDelete.beforeOffset(2))).all().get();
        }

        BatchResult result = worker(store).run(batch("t4"));

        assertThat(result.counters().expired()).isEqualTo(2);
        assertThat(result.counters().reproduced()).isZero();
        assertThat(result.counters().parked()).isEqualTo(2);
        assertThat(copies()).isEmpty();
    }

    @Test
    void shouldProduceNothingWhenTheTaskWasCancelled() {
        givenDeadLetteredRecords();
        givenTask("t5", RunMode.LIVE);
        store.transition("t5", Set.of(TaskState.RUNNING), TaskState.CANCELLED, "CANCELLED", clock.instant());

        BatchResult result = worker(store).run(batch("t5"));

        assertThat(result.outcome()).isEqualTo("TASK_NOT_ACTIVE");
        assertThat(copies()).isEmpty();
    }

    @Test
    void shouldWaitOnTheSleeperWhenTheRateCapIsReached() {
        givenDeadLetteredRecords();
        store.create(task("t6", RunMode.LIVE, List.of(RepairRule.parse("coerce:/id=integer")), 1));
        Instant before = clock.instant();

        worker(store).run(batch("t6"));

        // 2 copies at 1 record/s with a burst of 1: the second waits one virtual second
        assertThat(java.time.Duration.between(before, clock.instant())).isGreaterThanOrEqualTo(java.time.Duration.ofSeconds(1));
    }

    @Test
    void shouldReproduceEachRecordOnceWhenTheWorkerDiesMidStreamAcrossPartitionsAndTheBatchIsRetried() {
        // GIVEN 250 valid originals in each of 3 partitions; dead-lettered: p0 and p2 offsets 0..99 + 200..249 (gap read
        // through), p1 offsets 0..49 + 200..249 (gap larger than MAX_GAP: a seek), listed across two objects
        topic = "orders-" + TOPICS.incrementAndGet();
        kafka.createTopic(CLUSTER, topic, 3, Map.of());
        produceToPartitions(3, 250);
        List<DlqEntry> first = new ArrayList<>();
        List<DlqEntry> second = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            for (long o = 0; o < 250; o++) {
                boolean wanted = o < (p == 1 ? 50 : 100) || o >= 200;
                if (wanted) {
                    (o % 2 == 0 ? first : second).add(entry(p, o, "TYPE_MISMATCH"));
                }
            }
        }
        objects.put("dlq/a.jsonl.gz", first);
        objects.put("dlq/b.jsonl.gz", second);
        givenTask("t7", RunMode.LIVE);
        // AND a worker that dies at the 120th DONE mark, after the broker acknowledged that copy
        DyingStore dying = new DyingStore(store, 120);

        // WHEN the batch runs, dies, and the Map retries it
        assertThatThrownBy(() -> worker(dying).run(batch("t7"))).isInstanceOf(WorkerKilled.class);
        Map<LedgerEntry.LedgerState, Long> afterDeath = store.ledger("t7").stream()
                .collect(Collectors.groupingBy(LedgerEntry::state, Collectors.counting()));
        BatchResult retried = worker(store).run(batch("t7"));

        // THEN the death happened mid-stream with claimed-but-unmarked records, and every original has exactly one copy
        assertThat(afterDeath.get(LedgerEntry.LedgerState.DONE)).isEqualTo(119);
        assertThat(afterDeath.get(LedgerEntry.LedgerState.CLAIMED)).isPositive();
        assertThat(retried.outcome()).isEqualTo("PROCESSED");
        assertThat(retried.counters()).isEqualTo(new RedriveCounters(2, 400, 400, 0, 0, 0, 0, 0));
        Map<String, Long> copiesPerOriginal = new HashMap<>();
        for (int p = 0; p < 3; p++) {
            for (Copy c : copies(p, 250)) {
                copiesPerOriginal.merge(c.of(), 1L, Long::sum);
                assertThat(c.of()).startsWith(topic + "/" + p + "/");
            }
        }
        assertThat(copiesPerOriginal).hasSize(400).allSatisfy((of, n) -> assertThat(n).isEqualTo(1));
        assertThat(copiesPerOriginal).containsKeys(topic + "/1/49", topic + "/1/200", topic + "/0/99", topic + "/2/249")
                .doesNotContainKeys(topic + "/1/50", topic + "/0/100", topic + "/2/199");
        assertThat(store.ledger("t7")).hasSize(400).extracting(LedgerEntry::state).containsOnly(LedgerEntry.LedgerState.DONE);
    }

    @Test
    void shouldCountAnOffsetBeyondTheLogEndAsFailedAndStillRedriveTheRest() {
        givenDeadLetteredRecords();
        objects.put("dlq/c.jsonl.gz", List.of(entry(0, 17, "TYPE_MISMATCH")));
        givenTask("t8", RunMode.LIVE);

        BatchResult result = worker(store).run(batch("t8"));

        assertThat(result.counters()).isEqualTo(new RedriveCounters(3, 5, 2, 2, 0, 0, 1, 1));
        assertThat(copies()).extracting(Copy::of).containsExactly(topic + "/0/0", topic + "/0/1");
    }

    @Test
    void shouldKeepTheConnectionForTheNextBatchOnlyWhenABatchEndedNormally() {
        givenDeadLetteredRecords();
        givenTask("t9", RunMode.LIVE);
        AtomicInteger opened = new AtomicInteger();
        DyingStore dying = new DyingStore(store, 1);
        BatchWorker worker = worker(dying, opened);

        // a batch that dies closes its connection; the next batch opens a new one and keeps it
        assertThatThrownBy(() -> worker.run(batch("t9"))).isInstanceOf(WorkerKilled.class);
        assertThat(opened).hasValue(1);
        dying.revive();
        assertThat(worker.run(batch("t9")).outcome()).isEqualTo("PROCESSED");
        assertThat(opened).hasValue(2);
        givenTask2("t10");
        assertThat(worker.run(batch("t10")).outcome()).isEqualTo("PROCESSED");

        assertThat(opened).hasValue(2);
        assertThat(copies()).extracting(Copy::of).containsExactly(topic + "/0/0", topic + "/0/1", topic + "/0/0",
                topic + "/0/1");
        assertThat(store.find("t10").orElseThrow().counters()).isEqualTo(new RedriveCounters(2, 4, 2, 2, 0, 0, 0, 1));
    }

    // ---------------------------------------------------------------- fixtures

    record Copy(String of, String count, String value) {
    }

    void givenTask(String id, RunMode mode) {
        store.create(task(id, mode, List.of(RepairRule.parse("coerce:/id=integer")), 100));
    }

    /** A second live task over the same records (the first one finished: the channel lock is free again). */
    void givenTask2(String id) {
        store.transition("t9", Set.of(TaskState.RUNNING), TaskState.SUCCEEDED, "", clock.instant());
        store.create(task(id, RunMode.LIVE, List.of(RepairRule.parse("coerce:/id=integer")), 100));
    }

    RedriveTask task(String id, RunMode mode, List<RepairRule> repairs, int rate) {
        RedriveRequest request = new RedriveRequest(CLUSTER_ARN, "orders-ch", null, null, List.of(), repairs, rate, 1, 2,
                mode, "test");
        return new RedriveTask(id, request, topic, "dlq-bucket", "dlq/", "reg/orders", "event_time", SCHEMA,
                TaskState.RUNNING, RedriveCounters.ZERO, "", "", clock.instant(), clock.instant(), null);
    }

    BatchInput batch(String taskId) {
        return BatchInput.of(taskId, new ArrayList<>(objects.keySet()));
    }

    BatchWorker worker(io.channelpilot.redrive.RedriveTaskStore s) {
        return worker(s, new AtomicInteger());
    }

    /** A worker whose connector counts the connections it opened; closed after the test. */
    BatchWorker worker(io.channelpilot.redrive.RedriveTaskStore s, AtomicInteger opened) {
        Properties plain = new KafkaSettings(KafkaSettings.Auth.PLAINTEXT, "").security();
        String bootstrap = kafka.bootstrapServers(CLUSTER);
        KafkaConnector connector = arn -> {
            opened.incrementAndGet();
            return new KafkaConnector.Connection(new KafkaRecordSource(bootstrap, plain), new KafkaRecordSink(bootstrap, plain));
        };
        BatchWorker w = new BatchWorker(s, new FakeDlq(), connector, clock, clock);
        workers.add(w);
        return w;
    }

    @AfterEach
    void closeWorkers() {
        workers.forEach(BatchWorker::close);
    }

    final class FakeDlq implements DlqObjects {
        @Override
        public DlqObjectResult read(String bucket, String key, String t, Consumer<DlqEntry> sink) {
            List<DlqEntry> entries = objects.getOrDefault(key, List.of());
            entries.forEach(sink);
            return new DlqObjectResult.Parsed(key, entries.size(), 0);
        }
    }

    DlqEntry entry(long offset, String code) {
        return entry(0, offset, code);
    }

    DlqEntry entry(int partition, long offset, String code) {
        return new DlqEntry(topic, partition, offset, Optional.of(Instant.parse("2026-01-01T00:00:00Z")), code, "", "",
                false);
    }

    /** {@code count} valid originals in each of the first {@code partitions} partitions (offsets 0..count-1). */
    void produceToPartitions(int partitions, int count) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(CLUSTER));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int partition = 0; partition < partitions; partition++) {
                for (int i = 0; i < count; i++) {
                    producer.send(new ProducerRecord<>(topic, partition, ("k" + i).getBytes(StandardCharsets.UTF_8),
                            ("{\"id\":" + i + "," + T + "}").getBytes(StandardCharsets.UTF_8)));
                }
            }
            producer.flush();
        }
    }

    void produce(String value, Map<String, byte[]> headers) {
        kafka.produce(CLUSTER, topic, "k".getBytes(StandardCharsets.UTF_8), value.getBytes(StandardCharsets.UTF_8), headers);
    }

    /** Every record after the 4 originals: the copies, in offset order. */
    List<Copy> copies() {
        return copies(0, 4);
    }

    /** Every record of a partition from offset {@code from} on, in offset order. */
    List<Copy> copies(int partition, long from) {
        Properties plain = new KafkaSettings(KafkaSettings.Auth.PLAINTEXT, "").security();
        try (KafkaRecordSource source = new KafkaRecordSource(kafka.bootstrapServers(CLUSTER), plain)) {
            long end = source.logEndOffset(topic, partition);
            Collection<SourceRecord> records = source.read(topic, partition, from, end).values();
            return records.stream().sorted(java.util.Comparator.comparingLong(SourceRecord::offset))
                    .map(r -> new Copy(r.header(RedriveHeaders.REDRIVE_OF), r.header(RedriveHeaders.REDRIVE_COUNT),
                            new String(r.value(), StandardCharsets.UTF_8)))
                    .collect(Collectors.toList());
        }
    }

    /** Simulates a worker killed between the broker's acknowledgement and the ledger's DONE mark. */
    static final class WorkerKilled extends RuntimeException {
        WorkerKilled() {
            super("killed after the send, before the DONE mark");
        }
    }

    /** Dies at the {@code dieAt}-th DONE mark (1: the first). */
    static final class DyingStore implements io.channelpilot.redrive.RedriveTaskStore {
        private final InMemoryRedriveTaskStore delegate;
        private final int dieAt;
        private int doneMarks;
        private boolean revived;

        DyingStore(InMemoryRedriveTaskStore delegate) {
            this(delegate, 1);
        }

        DyingStore(InMemoryRedriveTaskStore delegate, int dieAt) {
            this.delegate = delegate;
            this.dieAt = dieAt;
        }

        /** From now on the store never dies (the same worker instance runs the retry). */
        void revive() {
            revived = true;
        }

        @Override
        public Optional<String> create(RedriveTask task) {
            return delegate.create(task);
        }

        @Override
        public Optional<RedriveTask> latest(io.channelpilot.store.ChannelKey channel) {
            return delegate.latest(channel);
        }

        @Override
        public boolean transition(String taskId, Set<TaskState> from, TaskState next, String reason, Instant at) {
            return delegate.transition(taskId, from, next, reason, at);
        }

        @Override
        public void setExecution(String taskId, String executionArn) {
            delegate.setExecution(taskId, executionArn);
        }

        @Override
        public void setSchema(String taskId, String definition) {
            delegate.setSchema(taskId, definition);
        }

        @Override
        public Optional<RedriveTask> find(String taskId) {
            return delegate.find(taskId);
        }

        @Override
        public boolean batchReported(String taskId, String batchKey) {
            return delegate.batchReported(taskId, batchKey);
        }

        @Override
        public boolean reportBatch(String taskId, String batchKey, RedriveCounters delta) {
            return delegate.reportBatch(taskId, batchKey, delta);
        }

        @Override
        public Optional<LedgerEntry> claim(String taskId, LedgerEntry entry) {
            return delegate.claim(taskId, entry);
        }

        @Override
        public void settle(String taskId, LedgerEntry entry) {
            if (entry.state() == LedgerEntry.LedgerState.DONE && ++doneMarks == dieAt && !revived) {
                throw new WorkerKilled();
            }
            delegate.settle(taskId, entry);
        }
    }
}
