package io.channelpilot.gateway;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
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
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.retention.OutstandingEntries;

/**
 * {@link OutstandingStore} in the status table, next to the channel's status item and triage watermark
 * ({@code pk=CLUSTER#<clusterArn>}): {@code sk=OUTSTANDING#<channelName>} with {@code topic}, {@code bands} (a map
 * cause → {@code {oldest?, newest?, count, triagedAt}}), {@code lastReport}, {@code notifiedLevel} and {@code version}
 * (every write is conditional on it). A separate item, not attributes of the watermark, because the watermark is
 * written with a whole-item conditional put that would drop them.
 */
public final class DynamoDbOutstandingStore implements OutstandingStore {

    static final String SK_PREFIX = "OUTSTANDING#";
    private static final int MAX_CONFLICT_RETRIES = 8;

    private final DynamoDbClient dynamo;
    private final String table;
    private final Clock clock;

    public DynamoDbOutstandingStore(DynamoDbClient dynamo, String table, Clock clock) {
        this.dynamo = dynamo;
        this.table = table;
        this.clock = clock;
    }

    @Override
    public Optional<OutstandingEntries> find(ChannelKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(Map.of("pk", s(pk(key.clusterArn())), "sk", s(SK_PREFIX + key.channelName())))).item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(fromItem(item));
    }

    @Override
    public List<OutstandingEntries> list(String clusterArn) {
        List<OutstandingEntries> out = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest.Builder q = QueryRequest.builder().tableName(table)
                    .keyConditionExpression("pk = :pk AND begins_with(sk, :sk)")
                    .expressionAttributeValues(Map.of(":pk", s(pk(clusterArn)), ":sk", s(SK_PREFIX)));
            if (start != null) {
                q.exclusiveStartKey(start);
            }
            QueryResponse page = dynamo.query(q.build());
            page.items().forEach(i -> out.add(fromItem(i)));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return out;
    }

    @Override
    public OutstandingEntries update(ChannelKey key, String topic, UnaryOperator<OutstandingEntries> change) {
        for (int attempt = 0; attempt < MAX_CONFLICT_RETRIES; attempt++) {
            Instant now = clock.instant();
            OutstandingEntries current = find(key).orElse(OutstandingEntries.none(key, topic, now));
            OutstandingEntries next = change.apply(current);
            if (next.sameContentAs(current)) {
                return current;
            }
            OutstandingEntries stored = next.stored(now, current.version() + 1);
            Map<String, AttributeValue> item = toItem(stored);
            try {
                if (current.version() == 0) {
                    dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));
                } else {
                    dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("version = :v")
                            .expressionAttributeValues(Map.of(":v", n(current.version()))));
                }
                return stored;
            } catch (ConditionalCheckFailedException concurrentWrite) {
                // another writer (triage, a summarise, a sweep) won: re-read and re-apply
            }
        }
        throw new IllegalStateException("outstanding DLQ record of " + key + " kept changing under us; gave up after "
                + MAX_CONFLICT_RETRIES + " attempts");
    }

    static Map<String, AttributeValue> toItem(OutstandingEntries e) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put("pk", s(pk(e.key().clusterArn())));
        item.put("sk", s(SK_PREFIX + e.key().channelName()));
        item.put("clusterArn", s(e.key().clusterArn()));
        item.put("channelName", s(e.key().channelName()));
        item.put("topic", s(e.topic()));
        Map<String, AttributeValue> bands = new HashMap<>();
        e.bands().forEach((cause, b) -> {
            Map<String, AttributeValue> m = new HashMap<>();
            b.oldest().ifPresent(t -> m.put("oldest", s(t.toString())));
            b.newest().ifPresent(t -> m.put("newest", s(t.toString())));
            m.put("count", n(b.count()));
            m.put("triagedAt", s(b.lastTriagedAt().toString()));
            bands.put(cause.name(), AttributeValue.fromM(m));
        });
        item.put("bands", AttributeValue.fromM(bands));
        item.put("lastReport", n(e.lastReport()));
        item.put("notifiedLevel", s(e.notifiedLevel().name()));
        item.put("updatedAt", s(e.updatedAt().toString()));
        item.put("version", n(e.version()));
        return item;
    }

    static OutstandingEntries fromItem(Map<String, AttributeValue> item) {
        EnumMap<DlqCause, OutstandingEntries.Band> bands = new EnumMap<>(DlqCause.class);
        AttributeValue stored = item.get("bands");
        if (stored != null && stored.hasM()) {
            stored.m().forEach((cause, v) -> {
                Map<String, AttributeValue> m = v.m();
                bands.put(DlqCause.valueOf(cause), new OutstandingEntries.Band(instant(m.get("oldest")),
                        instant(m.get("newest")), AsciiNumbers.requireLong(m.get("count").n()), Instant.parse(m.get("triagedAt").s())));
            });
        }
        return new OutstandingEntries(new ChannelKey(item.get("clusterArn").s(), item.get("channelName").s()),
                item.get("topic").s(), bands, AsciiNumbers.requireLong(item.get("lastReport").n()),
                RetentionRace.Level.valueOf(item.get("notifiedLevel").s()), Instant.parse(item.get("updatedAt").s()),
                AsciiNumbers.requireLong(item.get("version").n()));
    }

    private static Optional<Instant> instant(AttributeValue v) {
        return v == null || v.s() == null ? Optional.empty() : Optional.of(Instant.parse(v.s()));
    }

    private static String pk(String clusterArn) {
        return DynamoDbStatusStore.clusterPartitionKey(clusterArn); // the status table's layout, owned there
    }

    private static AttributeValue s(String v) {
        return AttributeValue.fromS(v);
    }

    private static AttributeValue n(long v) {
        return AttributeValue.fromN(Long.toString(v));
    }
}
