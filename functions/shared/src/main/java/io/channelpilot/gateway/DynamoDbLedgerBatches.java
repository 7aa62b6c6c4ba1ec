package io.channelpilot.gateway;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.redrive.RecordId;
import io.channelpilot.redrive.LedgerEntry;

/**
 * The redrive ledger's batched writes for {@link DynamoDbRedriveTaskStore}: claims 100 per TransactWriteItems and DONE
 * marks 25 per BatchWriteItem, so a worker pays about one round trip per 100 and per 25 records instead of two per
 * record. Same items and conditions as the single-record {@code claim} and {@code settle}.
 */
final class DynamoDbLedgerBatches {

    /** Items per TransactWriteItems request (the DynamoDB limit). */
    static final int TRANSACT_LIMIT = 100;
    /** Items per BatchWriteItem request (the DynamoDB limit). */
    static final int BATCH_WRITE_LIMIT = 25;
    private static final String CHECK_FAILED = "ConditionalCheckFailed";

    private final DynamoDbClient dynamo;
    private final String table;
    private final BiFunction<String, LedgerEntry, Map<String, AttributeValue>> item;
    private final BiFunction<String, LedgerEntry, Optional<LedgerEntry>> claimOne;
    private final BiFunction<String, RecordId, Map<String, AttributeValue>> current;

    /**
     * @param item     the ledger item of an entry (key, attributes, TTL)
     * @param claimOne the single conditional claim, the fallback after an unexpected cancellation
     * @param current  the stored item of a record (consistent read), or null
     */
    DynamoDbLedgerBatches(DynamoDbClient dynamo, String table,
                          BiFunction<String, LedgerEntry, Map<String, AttributeValue>> item,
                          BiFunction<String, LedgerEntry, Optional<LedgerEntry>> claimOne,
                          BiFunction<String, RecordId, Map<String, AttributeValue>> current) {
        this.dynamo = dynamo;
        this.table = table;
        this.item = item;
        this.claimOne = claimOne;
        this.current = current;
    }

    /**
     * Up to {@value #TRANSACT_LIMIT} conditional puts per TransactWriteItems (each {@code attribute_not_exists}, as
     * in {@link RedriveTaskStore#claim}). A transaction is all or nothing: when some records already have an entry,
     * DynamoDB cancels it and names them, returning their items ({@code ReturnValuesOnConditionCheckFailure=ALL_OLD});
     * the others are claimed again in a new transaction. Any other cancellation (a conflicting write, throttling)
     * falls back to one {@link RedriveTaskStore#claim} per remaining record. A transactional write costs two write
     * units per item.
     */
    Map<RecordId, LedgerEntry> claimAll(String taskId, List<LedgerEntry> entries) {
        Map<RecordId, LedgerEntry> existing = new HashMap<>();
        for (int i = 0; i < entries.size(); i += TRANSACT_LIMIT) {
            List<LedgerEntry> left = entries.subList(i, Math.min(entries.size(), i + TRANSACT_LIMIT));
            while (!left.isEmpty()) {
                left = claimTransaction(taskId, left, existing);
            }
        }
        return existing;
    }

    /** @return the entries still to claim (none when the transaction went through or the fallback claimed them) */
    private List<LedgerEntry> claimTransaction(String taskId, List<LedgerEntry> entries,
                                               Map<RecordId, LedgerEntry> existing) {
        List<TransactWriteItem> puts = new ArrayList<>();
        for (LedgerEntry e : entries) {
            puts.add(TransactWriteItem.builder().put(p -> p.tableName(table).item(item.apply(taskId, e))
                    .conditionExpression("attribute_not_exists(pk)")
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)).build());
        }
        try {
            dynamo.transactWriteItems(r -> r.transactItems(puts));
            return List.of();
        } catch (TransactionCanceledException cancelled) {
            List<CancellationReason> reasons = cancelled.hasCancellationReasons()
                    ? cancelled.cancellationReasons() : List.of();
            boolean onlyExisting = reasons.size() == entries.size()
                    && reasons.stream().allMatch(r -> "None".equals(r.code()) || CHECK_FAILED.equals(r.code()))
                    && reasons.stream().anyMatch(r -> CHECK_FAILED.equals(r.code()));
            if (!onlyExisting) {
                entries.forEach(e -> claimOne.apply(taskId, e).ifPresent(found -> existing.put(e.id(), found)));
                return List.of();
            }
            List<LedgerEntry> retry = new ArrayList<>();
            for (int j = 0; j < entries.size(); j++) {
                LedgerEntry e = entries.get(j);
                CancellationReason reason = reasons.get(j);
                if (CHECK_FAILED.equals(reason.code())) {
                    Map<String, AttributeValue> stored = reason.hasItem() && !reason.item().isEmpty() ? reason.item()
                            : current.apply(taskId, e.id());
                    existing.put(e.id(), stored == null ? e : RedriveItems.toLedger(e.id(), stored));
                } else {
                    retry.add(e);
                }
            }
            return retry;
        }
    }

    /**
     * BatchWriteItem in chunks of 25 (unconditional puts, like {@link RedriveTaskStore#settle}); items DynamoDB leaves
     * unprocessed (throttling) are retried once in a batch, then one by one with the SDK's own retry and back-off.
     */
    void settleAll(String taskId, List<LedgerEntry> entries) {
        for (int i = 0; i < entries.size(); i += BATCH_WRITE_LIMIT) {
            List<WriteRequest> chunk = new ArrayList<>();
            for (LedgerEntry e : entries.subList(i, Math.min(entries.size(), i + BATCH_WRITE_LIMIT))) {
                chunk.add(WriteRequest.builder().putRequest(p -> p.item(item.apply(taskId, e))).build());
            }
            List<WriteRequest> left = unprocessed(chunk);
            if (!left.isEmpty()) {
                left = unprocessed(left);
            }
            for (WriteRequest w : left) {
                dynamo.putItem(r -> r.tableName(table).item(w.putRequest().item()));
            }
        }
    }

    private List<WriteRequest> unprocessed(List<WriteRequest> requests) {
        BatchWriteItemResponse r = dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, requests)));
        return r.hasUnprocessedItems() ? r.unprocessedItems().getOrDefault(table, List.of()) : List.of();
    }
}
