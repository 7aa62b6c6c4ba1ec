package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * DynamoDB (AWS JSON 1.0, target prefix {@code DynamoDB_20120810}) emulated in memory for the operations Channel Pilot
 * uses: tables, TTL and PITR settings, item reads and writes with the full condition / update / key-condition /
 * filter / projection expression languages, batches and transactions.
 *
 * <p>Every operation runs under one lock, which makes each item write atomic and each transaction all-or-nothing;
 * the local world's traffic is small enough that this costs nothing. TTL deletion happens only when the world calls
 * {@link #expire()} on its virtual clock, never on a background thread.
 */
public final class DynamoDbEmulator implements ServiceEmulator {

    private final Clock clock;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final TableOperations tableOps;
    private final ItemOperations itemOps;
    private final QueryOperations queryOps;
    private final Object lock = new Object();

    public DynamoDbEmulator(Clock clock, String account, String region) {
        this.clock = clock;
        this.tableOps = new TableOperations(tables, region, account);
        this.itemOps = new ItemOperations(tableOps);
        this.queryOps = new QueryOperations(tableOps);
    }

    @Override
    public String signingName() {
        return "dynamodb";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_0;
    }

    @Override
    public String operationOf(AwsRequest request) {
        String target = request.header("x-amz-target").orElse("");
        if (!target.startsWith("DynamoDB_20120810.")) {
            throw new AwsServiceError(400, "UnknownOperationException", "Missing or unknown X-Amz-Target: " + target);
        }
        return target.substring("DynamoDB_20120810.".length());
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode body = Json.parse(request.body());
        Instant now = clock.instant();
        ObjectNode result;
        synchronized (lock) {
            result = switch (operation) {
                case "CreateTable" -> tableOps.create(body, now);
                case "DescribeTable" -> tableOps.describeTable(body);
                case "DeleteTable" -> tableOps.delete(body);
                case "ListTables" -> tableOps.list(body);
                case "UpdateTimeToLive" -> tableOps.updateTimeToLive(body);
                case "DescribeTimeToLive" -> tableOps.describeTimeToLive(body);
                case "UpdateContinuousBackups" -> tableOps.updateContinuousBackups(body, now);
                case "DescribeContinuousBackups" -> tableOps.describeContinuousBackups(body, now);
                case "PutItem" -> itemOps.write(ItemWrites.Kind.PUT, body);
                case "UpdateItem" -> itemOps.write(ItemWrites.Kind.UPDATE, body);
                case "DeleteItem" -> itemOps.write(ItemWrites.Kind.DELETE, body);
                case "GetItem" -> itemOps.get(body);
                case "BatchGetItem" -> itemOps.batchGet(body);
                case "BatchWriteItem" -> itemOps.batchWrite(body);
                case "TransactWriteItems" -> itemOps.transactWrite(body, now);
                case "Query" -> queryOps.query(body);
                case "Scan" -> queryOps.scan(body);
                default -> throw new AwsServiceError(400, "UnknownOperationException",
                        "The local world does not emulate DynamoDB " + operation);
            };
        }
        return AwsResponse.json(200, result, Protocol.AWS_JSON_1_0);
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottlingException", "Rate of requests exceeds the allowed throughput.");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalServerError", "Internal server error");
    }

    /**
     * Deletes every item whose TTL attribute (a Number, epoch seconds) lies at or before the virtual clock, on each
     * table with TTL enabled. Items whose TTL attribute is missing, not a Number, or more than five years in the past never expire, as in DynamoDB.
     * Returns the deleted items' table and key, in a deterministic order.
     */
    public List<Map.Entry<String, JsonNode>> expire() {
        BigDecimal now = BigDecimal.valueOf(clock.instant().getEpochSecond());
        // "Items with TTL values older than five years in the past are not deleted" (DynamoDB TTL documentation).
        BigDecimal fiveYearsAgo = now.subtract(BigDecimal.valueOf(5L * 365 * 24 * 3600));
        List<Map.Entry<String, JsonNode>> deleted = new ArrayList<>();
        synchronized (lock) {
            for (Table t : tables.values().stream().sorted((a, b) -> a.name.compareTo(b.name)).toList()) {
                if (!t.ttlEnabled) {
                    continue;
                }
                for (ObjectNode item : List.copyOf(t.items.values())) {
                    JsonNode ttl = item.get(t.ttlAttribute);
                    if (ttl != null && ttl.has("N") && Values.number(ttl.get("N").asText()).compareTo(now) <= 0
                            && Values.number(ttl.get("N").asText()).compareTo(fiveYearsAgo) >= 0) {
                        t.delete(item);
                        deleted.add(Map.entry(t.name, t.key.keyOf(item)));
                    }
                }
            }
        }
        return deleted;
    }

    /** The stored item (wire form), for tests and the world report. */
    public Optional<JsonNode> item(String table, JsonNode key) {
        synchronized (lock) {
            Table t = tables.get(table);
            return t == null ? Optional.empty() : Optional.ofNullable(t.get(ItemWrites.normaliseItem(key)))
                    .map(JsonNode::deepCopy);
        }
    }

    public int itemCount(String table) {
        synchronized (lock) {
            Table t = tables.get(table);
            return t == null ? 0 : t.items.size();
        }
    }
}
