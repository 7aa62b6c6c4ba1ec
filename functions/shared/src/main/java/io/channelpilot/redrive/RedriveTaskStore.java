package io.channelpilot.redrive;

import io.channelpilot.store.ChannelKey;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import io.channelpilot.gateway.DynamoDbRedriveTaskStore;

/**
 * Redrive tasks, the one-active-task-per-channel lock, the per-record ledger and per-batch completion markers, all in
 * the status table ({@link DynamoDbRedriveTaskStore}; {@code InMemoryRedriveTaskStore} in the test-jar).
 */
public interface RedriveTaskStore {

    /**
     * Stores a new task and takes the channel's lock in one conditional write; returns the id of the task already
     * holding it instead when there is one.
     */
    Optional<String> create(RedriveTask task);

    Optional<RedriveTask> find(String taskId);

    /** The channel's active task, else its most recent one. */
    Optional<RedriveTask> latest(ChannelKey channel);

    /**
     * Moves the task to {@code next} only if its state is one of {@code from}; a terminal {@code next} releases the
     * channel lock. Returns false when the task was not in {@code from}.
     */
    boolean transition(String taskId, Set<TaskState> from, TaskState next, String reason, Instant at);

    void setExecution(String taskId, String executionArn);

    void setSchema(String taskId, String definition);

    /**
     * Adds one batch's counters to the task unless the batch already reported (atomic {@code ADD} plus a conditional
     * batch marker in one transaction). Returns false when the batch had already reported.
     */
    boolean reportBatch(String taskId, String batchKey, RedriveCounters delta);

    boolean batchReported(String taskId, String batchKey);

    /** Conditional put; returns the existing entry instead when the record already has one for this task. */
    Optional<LedgerEntry> claim(String taskId, LedgerEntry entry);

    /**
     * {@link #claim} for several distinct records, in as few requests as the store allows: every entry without an
     * existing one is written; returns the existing entries, by record, of the others.
     */
    default java.util.Map<RecordId, LedgerEntry> claimAll(String taskId, java.util.List<LedgerEntry> entries) {
        java.util.Map<RecordId, LedgerEntry> existing = new java.util.HashMap<>();
        for (LedgerEntry e : entries) {
            claim(taskId, e).ifPresent(found -> existing.put(e.id(), found));
        }
        return existing;
    }

    /** Overwrites a ledger entry the caller owns (CLAIMED → DONE, or a settled state). */
    void settle(String taskId, LedgerEntry entry);

    /**
     * {@link #settle} for several entries the caller owns, in as few requests as the store allows (DONE marks of
     * acknowledged sends). Not atomic: after a failure any subset may be written, which the ledger protocol allows
     * (an entry left CLAIMED is checked against the topic by the retry).
     */
    default void settleAll(String taskId, java.util.List<LedgerEntry> entries) {
        entries.forEach(e -> settle(taskId, e));
    }
}
