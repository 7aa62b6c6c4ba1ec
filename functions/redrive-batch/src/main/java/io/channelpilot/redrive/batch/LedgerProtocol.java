package io.channelpilot.redrive.batch;

import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.LedgerEntry.LedgerState;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TokenBucket;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import io.channelpilot.redrive.batch.gateway.KafkaConnector;
import io.channelpilot.redrive.batch.gateway.SourceRecord;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;

/**
 * At-most-once re-production per task, and no loss, across batch retries and worker deaths (docs/developer-guide.md,
 * "Redrive internals"):
 * <ol>
 *   <li><b>claim</b> — conditional put {@code LEDGER#<task>#<id>} = CLAIMED with this batch's key, the target
 *       partition and its log-end offset, <em>before</em> sending;</li>
 *   <li><b>send</b> with the idempotent producer (headers redrive-of, redrive-count, redrive-task);</li>
 *   <li><b>done</b> — overwrite with DONE and the copy's offset after the broker acknowledged it.</li>
 * </ol>
 * A claim that finds an entry of <em>another</em> batch skips (that batch owns the record: a DLQ duplicate). An entry of
 * <em>this</em> batch comes from an earlier attempt that died: DONE/PARKED/EXPIRED are counted as they ended; CLAIMED
 * means "maybe sent": the partition is scanned from the claimed log-end offset for a copy with this task id and
 * redrive-of (one scan per partition indexes the copies of every original of this batch); found → DONE, not found →
 * sent now. Parked and expired records get settled entries the same way (no produce). Dry runs write nothing and only
 * count.
 *
 * <p>Claims are made for up to 100 records at a time ({@link #produceAll}: one TransactWriteItems on DynamoDB), each
 * before its send. Sends are pipelined: acknowledgements are collected in send order as they arrive
 * ({@link #settleAcknowledged}), and the worker blocks only when more than a window of sends is unacknowledged
 * ({@link #awaitSendsBeyond}) or at the end of the batch ({@link #awaitSends}). A record is marked DONE only after its
 * own acknowledgement; DONE marks are written 25 at a time ({@link RedriveTaskStore#settleAll}: one BatchWriteItem),
 * and at the end of the batch.
 */
final class LedgerProtocol {

    private static final long SEND_TIMEOUT_SECONDS = 60;
    /** DONE marks per store write: DynamoDB's BatchWriteItem limit. */
    static final int DONE_MARKS_PER_WRITE = 25;

    private record Pending(RecordId id, long claimEndOffset, Future<Long> offset) {
    }

    private final RedriveTaskStore store;
    private final KafkaConnector.Connection kafka;
    private final RedriveTask task;
    private final String batchKey;
    private final Tally tally;
    private final TokenBucket bucket;
    private final boolean dryRun;
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private RedriveSendFailed failure;
    /** DONE marks of acknowledged sends not yet written: a death leaves them CLAIMED, which the retry resolves. */
    private final List<LedgerEntry> doneMarks = new ArrayList<>();
    private final Map<String, Map<String, Long>> copies = new HashMap<>();
    private final Predicate<String> inBatch;

    LedgerProtocol(RedriveTaskStore store, KafkaConnector.Connection kafka, RedriveTask task, String batchKey,
                   Tally tally, TokenBucket bucket, Predicate<String> inBatch) {
        this.inBatch = inBatch;
        this.store = store;
        this.kafka = kafka;
        this.task = task;
        this.batchKey = batchKey;
        this.tally = tally;
        this.bucket = bucket;
        this.dryRun = task.request().isDryRun();
    }

    void expire(RecordId id) {
        settleOnce(id, LedgerState.EXPIRED, "RETENTION");
    }

    /** The offset was not returned by the broker: gone by retention since the listing, else missing (compaction). */
    void missing(RecordId id, long logStartNow) {
        if (id.offset() < logStartNow) {
            expire(id);
        } else {
            tally.failed++;
        }
    }

    void park(RecordId id, String reason) {
        settleOnce(id, LedgerState.PARKED, reason);
    }

    /** A record to re-produce: its copy's value and the log-end offset of its partition read before the claims. */
    record Candidate(RecordId id, SourceRecord original, byte[] value, long endOffset) {
    }

    /**
     * Claims the candidates in one store call ({@link RedriveTaskStore#claimAll}: one TransactWriteItems per 100 on
     * DynamoDB), then sends those claimed now and resolves the others: every claim still precedes its send.
     */
    void produceAll(List<Candidate> candidates) throws InterruptedException {
        if (candidates.isEmpty()) {
            return;
        }
        if (dryRun) {
            tally.reproduced += candidates.size();
            return;
        }
        List<LedgerEntry> claims = new ArrayList<>(candidates.size());
        for (Candidate c : candidates) {
            claims.add(LedgerEntry.claimed(c.id(), batchKey, c.id().partition(), c.endOffset()));
        }
        Map<RecordId, LedgerEntry> existing = store.claimAll(task.taskId(), claims);
        for (Candidate c : candidates) {
            LedgerEntry e = existing.get(c.id());
            if (e == null) {
                send(c.id(), c.original(), c.value(), c.endOffset());
            } else {
                resolve(c, e);
            }
        }
    }

