package io.channelpilot.gateway;

import io.channelpilot.model.AsciiNumbers;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.redrive.LedgerEntry;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.TaskState;

/** Maps tasks and ledger entries to and from DynamoDB items. */
final class RedriveItems {

    private RedriveItems() {
    }

    static Map<String, AttributeValue> toItem(RedriveTask t) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(DynamoDbRedriveTaskStore.taskPk(t.taskId())));
        item.put("sk", s("TASK"));
        item.put("taskId", s(t.taskId()));
        item.put("clusterArn", s(t.request().clusterArn()));
        item.put("channelName", s(t.request().channelName()));
        item.put("request", s(RedriveJson.write(t.request())));
        item.put("topic", s(t.topic()));
        item.put("dlqBucket", s(t.dlqBucket()));
        item.put("dlqPrefix", s(t.dlqPrefix()));
        item.put("schemaRef", s(t.schemaRef()));
        item.put("partitionColumn", s(t.partitionColumn()));
        item.put("schemaDefinition", s(t.schemaDefinition()));
        item.put("state", s(t.state().name()));
        item.put("failureReason", s(t.failureReason()));
        item.put("executionArn", s(t.executionArn()));
        item.put("createdAt", s(t.createdAt().toString()));
        if (t.startedAt() != null) {
            item.put("startedAt", s(t.startedAt().toString()));
        }
        if (t.finishedAt() != null) {
            item.put("finishedAt", s(t.finishedAt().toString()));
        }
        t.counters().asMap().forEach((k, v) -> item.put("c_" + k, AttributeValue.fromN(Long.toString(v))));
        return item;
    }

    static RedriveTask toTask(Map<String, AttributeValue> item) {
        Map<String, Long> counters = new LinkedHashMap<>();
        RedriveCounters.ZERO.asMap().keySet().forEach(k -> {
            AttributeValue v = item.get("c_" + k);
            counters.put(k, v == null || v.n() == null ? 0L : AsciiNumbers.requireLong(v.n()));
        });
        return new RedriveTask(str(item, "taskId"), RedriveJson.read(str(item, "request"), RedriveRequest.class),
                str(item, "topic"), str(item, "dlqBucket"), str(item, "dlqPrefix"), str(item, "schemaRef"),
                str(item, "partitionColumn"), str(item, "schemaDefinition"), TaskState.valueOf(str(item, "state")),
                RedriveCounters.fromMap(counters), str(item, "failureReason"), str(item, "executionArn"),
                Instant.parse(str(item, "createdAt")), time(item, "startedAt"), time(item, "finishedAt"));
    }

    static Map<String, AttributeValue> ledgerAttributes(LedgerEntry e) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("state", s(e.state().name()));
        item.put("batchKey", s(e.batchKey()));
        item.put("targetPartition", AttributeValue.fromN(Integer.toString(e.targetPartition())));
        item.put("claimEndOffset", AttributeValue.fromN(Long.toString(e.claimEndOffset())));
        item.put("producedOffset", AttributeValue.fromN(Long.toString(e.producedOffset())));
        item.put("reason", s(e.reason()));
        return item;
    }

    static LedgerEntry toLedger(RecordId id, Map<String, AttributeValue> item) {
        return new LedgerEntry(id, LedgerEntry.LedgerState.valueOf(str(item, "state")), str(item, "batchKey"),
                AsciiNumbers.requireInt(item.get("targetPartition").n()), AsciiNumbers.requireLong(item.get("claimEndOffset").n()),
                AsciiNumbers.requireLong(item.get("producedOffset").n()), str(item, "reason"));
    }

    private static Instant time(Map<String, AttributeValue> item, String name) {
        String v = str(item, name);
        return v.isEmpty() ? null : Instant.parse(v);
    }

    private static String str(Map<String, AttributeValue> item, String name) {
        AttributeValue v = item.get(name);
        return v == null || v.s() == null ? "" : v.s();
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }
}
