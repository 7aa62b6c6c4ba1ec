package io.channelpilot.redrive.batch;

import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.LedgerEntry.LedgerState;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TokenBucket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * At-most-once re-production per task, and no loss, across batch retries and worker deaths (docs/oncall.md, "Redrive:
 * the ledger protocol"):
 * <ol>
 *   <li><b>claim</b> — conditional put {@code LEDGER#<task>#<id>} = CLAIMED with this batch's key, the target
 *       partition and its log-end offset, <em>before</em> sending;</li>
 *   <li><b>send</b> with the idempotent producer (headers redrive-of, redrive-count, redrive-task);</li>
 *   <li><b>done</b> — overwrite with DONE and the copy's offset after the broker acknowledged it.</li>
 * </ol>
 * A claim that finds an entry of <em>another</em> batch skips (that batch owns the record: a DLQ duplicate). An entry of
 * <em>this</em> batch comes from an earlier attempt that died: DONE/PARKED/EXPIRED are counted as they ended; CLAIMED
 * means "maybe sent": the partition is scanned from the claimed log-end offset for a copy with this task id and
 * redrive-of; found → DONE, not found → sent now. Parked and expired records get settled entries the same way (no
 * produce). Dry runs write nothing and only count.
 */
final class LedgerProtocol {

    private static final long SEND_TIMEOUT_SECONDS = 60;

    private record Pending(RecordId id, Future<Long> offset) {
    }

    private final RedriveTaskStore store;
    private final KafkaConnector.Connection kafka;
    private final RedriveTask task;
    private final String batchKey;
    private final Tally tally;
    private final TokenBucket bucket;
    private final boolean dryRun;
    private final List<Pending> pending = new ArrayList<>();

    LedgerProtocol(RedriveTaskStore store, KafkaConnector.Connection kafka, RedriveTask task, String batchKey,
                   Tally tally, TokenBucket bucket) {
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

    void produce(RecordId id, SourceRecord original, byte[] value, long endOffset) throws InterruptedException {
        if (dryRun) {
            tally.reproduced++;
            return;
        }
        Optional<LedgerEntry> existing = store.claim(task.taskId(), LedgerEntry.claimed(id, batchKey, id.partition(), endOffset));
        if (existing.isEmpty()) {
            send(id, original, value);
            return;
        }
        LedgerEntry e = existing.get();
        if (!e.batchKey().equals(batchKey)) {
            tally.skipped++;
        } else if (e.state() != LedgerState.CLAIMED) {
            countEarlier(e);
        } else {
            Optional<Long> copy = kafka.source().findCopy(id.topic(), e.targetPartition(), e.claimEndOffset(), id.text(),
                    task.taskId());
            if (copy.isPresent()) {
                store.settle(task.taskId(), done(e, copy.get()));
                tally.reproduced++;
            } else {
                send(id, original, value);
            }
        }
    }

    /** Waits for outstanding sends only when more than {@code limit} are in flight. */
    void awaitSendsBeyond(int limit) throws InterruptedException {
        if (pending.size() > limit) {
            awaitSends();
        }
    }

    /** Waits for every outstanding send and marks it DONE; a failed send fails the batch (the Map retries it). */
    void awaitSends() throws InterruptedException {
        RuntimeException failure = null;
        for (Pending p : pending) {
            try {
                long offset = p.offset().get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                store.settle(task.taskId(), done(LedgerEntry.claimed(p.id(), batchKey, p.id().partition(), -1), offset));
                tally.reproduced++;
            } catch (ExecutionException | TimeoutException e) {
                // the entry stays CLAIMED: the retry scans for the copy and sends only if it is absent
                failure = failure != null ? failure : new RedriveSendFailed("producing the copy of " + p.id()
                        + " failed: " + (e.getCause() == null ? e : e.getCause()).getClass().getSimpleName(), e);
            }
        }
        pending.clear();
        if (failure != null) {
            throw failure;
        }
    }

    private void send(RecordId id, SourceRecord original, byte[] value) throws InterruptedException {
        bucket.acquire(1);
        pending.add(new Pending(id, kafka.sink().send(id.topic(), id.partition(), original.key(), value,
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