    /** The record already had an entry: another batch's (a DLQ duplicate), or one of this batch's earlier attempts. */
    private void resolve(Candidate c, LedgerEntry e) throws InterruptedException {
        if (!e.batchKey().equals(batchKey)) {
            tally.skipped++;
        } else if (e.state() != LedgerState.CLAIMED) {
            countEarlier(e);
        } else {
            Long copy = copiesFrom(e.targetPartition(), e.claimEndOffset()).get(c.id().text());
            if (copy != null) {
                store.settle(task.taskId(), done(e, copy));
                tally.reproduced++;
            } else {
                send(c.id(), c.original(), c.value(), e.claimEndOffset());
            }
        }
    }

    /**
     * The copies of this batch's originals already in a partition from a claim's log-end offset on, scanned once per
     * (partition, offset) — every claim of one attempt on a partition carries the same offset. The scan runs when the
     * first claimed entry of a dead attempt is met, so it sees every copy the dead attempt had sent by then.
     */
    private Map<String, Long> copiesFrom(int partition, long claimEndOffset) {
        return copies.computeIfAbsent(partition + "@" + claimEndOffset, k -> kafka.source().findCopies(task.topic(),
                partition, claimEndOffset, task.taskId(), inBatch));
    }

    /** Marks DONE every send at the head of the window that the broker already acknowledged; never blocks. */
    void settleAcknowledged() throws InterruptedException {
        while (!pending.isEmpty() && pending.peekFirst().offset().isDone()) {
            if (!settle(pending.pollFirst())) {
                awaitSends(); // a failed send fails the batch; settle what the others did first
            }
        }
    }

    /** Waits for the oldest sends until at most {@code limit} are unacknowledged. */
    void awaitSendsBeyond(int limit) throws InterruptedException {
        while (pending.size() > limit) {
            if (!settle(pending.pollFirst())) {
                awaitSends();
            }
        }
    }

    /** Waits for every outstanding send and marks it DONE; a failed send fails the batch (the Map retries it). */
    void awaitSends() throws InterruptedException {
        boolean ok = failure == null;
        while (!pending.isEmpty()) {
            ok &= settle(pending.pollFirst());
        }
        flushDoneMarks();
        if (!ok) {
            throw failure;
        }
    }

    /** Writes the DONE marks collected so far (acknowledged sends only) in one store request per 25. */
    private void flushDoneMarks() {
        if (!doneMarks.isEmpty()) {
            List<LedgerEntry> marks = List.copyOf(doneMarks);
            doneMarks.clear();
            store.settleAll(task.taskId(), marks);
        }
    }

    /** @return false when the send failed (its entry stays CLAIMED: the retry scans for the copy, sends if absent) */
    private boolean settle(Pending p) throws InterruptedException {
        try {
            long offset = p.offset().get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            doneMarks.add(done(LedgerEntry.claimed(p.id(), batchKey, p.id().partition(), p.claimEndOffset()), offset));
            tally.reproduced++;
            if (doneMarks.size() >= DONE_MARKS_PER_WRITE) {
                flushDoneMarks();
            }
            return true;
        } catch (ExecutionException | TimeoutException e) {
            if (failure == null) {
                failure = new RedriveSendFailed("producing the copy of " + p.id() + " failed: "
                        + (e.getCause() == null ? e : e.getCause()).getClass().getSimpleName(), e);
            }
            return false;
        }
    }

    private void send(RecordId id, SourceRecord original, byte[] value, long endOffset) throws InterruptedException {
        bucket.acquire(1);
        pending.add(new Pending(id, endOffset, kafka.sink().send(id.topic(), id.partition(), original.key(), value,
                RedriveHeaders.forCopy(original, task.taskId()))));
    }

    private void settleOnce(RecordId id, LedgerState state, String reason) {
        if (dryRun) {
            count(state, reason, id);
            return;
        }
        Optional<LedgerEntry> existing = store.claim(task.taskId(), LedgerEntry.settled(id, state, batchKey, reason));
        if (existing.isEmpty()) {
            count(state, reason, id);
        } else if (!existing.get().batchKey().equals(batchKey)) {
            tally.skipped++;
        } else {
            countEarlier(existing.get());
        }
    }

    private void countEarlier(LedgerEntry e) {
        count(e.state(), e.reason(), e.id());
    }

    private void count(LedgerState state, String reason, RecordId id) {
        switch (state) {
            case DONE -> tally.reproduced++;
            case PARKED -> tally.parked(reason, id.text());
            case EXPIRED -> tally.expired++;
            case CLAIMED -> throw new IllegalStateException("a settled entry cannot be CLAIMED");
            default -> throw new IllegalStateException("unknown ledger state " + state);
        }
    }

    private static LedgerEntry done(LedgerEntry claimed, long offset) {
        return new LedgerEntry(claimed.id(), LedgerState.DONE, claimed.batchKey(), claimed.targetPartition(),
                claimed.claimEndOffset(), offset, "");
    }
}
