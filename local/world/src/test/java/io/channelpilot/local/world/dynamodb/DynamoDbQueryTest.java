package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Query, Scan, batches and transactions through the real DynamoDbClient. */
class DynamoDbQueryTest extends DynamoDbTestBase {

    @BeforeEach
    void storeItems() {
        for (String sk : List.of("task#001", "task#002", "task#003", "task#010", "watermark")) {
            ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s(sk),
                    "size", n(sk.endsWith("2") ? "2" : "1"), "owner", s("team-" + sk.length()))));
        }
        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c2"), "sk", s("task#001"))));
    }

    @Test
    void shouldQueryWithEverySortKeyOperator() {
        assertThat(sortKeys("pk = :pk", Map.of())).containsExactly("task#001", "task#002", "task#003", "task#010", "watermark");
        assertThat(sortKeys("pk = :pk AND sk = :a", Map.of(":a", s("task#002")))).containsExactly("task#002");
        assertThat(sortKeys("pk = :pk AND sk < :a", Map.of(":a", s("task#002")))).containsExactly("task#001");
        assertThat(sortKeys("pk = :pk AND sk <= :a", Map.of(":a", s("task#002")))).containsExactly("task#001", "task#002");
        assertThat(sortKeys("pk = :pk AND sk > :a", Map.of(":a", s("task#003")))).containsExactly("task#010", "watermark");
        assertThat(sortKeys("pk = :pk AND sk >= :a", Map.of(":a", s("task#010")))).containsExactly("task#010", "watermark");
        assertThat(sortKeys("pk = :pk AND sk BETWEEN :a AND :b", Map.of(":a", s("task#002"), ":b", s("task#010"))))
                .containsExactly("task#002", "task#003", "task#010");
        assertThat(sortKeys("sk BETWEEN :a AND :b AND pk = :pk", Map.of(":a", s("task#002"), ":b", s("task#003"))))
                .containsExactly("task#002", "task#003");
        assertThat(sortKeys("pk = :pk AND begins_with(sk, :a)", Map.of(":a", s("task#")))).hasSize(4);
    }

    @Test
    void shouldFilterProjectReverseAndCount() {
        QueryResponse res = ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :pk")
                .filterExpression("#size > :one").projectionExpression("sk, #size").scanIndexForward(false)
                .expressionAttributeNames(Map.of("#size", "size"))
                .expressionAttributeValues(Map.of(":pk", s("c1"), ":one", n("1"))));
        assertThat(res.items()).containsExactly(Map.of("sk", s("task#002"), "size", n("2")));
        assertThat(res.count()).isEqualTo(1);
        assertThat(res.scannedCount()).isEqualTo(5);

        QueryResponse reversed = ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :pk")
                .scanIndexForward(false).expressionAttributeValues(Map.of(":pk", s("c1"))));
        assertThat(reversed.items().get(0).get("sk").s()).isEqualTo("watermark");

        QueryResponse counted = ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :pk")
                .select(Select.COUNT).expressionAttributeValues(Map.of(":pk", s("c1"))));
        assertThat(counted.count()).isEqualTo(5);
        assertThat(counted.hasItems()).isFalse();
    }

    @Test
    void shouldPaginateQueriesWithLimitAndExclusiveStartKey() {
        List<String> seen = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :pk").limit(2)
                    .exclusiveStartKey(from).expressionAttributeValues(Map.of(":pk", s("c1"))));
            page.items().forEach(i -> seen.add(i.get("sk").s()));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null);
        assertThat(seen).containsExactly("task#001", "task#002", "task#003", "task#010", "watermark");
        assertThat(pages).isEqualTo(3);
        assertThat(ddb.queryPaginator(r -> r.tableName("state").keyConditionExpression("pk = :pk").limit(1)
                .expressionAttributeValues(Map.of(":pk", s("c1")))).items().stream().count()).isEqualTo(5);
    }

    @Test
    void shouldRejectInvalidKeyConditions() {
        assertQueryFails("sk = :a", Map.of(":a", s("x")), "Query condition missed key schema element: pk");
        assertQueryFails("pk = :pk OR sk = :a", Map.of(":a", s("x")), "Invalid operator used in KeyConditionExpression: OR");
        assertQueryFails("pk = :pk AND gen = :a", Map.of(":a", s("x")), "Query condition missed key schema element");
        assertQueryFails("pk > :pk", Map.of(), "Query key condition not supported");
        assertQueryFails("pk = :pk AND contains(sk, :a)", Map.of(":a", s("x")),
                "Invalid operator used in KeyConditionExpression: contains");
        assertThatThrownBy(() -> ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :pk")
                .filterExpression("sk = :a").expressionAttributeValues(Map.of(":pk", s("c1"), ":a", s("x")))))
                .hasMessageContaining("Filter Expression can only contain non-primary key attributes: Primary key attribute: sk");
    }

    @Test
    void shouldScanWithFilterAndPagination() {
        ScanResponse all = ddb.scan(r -> r.tableName("state"));
        assertThat(all.count()).isEqualTo(6);
        ScanResponse filtered = ddb.scan(r -> r.tableName("state").filterExpression("attribute_not_exists(#size)")
                .expressionAttributeNames(Map.of("#size", "size")));
        assertThat(filtered.items()).containsExactly(key("c2", "task#001"));
        assertThat(ddb.scanPaginator(r -> r.tableName("state").limit(4)).items().stream().count()).isEqualTo(6);
        assertThat(ddb.scanPaginator(r -> r.tableName("state").limit(4)).stream().count()).isEqualTo(2);
    }

    @Test
    void shouldQueryGlobalSecondaryIndex() {
        ddb.createTable(r -> r.tableName("ledger").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("owner").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("at").attributeType(ScalarAttributeType.N))
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName("by-owner")
                        .keySchema(k -> k.attributeName("owner").keyType(KeyType.HASH),
                                k -> k.attributeName("at").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.KEYS_ONLY))));
        for (int i = 0; i < 3; i++) {
            String id = "r" + i;
            String at = Integer.toString(100 - i * 40);
            ddb.putItem(r -> r.tableName("ledger").item(Map.of("id", s(id), "owner", s("a"), "at", n(at), "x", s("y"))));
        }
        ddb.putItem(r -> r.tableName("ledger").item(Map.of("id", s("unindexed"))));

        QueryResponse res = ddb.query(r -> r.tableName("ledger").indexName("by-owner")
                .keyConditionExpression("#o = :o AND #at > :min").limit(2)
                .expressionAttributeNames(Map.of("#o", "owner", "#at", "at"))
                .expressionAttributeValues(Map.of(":o", s("a"), ":min", n("0"))));
        assertThat(res.items()).containsExactly(Map.of("id", s("r2"), "owner", s("a"), "at", n("20")),
                Map.of("id", s("r1"), "owner", s("a"), "at", n("60")));
        assertThat(res.lastEvaluatedKey()).containsOnlyKeys("id", "owner", "at");
        QueryResponse next = ddb.query(r -> r.tableName("ledger").indexName("by-owner")
                .keyConditionExpression("#o = :o").exclusiveStartKey(res.lastEvaluatedKey())
                .expressionAttributeNames(Map.of("#o", "owner")).expressionAttributeValues(Map.of(":o", s("a"))));
        assertThat(next.items()).extracting(i -> i.get("id").s()).containsExactly("r0");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("ledger").item(Map.of("id", s("bad"), "at", s("x")))))
                .hasMessageContaining("Type mismatch for Index Key at Expected: N Actual: S IndexName: by-owner");
        assertThatThrownBy(() -> ddb.query(r -> r.tableName("ledger").indexName("nope")
                .keyConditionExpression("id = :i").expressionAttributeValues(Map.of(":i", s("x")))))
                .hasMessageContaining("The table does not have the specified index: nope");
    }

    @Test
    void shouldBatchGetAndBatchWrite() {
        ddb.batchWriteItem(r -> r.requestItems(Map.of("state", List.of(
                WriteRequest.builder().putRequest(p -> p.item(key("c9", "a"))).build(),
                WriteRequest.builder().deleteRequest(d -> d.key(key("c2", "task#001"))).build()))));
        var res = ddb.batchGetItem(r -> r.requestItems(Map.of("state", software.amazon.awssdk.services.dynamodb.model
                .KeysAndAttributes.builder().keys(key("c9", "a"), key("c2", "task#001"), key("c1", "watermark"))
                .projectionExpression("sk").build())));
        assertThat(res.responses().get("state")).containsExactlyInAnyOrder(Map.of("sk", s("a")), Map.of("sk", s("watermark")));
        assertThat(res.unprocessedKeys()).isEmpty();
        assertThatThrownBy(() -> ddb.batchWriteItem(r -> r.requestItems(Map.of("state", List.of(
                WriteRequest.builder().putRequest(p -> p.item(key("c9", "b"))).build(),
                WriteRequest.builder().deleteRequest(d -> d.key(key("c9", "b"))).build())))))
                .hasMessageContaining("Provided list of item keys contains duplicates");
        assertThat(get("c9", "b")).isEmpty();
    }

    @Test
    void shouldCommitTransactionsAllOrNothing() {
        ddb.transactWriteItems(r -> r.transactItems(
                t -> t.put(p -> p.tableName("state").item(Map.of("pk", s("c5"), "sk", s("lock"), "task", s("t1")))
                        .conditionExpression("attribute_not_exists(pk)")),
                t -> t.update(u -> u.tableName("state").key(key("c1", "watermark"))
                        .updateExpression("SET #size = #size + :one").expressionAttributeNames(Map.of("#size", "size"))
                        .expressionAttributeValues(Map.of(":one", n("1")))),
                t -> t.delete(d -> d.tableName("state").key(key("c2", "task#001"))),
                t -> t.conditionCheck(c -> c.tableName("state").key(key("c1", "task#001"))
                        .conditionExpression("attribute_exists(pk)"))));
        assertThat(get("c5", "lock").get("task").s()).isEqualTo("t1");
        assertThat(get("c1", "watermark").get("size").n()).isEqualTo("2");
        assertThat(get("c2", "task#001")).isEmpty();

        assertThatThrownBy(() -> ddb.transactWriteItems(r -> r.transactItems(
                t -> t.update(u -> u.tableName("state").key(key("c1", "watermark")).updateExpression("SET x = :x")
                        .expressionAttributeValues(Map.of(":x", s("y")))),
                t -> t.put(p -> p.tableName("state").item(Map.of("pk", s("c5"), "sk", s("lock"), "task", s("t2")))
                        .conditionExpression("attribute_not_exists(pk)")
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))))
                .isInstanceOfSatisfying(TransactionCanceledException.class, e -> {
                    assertThat(e.getMessage()).contains("Transaction cancelled, please refer cancellation reasons for "
                            + "specific reasons [None, ConditionalCheckFailed]");
                    assertThat(e.cancellationReasons()).extracting(CancellationReason::code)
                            .containsExactly("None", "ConditionalCheckFailed");
                    assertThat(e.cancellationReasons().get(1).item().get("task").s()).isEqualTo("t1");
                });
        assertThat(get("c1", "watermark")).doesNotContainKey("x");
        assertThat(get("c5", "lock").get("task").s()).isEqualTo("t1");

        assertThatThrownBy(() -> ddb.transactWriteItems(r -> r.transactItems(
                t -> t.delete(d -> d.tableName("state").key(key("c1", "task#001"))),
                t -> t.conditionCheck(c -> c.tableName("state").key(key("c1", "task#001"))
                        .conditionExpression("attribute_exists(pk)")))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains("Transaction request cannot include multiple operations on one item");
                });
        assertThat(get("c1", "task#001")).isNotEmpty();
    }

    private List<String> sortKeys(String condition, Map<String, AttributeValue> values) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        all.put(":pk", s("c1"));
        return ddb.query(r -> r.tableName("state").keyConditionExpression(condition).expressionAttributeValues(all))
                .items().stream().map(i -> i.get("sk").s()).toList();
    }

    private void assertQueryFails(String condition, Map<String, AttributeValue> values, String message) {
        Map<String, AttributeValue> all = new HashMap<>(values);
        all.put(":pk", s("c1"));
        assertThatThrownBy(() -> ddb.query(r -> r.tableName("state").keyConditionExpression(condition)
                .expressionAttributeValues(all)))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains(message);
                });
    }
}
