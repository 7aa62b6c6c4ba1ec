package io.channelpilot.tests.oncall.redrive;

import io.channelpilot.redrive.InMemoryRedriveTaskStore;
import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.store.ChannelKey;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/**
 * The benchmark's ledger: in production the ledger is a DynamoDB table, outside the worker's heap, so the benchmark
 * must not hold one object per record either (the in-memory store's map would grow by ~200 bytes per record and hide
 * whether the worker's own heap is flat). One byte of state per (partition, offset); tasks and batch markers go to
 * {@link InMemoryRedriveTaskStore}. The benchmark lists every record once and never retries, so a claim that finds an
 * entry is a bug and fails loudly instead of being answered from incomplete data.
 */
final class CompactLedgerStore implements RedriveTaskStore {

    private final InMemoryRedriveTaskStore tasks = new InMemoryRedriveTaskStore();
    private final byte[][] states;

    CompactLedgerStore(int partitions, int offsetsPerPartition) {
        states = new byte[partitions][offsetsPerPartition];
    }

    @Override
    public synchronized Optional<LedgerEntry> claim(String taskId, LedgerEntry entry) {
        byte[] partition = states[entry.id().partition()];
        int offset = Math.toIntExact(entry.id().offset());
        if (partition[offset] != 0) {
            throw new IllegalStateException("benchmark ledger: " + entry.id().text() + " claimed twice");
        }
        partition[offset] = (byte) (entry.state().ordinal() + 1);
        return Optional.empty();
    }

    @Override
    public synchronized void settle(String taskId, LedgerEntry entry) {
        states[entry.id().partition()][Math.toIntExact(entry.id().offset())] = (byte) (entry.state().ordinal() + 1);
    }

    synchronized long doneMarks() {
        long n = 0;
        for (byte[] partition : states) {
            for (byte state : partition) {
                n += state == LedgerEntry.LedgerState.DONE.ordinal() + 1 ? 1 : 0;
            }
        }
        return n;
    }

    @Override
    public Optional<String> create(RedriveTask task) {
        return tasks.create(task);
    }

    @Override
    public Optional<RedriveTask> find(String taskId) {
        return tasks.find(taskId);
    }

    @Override
    public Optional<RedriveTask> latest(ChannelKey channel) {
        return tasks.latest(channel);
    }

    @Override
    public boolean transition(String taskId, Set<TaskState> from, TaskState next, String reason, Instant at) {
        return tasks.transition(taskId, from, next, reason, at);
    }

    @Override
    public void setExecution(String taskId, String executionArn) {
        tasks.setExecution(taskId, executionArn);
    }

    @Override
    public void setSchema(String taskId, String definition) {
        tasks.setSchema(taskId, definition);
    }

    @Override
    public boolean reportBatch(String taskId, String batchKey, RedriveCounters delta) {
        return tasks.reportBatch(taskId, batchKey, delta);
    }

    @Override
    public boolean batchReported(String taskId, String batchKey) {
        return tasks.batchReported(taskId, batchKey);
    }
}
