package io.channelpilot.redrive.batch;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveCode;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TokenBucket;
import io.channelpilot.time.Sleeper;
import io.channelpilot.workflow.InvalidTaskInput;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.channelpilot.redrive.batch.gateway.KafkaConnector;
import io.channelpilot.redrive.batch.gateway.RecordSource;
import io.channelpilot.redrive.batch.gateway.DlqObjects;
import io.channelpilot.redrive.batch.gateway.SourceRecord;

/**
 * The redrive-dlq Map worker: one batch of DLQ objects → identifiers → originals re-read from Kafka (every partition
 * of the batch assigned at once, {@link RecordSource#stream}) → loop guard, repairs, pre-validation → re-produce or
 * park, with the ledger protocol of {@link LedgerProtocol}. Reading, producing and acknowledging overlap: the consumer
 * fetches ahead while records are produced, and acknowledgements are settled as they arrive. Counters are reported
 * once per batch ({@code ADD} + batch marker in one transaction), so a retried batch never counts twice. The task
 * state is re-read every {@value #CHECK_EVERY} records: a cancelled task stops within that many.
 */
public final class BatchWorker implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BatchWorker.class);
    /** Records between two re-reads of the task state: a cancelled task stops within this many records. */
    static final int CHECK_EVERY = 5_000;
    /** Unacknowledged sends before the worker waits for the oldest (the producer's buffer bounds the bytes). */
    static final int MAX_IN_FLIGHT = 5_000;
    /** Records claimed per ledger request (DynamoDB TransactWriteItems takes 100 items). */
    static final int CLAIMS_PER_REQUEST = 100;

    private final RedriveTaskStore store;
    private final DlqObjects dlq;
    private final ConnectionPool connections;
    private final Map<List<Object>, RecordDecider> deciders = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Sleeper sleeper;

    public BatchWorker(RedriveTaskStore store, DlqObjects dlq, KafkaConnector connector, Clock clock, Sleeper sleeper) {
        this.store = store;
        this.dlq = dlq;
        this.connections = new ConnectionPool(connector);
        this.clock = clock;
        this.sleeper = sleeper;
    }

    public BatchResult run(BatchInput input) {
        // The same coded refusal as redrive-control's: a Map child for a task that is gone cannot succeed on retry.
        RedriveTask task = store.find(input.taskId()).orElseThrow(() -> new InvalidTaskInput(
                InvalidTaskInput.Code.INPUT_FIELD_INVALID, "BatchInput.taskId",
                RedriveCode.TASK_NOT_FOUND + ": no redrive task with this id", RedriveCode.TASK_NOT_FOUND.remediation()));
        Tally tally = new Tally();
        if (!task.state().isActive()) {
            return result(input, "TASK_NOT_ACTIVE", tally);
        }
        if (store.batchReported(input.taskId(), input.batchKey())) {
            return result(input, "ALREADY_REPORTED", tally);
        }
        RedriveRequest request = task.request();
        RecordDecider decider = decider(task);
        Map<Integer, TreeSet<RecordId>> byPartition = readEntries(task, input, tally);
        boolean cancelled;
        KafkaConnector.Connection kafka = connections.borrow(request.clusterArn());
        boolean ended = false;
        try {
            Map<Integer, long[]> wanted = new TreeMap<>();
            LedgerProtocol ledger = new LedgerProtocol(store, kafka, task, input.batchKey(), tally,
                    new TokenBucket(request.perWorkerRate(), clock, sleeper), of -> contains(wanted, task.topic(), of));
            cancelled = !process(task, byPartition, wanted, kafka.source(), decider, ledger);
            ended = true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("redrive batch interrupted", e);
        } finally {
            if (ended) {
                connections.giveBack(request.clusterArn(), kafka);
            } else {
                kafka.close(); // flushes what was sent; the retry finds those copies through the ledger
            }
        }
        String outcome = cancelled ? "STOPPED_CANCELLED" : "PROCESSED";
        boolean reported = store.reportBatch(input.taskId(), input.batchKey(), tally.counters());
        LOG.info("redrive batch done task={} batch={} outcome={} counters={}", input.taskId(), input.batchKey(),
                reported ? outcome : "ALREADY_REPORTED", tally.counters().asMap());
        return result(input, reported ? outcome : "ALREADY_REPORTED", tally);
    }

    private Map<Integer, TreeSet<RecordId>> readEntries(RedriveTask task, BatchInput input, Tally tally) {
        Map<Integer, TreeSet<RecordId>> byPartition = new TreeMap<>();
        boolean filterByCause = !task.request().causes().isEmpty();
        for (String key : input.keys()) {
            tally.objects++;
            DlqObjectResult r = dlq.read(task.dlqBucket(), key, task.topic(), e -> {
                // classifying a cause runs regular expressions: only when the request filters by cause
                DlqCause cause = filterByCause ? e.cause() : null;
                if (e.topic().equals(task.topic()) && task.request().selects(e.timestamp().orElse(null), cause)) {
                    byPartition.computeIfAbsent(e.partition(), p -> new TreeSet<>())
                            .add(new RecordId(e.topic(), e.partition(), e.offset()));
                }
            });
            if (r instanceof DlqObjectResult.Quarantined q && tally.quarantined.size() < 10) {
                LOG.warn("DLQ object not readable task={} key={} reason={}", task.taskId(), key, q.reason());
                tally.quarantined.add(key);
            }
        }
        byPartition.values().forEach(ids -> tally.seen += ids.size());
        return byPartition;
    }

    /**
     * Expires what retention removed, then streams every partition of the batch in one pass: a {@link ReadAhead}
     * thread reads and decides, this thread claims, produces and marks done. The task state is re-read before the
     * stream and every {@link #CHECK_EVERY} records; at most {@link #MAX_IN_FLIGHT} sends are unacknowledged.
     *
     * @return false when the task stopped being active (cancelled)
     */
    private boolean process(RedriveTask task, Map<Integer, TreeSet<RecordId>> byPartition, Map<Integer, long[]> wanted,
                            RecordSource source, RecordDecider decider, LedgerProtocol ledger)
            throws InterruptedException {
        if (byPartition.isEmpty()) {
            return true;
        }
        String topic = task.topic();
        Map<Integer, Long> logStart = source.logStartOffsets(topic, byPartition.keySet());
        for (Map.Entry<Integer, TreeSet<RecordId>> partition : byPartition.entrySet()) {
            long start = logStart.get(partition.getKey());
            long[] live = new long[partition.getValue().size()];
            int n = 0;
            for (RecordId id : partition.getValue()) {
                if (id.offset() < start) {
                    ledger.expire(id);
                } else {
                    live[n++] = id.offset();
                }
            }
            if (n > 0) {
                wanted.put(partition.getKey(), java.util.Arrays.copyOf(live, n));
            }
        }
        byPartition.clear();
        if (wanted.isEmpty()) {
            return true;
        }
        // copies go to the original's partition and land at or after its current end: one read serves every claim
        Map<Integer, Long> endBefore = source.logEndOffsets(topic, wanted.keySet());
        if (!stillActive(task.taskId())) {
            return false;
        }
        try (ReadAhead reader = ReadAhead.start(source, topic, wanted, endBefore, decider)) {
            long visited = 0;
            List<ReadAhead.Item> items = new ArrayList<>();
            List<LedgerProtocol.Candidate> produce = new ArrayList<>();
            while (true) {
                // what the reader has ready, up to one claim request: claims go to the store together
                items.clear();
                items.add(reader.next());
                reader.drainTo(items, CLAIMS_PER_REQUEST - 1);
                produce.clear();
                boolean stop = false;
                for (ReadAhead.Item item : items) {
                    if (!(item instanceof ReadAhead.Decided decided)) {
                        continue;
                    }
                    if (++visited % CHECK_EVERY == 0 && !stillActive(task.taskId())) {
                        stop = true;
                        break;
                    }
                    SourceRecord record = decided.record();
                    RecordId id = new RecordId(topic, record.partition(), record.offset());
                    if (decided.decision() instanceof RecordDecider.Park park) {
                        ledger.park(id, park.reason());
                    } else {
                        produce.add(new LedgerProtocol.Candidate(id, record,
                                ((RecordDecider.Produce) decided.decision()).value(), endBefore.get(id.partition())));
                    }
                }
                ledger.produceAll(produce);
                if (stop) {
                    ledger.awaitSends();
                    return false;
                }
                for (ReadAhead.Item item : items) {
                    if (item instanceof ReadAhead.Missing missing) {
                        ledger.missing(missing.id(), missing.logStartNow());
                    } else if (item instanceof ReadAhead.Failed failed) {
                        throw rethrow(failed.error());
                    } else if (item instanceof ReadAhead.End end) { // always the last item
                        ledger.awaitSends();
                        return end.completed();
                    }
                }
                ledger.settleAcknowledged();
                ledger.awaitSendsBeyond(MAX_IN_FLIGHT);
            }
        }
    }

    private static RuntimeException rethrow(Throwable error) {
        if (error instanceof RuntimeException r) {
            throw r;
        }
        if (error instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("reading the originals failed", error);
    }

    /** Whether {@code redriveOf} ({@code topic/partition/offset}) is one of the offsets this batch streams. */
    static boolean contains(Map<Integer, long[]> wanted, String topic, String redriveOf) {
        RecordId id;
        try {
            id = RecordId.parse(redriveOf);
        } catch (IllegalArgumentException notOurs) {
            return false;
        }
        long[] offsets = wanted.get(id.partition());
        return id.topic().equals(topic) && offsets != null && java.util.Arrays.binarySearch(offsets, id.offset()) >= 0;
    }

    /** Deciders are immutable and thread-safe; a warm worker analyses a task's schema once, not once per batch. */
    private RecordDecider decider(RedriveTask task) {
        RedriveRequest r = task.request();
        List<Object> key = List.of(task.schemaDefinition(), task.partitionColumn(), r.repairs(), r.loopLimit());
        RecordDecider cached = deciders.get(key);
        if (cached == null) {
            cached = RecordDecider.of(task.schemaDefinition(), task.partitionColumn(), r.repairs(), r.loopLimit());
            if (deciders.size() >= 8) {
                deciders.clear();
            }
            deciders.put(key, cached);
        }
        return cached;
    }

    /** Closes the Kafka connections kept between batches. */
    @Override
    public void close() {
        connections.close();
    }

    private boolean stillActive(String taskId) {
        return store.find(taskId).map(t -> t.state().isActive()).orElse(false);
    }

    private static BatchResult result(BatchInput input, String outcome, Tally tally) {
        return new BatchResult(input.taskId(), input.batchKey(), outcome, tally.counters(), tally.poisonSamples,
                tally.quarantined);
    }
}
