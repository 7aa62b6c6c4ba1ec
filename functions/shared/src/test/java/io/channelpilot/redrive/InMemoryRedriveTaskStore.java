package io.channelpilot.redrive;

import io.channelpilot.store.ChannelKey;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Thread-safe in-memory {@link RedriveTaskStore} with the DynamoDB store's semantics, for unit tests. */
public final class InMemoryRedriveTaskStore implements RedriveTaskStore {

    private final Map<String, RedriveTask> tasks = new ConcurrentHashMap<>();
    private final Map<ChannelKey, String> locks = new ConcurrentHashMap<>();
    private final Set<String> batches = ConcurrentHashMap.newKeySet();
    private final Map<String, LedgerEntry> ledger = new ConcurrentHashMap<>();

    @Override
    public synchronized Optional<String> create(RedriveTask task) {
        ChannelKey key = key(task);
        String holder = locks.get(key);
        if (holder != null && tasks.get(holder).state().isActive()) {
            return Optional.of(holder);
        }
        locks.put(key, task.taskId());
        tasks.put(task.taskId(), task);
        return Optional.empty();
    }

    @Override
    public Optional<RedriveTask> find(String taskId) {
        return Optional.ofNullable(tasks.get(taskId));
    }

    @Override
    public Optional<RedriveTask> latest(ChannelKey channel) {
        String holder = locks.get(channel);
        if (holder != null) {
            return find(holder);
        }
        return tasks.values().stream().filter(t -> key(t).equals(channel))
                .max(Comparator.comparing(RedriveTask::createdAt));
    }

    @Override
    public synchronized boolean transition(String taskId, Set<TaskState> from, TaskState next, String reason, Instant at) {
        RedriveTask t = tasks.get(taskId);
        if (t == null || !from.contains(t.state())) {
            return false;
        }
        tasks.put(taskId, t.withState(next, reason, at));
        return true;
    }

    @Override
    public void setExecution(String taskId, String executionArn) {
        tasks.computeIfPresent(taskId, (k, t) -> t.withExecution(executionArn));
    }

    @Override
    public void setSchema(String taskId, String definition) {
        tasks.computeIfPresent(taskId, (k, t) -> t.withSchema(definition));
    }

    @Override
    public synchronized boolean reportBatch(String taskId, String batchKey, RedriveCounters delta) {
        if (!batches.add(taskId + "#" + batchKey)) {
            return false;
        }
        tasks.computeIfPresent(taskId, (k, t) -> t.withCounters(t.counters().plus(delta)));
        return true;
    }

    @Override
    public boolean batchReported(String taskId, String batchKey) {
        return batches.contains(taskId + "#" + batchKey);
    }

    @Override
    public Optional<LedgerEntry> claim(String taskId, LedgerEntry entry) {
        LedgerEntry existing = ledger.putIfAbsent(taskId + "#" + entry.id().text(), entry);
        return Optional.ofNullable(existing);
    }

    @Override
    public void settle(String taskId, LedgerEntry entry) {
        ledger.put(taskId + "#" + entry.id().text(), entry);
    }

    /** Every ledger entry of a task (tests). */
    public Set<LedgerEntry> ledger(String taskId) {
        Set<LedgerEntry> out = new HashSet<>();
        ledger.forEach((k, v) -> {
            if (k.startsWith(taskId + "#")) {
                out.add(v);
            }
        });
        return out;
    }

    private static ChannelKey key(RedriveTask t) {
        return new ChannelKey(t.request().clusterArn(), t.request().channelName());
    }
}
