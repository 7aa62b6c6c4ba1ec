package io.channelpilot.gateway;

import io.channelpilot.store.ChannelKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.TaskState;

/**
 * {@link RedriveTaskStore} on the status table ({@code pk}/{@code sk}, TTL attribute {@code expiresAt}):
 * <ul>
 *   <li>task: {@code pk=REDRIVE#<taskId>, sk=TASK}; counters are numeric attributes {@code c_<name>} added with
 *       {@code ADD}</li>
 *   <li>channel lock: {@code pk=CLUSTER#<clusterArn>, sk=REDRIVE#<channelName>}, {@code taskId}, {@code active};
 *       taken with {@code attribute_not_exists(pk) OR active = false} in the same transaction as the task put</li>
 *   <li>batch marker: {@code pk=REDRIVE#<taskId>, sk=BATCH#<batchKey>}, put with {@code attribute_not_exists}
 *       in the same transaction as the counter {@code ADD}</li>
 *   <li>ledger: {@code pk=LEDGER#<taskId>#<topic>/<partition>/<offset>, sk=LEDGER}, conditional put</li>
 * </ul>
 * Ledger entries and batch markers expire after {@link #LEDGER_TTL}; tasks and locks are kept.
 */
public final class DynamoDbRedriveTaskStore implements RedriveTaskStore {

    static final Duration LEDGER_TTL = Duration.ofDays(30);

    private final DynamoDbClient dynamo;
    private final String table;
    private final Clock clock;
    private final DynamoDbLedgerBatches batches;

    public DynamoDbRedriveTaskStore(DynamoDbClient dynamo, String table, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.clock = clock;
        this.batches = new DynamoDbLedgerBatches(dynamo, table, this::ledgerItem, this::claim,
                (taskId, id) -> get(ledgerPk(taskId, id), "LEDGER"));
    }

