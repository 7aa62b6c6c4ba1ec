package io.channelpilot.gateway;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.plan.TableClaim;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.RefusalCondition;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.StatusStore;

/**
 * {@link StatusStore} on one DynamoDB table with keys {@code pk}/{@code sk} (template.yaml {@code StatusTable}):
 * <ul>
 *   <li>channel status: {@code pk=CLUSTER#<clusterArn>}, {@code sk=STATUS#<channelName>}, guarded by {@code version}</li>
 *   <li>provisioning lease: {@code pk=CLUSTER#<clusterArn>}, {@code sk=LOCK#<channelName>}, {@code owner}, {@code expiresAt}</li>
 *   <li>event claim: {@code pk=EVENT#<eventId>}, {@code sk=CLAIM}, {@code expiresAt}, {@code token} (also the table's TTL attribute)</li>
 *   <li>failed channel instance: {@code pk=CLUSTER#<clusterArn>}, {@code sk=FAILED#<channelName>#<fingerprint>#<channelArn>},
 *       {@code expiresAt}; counted with one Query per FAILED channel</li>
 *   <li>notification claim: {@code pk=NOTIFY#<dedupe key>}, {@code sk=CLAIM}, {@code expiresAt}, {@code token}</li>
 *   <li>rules generation: {@code pk=CLUSTER#<clusterArn>}, {@code sk=RULES}, {@code digest}, {@code generation}</li>
 *   <li>table claim: {@code pk=TABLE#<tableBucketArn>/<namespace>.<table>}, {@code sk=CLAIM}, {@code clusterArn},
 *       {@code channelName}, {@code topic} (no expiry: held until the owner's channel is deleted)</li>
 *   <li>refusal condition: {@code pk=CLUSTER#<clusterArn>} (or {@code TRIGGERS} for a trigger naming no cluster),
 *       {@code sk=REFUSAL#<subject>}, {@code expiresAt} once resolved ({@link RefusalCondition})</li>
 * </ul>
 * DynamoDB's TTL deletes expired items lazily (within days), so every read also compares {@code expiresAt} with now.
 */
public final class DynamoDbStatusStore implements StatusStore {

    private static final int MAX_CONFLICT_RETRIES = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final Clock clock;

    public DynamoDbStatusStore(DynamoDbClient dynamo, String table, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.clock = clock;
    }

