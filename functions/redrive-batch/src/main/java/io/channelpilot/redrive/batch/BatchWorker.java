package io.channelpilot.redrive.batch;

import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TokenBucket;
import io.channelpilot.time.Sleeper;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The redrive-dlq Map worker: one batch of DLQ objects → identifiers → originals re-read from Kafka (assign/seek over
 * contiguous offset runs) → loop guard, repairs, pre-validation → re-produce or park, with the ledger protocol of
 * {@link LedgerProtocol}. Counters are reported once per batch ({@code ADD} + batch marker in one transaction), so a
 * retried batch never counts twice. The task state is re-read before every offset run: a cancelled task stops within
 * one run.
 */
public final class BatchWorker {

    private static final Logger LOG = LoggerFactory.getLogger(BatchWorker.class);
    static final int MAX_RUN = 5_000;
    static final long MAX_GAP = 100;

    private final RedriveTaskStore store;
    private final DlqObjects dlq;
    private final KafkaConnector connector;
    private final Clock clock;
    private final Sleeper sleeper;

    public BatchWorker(RedriveTaskStore store, DlqObjects dlq, KafkaConnector connector, Clock clock, Sleeper sleeper) {
        this.store = store;
        this.dlq = dlq;
        this.connector = connector;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    public BatchResult run(BatchInput input) {
        RedriveTask task = store.find(input.taskId()).orElseThrow(() ->
                new IllegalStateException("redrive task " + input.taskId() + " does not exist"));
        Tally tally = new Tally();
        if (!task.state().isActive()) {
            return result(input, "TASK_NOT_ACTIVE", tally);
        }
        if (store.batchReported(input.taskId(), input.batchKey())) {
            return result(input, "ALREADY_REPORTED", tally);
        }
        RedriveRequest request = task.request();
        RecordDecider decider = RecordDecider.of(task.schemaDefinition(), task.partitionColumn(), request.repairs(),
                request.loopLimit());
        Map<Integer, TreeSet<RecordId>> byPartition = readEntries(task, input, tally);
        boolean cancelled = false;
        try (KafkaConnector.Connection kafka = connector.open(request.clusterArn())) {
            LedgerProtocol ledger = new LedgerProtocol(store, kafka, task, input.batchKey(), tally,
                    new TokenBucket(request.perWorkerRate(), clock, sleeper));
            for (Map.Entry<Integer, TreeSet<RecordId>> partition : byPartition.entrySet()) {
                if (!process(task, partition.getKey(), partition.getValue(), kafka.source(), decider, ledger)) {
                    cancelled = true;
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("redrive batch interrupted", e);
        }
        String outcome = cancelled ? "STOPPED_CANCELLED" : "PROCESSED";
        boolean reported = store.reportBatch(input.taskId(), input.batchKey(), tally.counters());
        LOG.info("redrive batch done task={} batch={} outcome={} counters={}", input.taskId(), input.batchKey(),
                reported ? outcome : "ALREADY_REPORTED", tally.counters().asMap());
        return result(input, reported ? outcome : "ALREADY_REPORTED", tally);
    }

    private Map<Integer, TreeSet<RecordId>> readEntries(RedriveTask task, BatchInput input, Tally tally) {
        Map<Integer, TreeSet<RecordId>> byPartition = new TreeMap<>();
        for (String key : input.keys()) {
            tally.objects++;
            DlqObjectResult r = dlq.read(task.dlqBucket(), key, task.topic(), e -> {
                if (e.topic().equals(task.topic()) && task.request().selects(e.timestamp().orElse(null), e.cause())) {
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

    /** @return false when the task stopped being active (cancelled) */
    private boolean process(RedriveTask task, int partition, TreeSet<RecordId> ids, RecordSource source,
                            RecordDecider decider, LedgerProtocol ledger) throws InterruptedException {
        long logStart = source.logStartOffset(task.topic(), partition);
        List<RecordId> live = new ArrayList<>();
        for (RecordId id : ids) {
            if (id.offset() < logStart) {
                ledger.expire(id);
            } else {
                live.add(id);
            }
        }
        // copies go to this partition and land at or after its current end: one read serves every claim below
        long endBefore = source.logEndOffset(task.topic(), partition);
        for (List<RecordId> run : runs(live)) {
            if (!stillActive(task.taskId())) {
                ledger.awaitSends();
                return false;
            }
            long first = run.get(0).offset();
            long last = run.get(run.size() - 1).offset();
            Map<Long, SourceRecord> records = source.read(task.topic(), partition, first, last);
            for (RecordId id : run) {
                SourceRecord record = records.get(id.offset());
                if (record == null) {
                    ledger.missing(id, source.logStartOffset(task.topic(), partition));
                    continue;
                }
                RecordDecider.Decision decision = decider.decide(record);
                if (decision instanceof RecordDecider.Park park) {
                    ledger.park(id, park.reason());
                } else {
                    ledger.produce(id, record, ((RecordDecider.Produce) decision).value(), endBefore);
                }
            }
            // reading the next run overlaps with the broker acknowledging this one; the producer's buffer bounds memory
            ledger.awaitSendsBeyond(MAX_RUN);
        }
        ledger.awaitSends();
        return true;
    }

    /** Splits sorted offsets into runs read in one seek: gaps up to MAX_GAP are read through, at most MAX_RUN ids. */
    static List<List<RecordId>> runs(List<RecordId> sorted) {
        List<List<RecordId>> out = new ArrayList<>();
        List<RecordId> current = new ArrayList<>();
        for (RecordId id : sorted) {
            if (!current.isEmpty() && (current.size() == MAX_RUN
                    || id.offset() - current.get(current.size() - 1).offset() > MAX_GAP)) {
                out.add(current);
                current = new ArrayList<>();
            }
            current.add(id);
        }
        if (!current.isEmpty()) {
            out.add(current);
        }
        return out;
    }

    private boolean stillActive(String taskId) {
        return store.find(taskId).map(t -> t.state().isActive()).orElse(false);
    }

    private static BatchResult result(BatchInput input, String outcome, Tally tally) {
        return new BatchResult(input.taskId(), input.batchKey(), outcome, tally.counters(), tally.poisonSamples,
                tally.quarantined);
    }
}