    @Override
    public Optional<String> create(RedriveTask task) {
        ChannelKey key = new ChannelKey(task.request().clusterArn(), task.request().channelName());
        Map<String, AttributeValue> lock = Map.of("pk", s(lockPk(key)), "sk", s(lockSk(key)),
                "taskId", s(task.taskId()), "active", AttributeValue.fromBool(true));
        try {
            dynamo.transactWriteItems(r -> r.transactItems(
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(lock)
                            .conditionExpression("attribute_not_exists(pk) OR active = :f")
                            .expressionAttributeValues(Map.of(":f", AttributeValue.fromBool(false)))).build(),
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(RedriveItems.toItem(task))
                            .conditionExpression("attribute_not_exists(pk)")).build()));
            return Optional.empty();
        } catch (TransactionCanceledException held) {
            Map<String, AttributeValue> current = get(lockPk(key), lockSk(key));
            return Optional.of(current == null ? "(unknown)" : current.get("taskId").s());
        }
    }

    @Override
    public Optional<RedriveTask> find(String taskId) {
        Map<String, AttributeValue> item = get(taskPk(taskId), "TASK");
        return item == null ? Optional.empty() : Optional.of(RedriveItems.toTask(item));
    }

    @Override
    public Optional<RedriveTask> latest(ChannelKey channel) {
        Map<String, AttributeValue> lock = get(lockPk(channel), lockSk(channel));
        return lock == null ? Optional.empty() : find(lock.get("taskId").s());
    }

    @Override
    public boolean transition(String taskId, Set<TaskState> from, TaskState next, String reason, Instant at) {
        Optional<RedriveTask> current = find(taskId);
        if (current.isEmpty() || !from.contains(current.get().state())) {
            return false;
        }
        RedriveTask t = current.get().withState(next, reason, at);
        Map<String, AttributeValue> values = new HashMap<>();
        values.put(":next", s(next.name()));
        values.put(":reason", s(t.failureReason()));
        List<String> allowed = new ArrayList<>();
        int i = 0;
        for (TaskState f : from) {
            values.put(":f" + i, s(f.name()));
            allowed.add(":f" + i++);
        }
        StringBuilder set = new StringBuilder("SET #st = :next, failureReason = :reason");
        if (t.startedAt() != null) {
            set.append(", startedAt = :started");
            values.put(":started", s(t.startedAt().toString()));
        }
        if (t.finishedAt() != null) {
            set.append(", finishedAt = :finished");
            values.put(":finished", s(t.finishedAt().toString()));
        }
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().update(u -> u.tableName(table)
                .key(Map.of("pk", s(taskPk(taskId)), "sk", s("TASK"))).updateExpression(set.toString())
                .conditionExpression("#st IN (" + String.join(", ", allowed) + ")")
                .expressionAttributeNames(Map.of("#st", "state")).expressionAttributeValues(values)).build());
        if (!next.isActive()) {
            ChannelKey key = new ChannelKey(t.request().clusterArn(), t.request().channelName());
            writes.add(TransactWriteItem.builder().update(u -> u.tableName(table)
                    .key(Map.of("pk", s(lockPk(key)), "sk", s(lockSk(key)))).updateExpression("SET active = :f")
                    .conditionExpression("taskId = :t").expressionAttributeValues(Map.of(":f",
                            AttributeValue.fromBool(false), ":t", s(taskId)))).build());
        }
        try {
            dynamo.transactWriteItems(r -> r.transactItems(writes));
            return true;
        } catch (TransactionCanceledException raced) {
            return false;
        }
    }

    @Override
    public void setExecution(String taskId, String executionArn) {
        setString(taskId, "executionArn", executionArn);
    }

    @Override
    public void setSchema(String taskId, String definition) {
        setString(taskId, "schemaDefinition", definition);
    }

    @Override
    public boolean reportBatch(String taskId, String batchKey, RedriveCounters delta) {
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> adds = new ArrayList<>();
        delta.asMap().forEach((name, v) -> {
            adds.add("c_" + name + " :" + name);
            values.put(":" + name, n(v));
        });
        Map<String, AttributeValue> marker = new HashMap<>();
        marker.put("pk", s(taskPk(taskId)));
        marker.put("sk", s("BATCH#" + batchKey));
        marker.put("counters", s(RedriveJson.write(delta.asMap())));
        marker.put("expiresAt", n(clock.instant().plus(LEDGER_TTL).getEpochSecond()));
        try {
            dynamo.transactWriteItems(r -> r.transactItems(
                    TransactWriteItem.builder().put(p -> p.tableName(table).item(marker)
                            .conditionExpression("attribute_not_exists(pk)")).build(),
                    TransactWriteItem.builder().update(u -> u.tableName(table)
                            .key(Map.of("pk", s(taskPk(taskId)), "sk", s("TASK")))
                            .updateExpression("ADD " + String.join(", ", adds))
                            .conditionExpression("attribute_exists(pk)")
                            .expressionAttributeValues(values)).build()));
            return true;
        } catch (TransactionCanceledException alreadyReported) {
            return false;
        }
    }

    @Override
    public boolean batchReported(String taskId, String batchKey) {
        return get(taskPk(taskId), "BATCH#" + batchKey) != null;
    }

    @Override
    public Optional<LedgerEntry> claim(String taskId, LedgerEntry entry) {
        try {
            dynamo.putItem(r -> r.tableName(table).item(ledgerItem(taskId, entry))
                    .conditionExpression("attribute_not_exists(pk)"));
            return Optional.empty();
        } catch (ConditionalCheckFailedException exists) {
            Map<String, AttributeValue> item = get(ledgerPk(taskId, entry.id()), "LEDGER");
            return Optional.of(item == null ? entry : RedriveItems.toLedger(entry.id(), item));
        }
    }

    /** One TransactWriteItems per 100 records ({@link DynamoDbLedgerBatches#claimAll}). */
    @Override
    public Map<RecordId, LedgerEntry> claimAll(String taskId, List<LedgerEntry> entries) {
        return batches.claimAll(taskId, entries);
    }

    @Override
    public void settle(String taskId, LedgerEntry entry) {
        dynamo.putItem(r -> r.tableName(table).item(ledgerItem(taskId, entry)));
    }

    /** One BatchWriteItem per 25 entries ({@link DynamoDbLedgerBatches#settleAll}). */
    @Override
    public void settleAll(String taskId, List<LedgerEntry> entries) {
        batches.settleAll(taskId, entries);
    }

    private Map<String, AttributeValue> ledgerItem(String taskId, LedgerEntry e) {
        Map<String, AttributeValue> item = RedriveItems.ledgerAttributes(e);
        item.put("pk", s(ledgerPk(taskId, e.id())));
        item.put("sk", s("LEDGER"));
        item.put("expiresAt", n(clock.instant().plus(LEDGER_TTL).getEpochSecond()));
        return item;
    }

    private void setString(String taskId, String attribute, String value) {
        dynamo.updateItem(r -> r.tableName(table).key(Map.of("pk", s(taskPk(taskId)), "sk", s("TASK")))
                .updateExpression("SET #a = :v").conditionExpression("attribute_exists(pk)")
                .expressionAttributeNames(Map.of("#a", attribute)).expressionAttributeValues(Map.of(":v", s(value))));
    }

    private Map<String, AttributeValue> get(String pk, String sk) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(Map.of("pk", s(pk), "sk", s(sk)))).item();
        return item == null || item.isEmpty() ? null : item;
    }

    static String taskPk(String taskId) {
        return "REDRIVE#" + taskId;
    }

    static String ledgerPk(String taskId, RecordId id) {
        return "LEDGER#" + taskId + "#" + id.text();
    }

    private static String lockPk(ChannelKey key) {
        return "CLUSTER#" + key.clusterArn();
    }

    private static String lockSk(ChannelKey key) {
        return "REDRIVE#" + key.channelName();
    }

    static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }
}