    @Override
    public Optional<ChannelStatus> find(ChannelKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(Map.of("pk", s(pk(key.clusterArn())), "sk", s("STATUS#" + key.channelName())))).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(StatusItems.toStatus(item));
    }

    @Override
    public List<ChannelStatus> list(String clusterArn) {
        List<ChannelStatus> out = new ArrayList<>();
        if (clusterArn != null) {
            Map<String, AttributeValue> start = null;
            do {
                QueryRequest.Builder q = QueryRequest.builder().tableName(table)
                        .keyConditionExpression("pk = :pk AND begins_with(sk, :status)")
                        .expressionAttributeValues(Map.of(":pk", s(pk(clusterArn)), ":status", s("STATUS#")));
                if (start != null) {
                    q.exclusiveStartKey(start);
                }
                QueryResponse page = dynamo.query(q.build());
                page.items().forEach(i -> out.add(StatusItems.toStatus(i)));
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            } while (start != null);
            return out;
        }
        Map<String, AttributeValue> start = null;
        do {
            ScanRequest.Builder scan = ScanRequest.builder().tableName(table)
                    .filterExpression("begins_with(sk, :status)")
                    .expressionAttributeValues(Map.of(":status", s("STATUS#")));
            if (start != null) {
                scan.exclusiveStartKey(start);
            }
            ScanResponse page = dynamo.scan(scan.build());
            page.items().forEach(i -> out.add(StatusItems.toStatus(i)));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        out.sort((a, b) -> (a.key().clusterArn() + a.key().channelName()).compareTo(b.key().clusterArn() + b.key().channelName()));
        return out;
    }

    @Override
    public ChannelStatus update(ChannelKey key, String topic, UnaryOperator<ChannelStatus> change) {
        for (int attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
            Instant now = clock.instant();
            ChannelStatus current = find(key).orElse(ChannelStatus.fresh(key, topic, now));
            ChannelStatus next = change.apply(current);
            if (current.version() > 0 && next.sameContentAs(current)) {
                return current;
            }
            ChannelStatus stored = ChannelStatus.withTransitionFrom(current, next, now, current.version() + 1)
                    .stored(now, current.version() + 1);
            Map<String, AttributeValue> item = StatusItems.toItem(stored, pk(key.clusterArn()));
            try {
                if (current.version() == 0) {
                    dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));
                } else {
                    dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("version = :v")
                            .expressionAttributeValues(Map.of(":v", n(current.version()))));
                }
                return stored;
            } catch (ConditionalCheckFailedException concurrentWrite) {
                // another writer won; re-read and re-apply the change
            }
        }
        throw new IllegalStateException("status of " + key + " kept changing under us; gave up after "
                + MAX_CONFLICT_RETRIES + " attempts");
    }

    @Override
    public void delete(ChannelKey key) {
        dynamo.deleteItem(r -> r.tableName(table)
                .key(Map.of("pk", s(pk(key.clusterArn())), "sk", s("STATUS#" + key.channelName()))));
    }

    @Override
    public boolean acquireLease(ChannelKey key, String owner, Duration ttl) {
        Instant now = clock.instant();
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(pk(key.clusterArn())));
        item.put("sk", s("LOCK#" + key.channelName()));
        item.put("owner", s(owner));
        item.put("expiresAt", n(now.plus(ttl).getEpochSecond()));
        try {
            dynamo.putItem(r -> r.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(pk) OR expiresAt < :now OR #o = :owner")
                    .expressionAttributeNames(Map.of("#o", "owner"))
                    .expressionAttributeValues(Map.of(":now", n(now.getEpochSecond()), ":owner", s(owner))));
            return true;
        } catch (ConditionalCheckFailedException held) {
            return false;
        }
    }

    @Override
    public void releaseLease(ChannelKey key, String owner) {
        try {
            dynamo.deleteItem(r -> r.tableName(table)
                    .key(Map.of("pk", s(pk(key.clusterArn())), "sk", s("LOCK#" + key.channelName())))
                    .conditionExpression("#o = :owner")
                    .expressionAttributeNames(Map.of("#o", "owner"))
                    .expressionAttributeValues(Map.of(":owner", s(owner))));
        } catch (ConditionalCheckFailedException notOurs) {
            // someone else holds it (ours expired and was taken): nothing to release
        }
    }

    @Override
    public Optional<String> leaseHolder(ChannelKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(Map.of("pk", s(pk(key.clusterArn())), "sk", s("LOCK#" + key.channelName())))).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        long expires = AsciiNumbers.requireLong(item.get("expiresAt").n());
        return expires > clock.instant().getEpochSecond() ? Optional.of(item.get("owner").s()) : Optional.empty();
    }

    @Override
    public boolean claimEvent(String eventId, Duration ttl) {
        return claim("EVENT#" + eventId, ttl);
    }

    @Override
    public int recordFailure(ChannelKey key, String fingerprint, String channelArn, Duration ttl) {
        Instant now = clock.instant();
        String prefix = "FAILED#" + key.channelName() + "#" + fingerprint + "#";
        Map<String, AttributeValue> item = Map.of("pk", s(pk(key.clusterArn())), "sk", s(prefix + channelArn),
                "expiresAt", n(now.plus(ttl).getEpochSecond()));
        try {
            // first record wins: a repeat must not extend the window of an old failure
            dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));
        } catch (ConditionalCheckFailedException recorded) {
            // this instance was counted before
        }
        int count = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(table).consistentRead(true)
                    .keyConditionExpression("pk = :pk AND begins_with(sk, :prefix)")
                    .expressionAttributeValues(Map.of(":pk", s(pk(key.clusterArn())), ":prefix", s(prefix)));
            if (start != null) {
                q.exclusiveStartKey(start);
            }
            QueryResponse page = dynamo.query(q.build());
            count += (int) page.items().stream().filter(i -> i.containsKey("expiresAt")
                    && AsciiNumbers.requireLong(i.get("expiresAt").n()) > now.getEpochSecond()).count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return count;
    }

    @Override
    public boolean claimNotification(String dedupeKey, Duration ttl) {
        return claim("NOTIFY#" + dedupeKey, ttl);
    }

    /** First writer wins until {@code ttl} has passed; an expired claim (TTL deletes lazily) can be taken again. */
    private boolean claim(String partitionKey, Duration ttl) {
        return claimKey(io.channelpilot.model.BoundedKeys.of(partitionKey), ttl);
    }

    private boolean claimKey(String partitionKey, Duration ttl) {
        Instant now = clock.instant();
        // A token per claim attempt: when the PutItem takes effect but its response is lost (a 500 after success), the
        // SDK's retry sends the same request and must find its own claim, not refuse itself as "already claimed".
        String token = java.util.UUID.randomUUID().toString();
        Map<String, AttributeValue> item = Map.of("pk", s(partitionKey), "sk", s("CLAIM"),
                "expiresAt", n(now.plus(ttl).getEpochSecond()), "token", s(token));
        try {
            dynamo.putItem(r -> r.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(pk) OR expiresAt < :now OR #t = :token")
                    .expressionAttributeNames(Map.of("#t", "token"))
                    .expressionAttributeValues(Map.of(":now", n(now.getEpochSecond()), ":token", s(token))));
            return true;
        } catch (ConditionalCheckFailedException duplicate) {
            return false;
        }
    }

    @Override
    public void releaseNotification(String dedupeKey) {
        // An expired claim, not a DeleteItem: the next claim takes it (expiresAt < now) and the TTL removes it, so
        // every function that claims needs PutItem only.
        dynamo.putItem(r -> r.tableName(table).item(Map.of("pk", s(io.channelpilot.model.BoundedKeys.of("NOTIFY#" + dedupeKey)),
                "sk", s("CLAIM"), "expiresAt", n(0))));
    }

    @Override
    public long recordRules(String clusterArn, String digest) {
        for (int attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
            Map<String, AttributeValue> item = rulesItem(clusterArn);
            long generation = item == null ? 0 : AsciiNumbers.requireLong(item.get("generation").n());
            if (item != null && digest.equals(item.get("digest").s())) {
                return generation;
            }
            long next = generation + 1;
            Map<String, AttributeValue> put = Map.of("pk", s(pk(clusterArn)), "sk", s("RULES"), "digest", s(digest), "generation", n(next));
            try {
                if (item == null) {
                    dynamo.putItem(r -> r.tableName(table).item(put).conditionExpression("attribute_not_exists(pk)"));
                } else {
                    dynamo.putItem(r -> r.tableName(table).item(put).conditionExpression("generation = :g")
                            .expressionAttributeValues(Map.of(":g", n(generation))));
                }
                return next;
            } catch (ConditionalCheckFailedException concurrent) {
                // another resolver recorded first (the duplicate of this change, or a newer change): read again
            }
        }
        throw new IllegalStateException("rules generation of " + clusterArn + " kept changing; gave up after " + MAX_CONFLICT_RETRIES);
    }

    @Override
    public long rulesGeneration(String clusterArn) {
        Map<String, AttributeValue> item = rulesItem(clusterArn);
        return item == null ? 0 : AsciiNumbers.requireLong(item.get("generation").n());
    }

    private Map<String, AttributeValue> rulesItem(String clusterArn) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(Map.of("pk", s(pk(clusterArn)), "sk", s("RULES")))).item();
        return item == null || item.isEmpty() ? null : item;
    }

    @Override
    public TableClaim claimTable(TableClaim claim) {
        Map<String, AttributeValue> item = new HashMap<>(tableKey(claim.tableBucketArn(), claim.namespace(), claim.table()));
        item.put("clusterArn", s(claim.clusterArn()));
        item.put("channelName", s(claim.channelName()));
        item.put("topic", s(claim.topic()));
        item.put("claimedAt", s(clock.instant().toString()));
        try {
            dynamo.putItem(r -> r.tableName(table).item(item)
                    .conditionExpression("attribute_not_exists(pk) OR (clusterArn = :c AND channelName = :n)")
                    .expressionAttributeValues(Map.of(":c", s(claim.clusterArn()), ":n", s(claim.channelName()))));
            return claim;
        } catch (ConditionalCheckFailedException held) {
            // Another owner holds it; read who (a release between the write and this read leaves "nobody": try again).
            return tableClaim(claim.tableBucketArn(), claim.namespace(), claim.table()).orElseGet(() -> claimTable(claim));
        }
    }

    @Override
    public Optional<TableClaim> tableClaim(String tableBucketArn, String namespace, String tableName) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(tableKey(tableBucketArn, namespace, tableName))).item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TableClaim(tableBucketArn, namespace, tableName, item.get("clusterArn").s(),
                item.get("channelName").s(), item.containsKey("topic") ? item.get("topic").s() : ""));
    }

    @Override
    public void releaseTable(TableClaim claim) {
        try {
            dynamo.deleteItem(r -> r.tableName(table).key(tableKey(claim.tableBucketArn(), claim.namespace(), claim.table()))
                    .conditionExpression("clusterArn = :c AND channelName = :n")
                    .expressionAttributeValues(Map.of(":c", s(claim.clusterArn()), ":n", s(claim.channelName()))));
        } catch (ConditionalCheckFailedException notOurs) {
            // unclaimed, or another owner's: nothing of ours to release
        }
    }

    private static Map<String, AttributeValue> tableKey(String tableBucketArn, String namespace, String tableName) {
        return Map.of("pk", s("TABLE#" + tableBucketArn + "/" + namespace + "." + tableName), "sk", s("CLAIM"));
    }

    @Override
    public List<RefusalCondition> refusals(String clusterArn) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            if (clusterArn != null) {
                QueryResponse page = dynamo.query(q -> q.tableName(table).consistentRead(true)
                        .keyConditionExpression("pk = :pk AND begins_with(sk, :refusal)")
                        .expressionAttributeValues(Map.of(":pk", s(refusalPk(clusterArn)), ":refusal", s(REFUSAL)))
                        .exclusiveStartKey(from));
                items.addAll(page.items());
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            } else {
                ScanResponse page = dynamo.scan(q -> q.tableName(table).filterExpression("begins_with(sk, :refusal)")
                        .expressionAttributeValues(Map.of(":refusal", s(REFUSAL))).exclusiveStartKey(from));
                items.addAll(page.items());
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            }
        } while (start != null);
        return items.stream().map(RefusalItems::toCondition)
                .sorted(java.util.Comparator.comparing(RefusalCondition::clusterArn).thenComparing(RefusalCondition::subject)).toList();
    }

    @Override
    public void putRefusal(RefusalCondition condition) {
        dynamo.putItem(r -> r.tableName(table).item(RefusalItems.toItem(condition, refusalPk(condition.clusterArn()),
                REFUSAL + condition.subject())));
    }

    /** Refusals live in their cluster's partition; a trigger that names no cluster in one partition of its own. */
    private static String refusalPk(String clusterArn) {
        return clusterArn.isEmpty() ? "TRIGGERS" : pk(clusterArn);
    }

    private static final String REFUSAL = "REFUSAL#";

    private static String pk(String clusterArn) {
        return clusterPartitionKey(clusterArn);
    }

    /** The partition of a cluster's items in the status table; other stores sharing the table key by it too. */
    public static String clusterPartitionKey(String clusterArn) {
        return "CLUSTER#" + clusterArn;
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }
}
