package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** Item reads and writes, update expressions and return values through the real DynamoDbClient. */
class DynamoDbItemsTest extends DynamoDbTestBase {

    @Test
    void shouldRoundTripEveryAttributeType() {
        Map<String, AttributeValue> item = new HashMap<>(key("c1", "status"));
        item.put("s", s("text"));
        item.put("n", n("12.500"));
        item.put("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, (byte) 255})));
        item.put("bool", AttributeValue.fromBool(true));
        item.put("nul", AttributeValue.fromNul(true));
        item.put("m", AttributeValue.fromM(Map.of("nested", s("v"))));
        item.put("l", AttributeValue.fromL(List.of(n("1"), s("two"))));
        item.put("ss", AttributeValue.fromSs(List.of("a", "b")));
        item.put("ns", AttributeValue.fromNs(List.of("1", "2.0")));
        item.put("bs", AttributeValue.fromBs(List.of(SdkBytes.fromByteArray(new byte[] {9}))));
        ddb.putItem(r -> r.tableName("state").item(item));

        Map<String, AttributeValue> read = get("c1", "status");
        assertThat(read.get("s").s()).isEqualTo("text");
        assertThat(read.get("n").n()).as("numbers come back canonical").isEqualTo("12.5");
        assertThat(read.get("b").b().asByteArray()).containsExactly(1, 2, (byte) 255);
        assertThat(read.get("bool").bool()).isTrue();
        assertThat(read.get("nul").nul()).isTrue();
        assertThat(read.get("m").m().get("nested").s()).isEqualTo("v");
        assertThat(read.get("l").l()).containsExactly(n("1"), s("two"));
        assertThat(read.get("ss").ss()).containsExactlyInAnyOrder("a", "b");
        assertThat(read.get("ns").ns()).containsExactlyInAnyOrder("1", "2");
        assertThat(read.get("bs").bs()).hasSize(1);
        assertThat(ddb.getItem(r -> r.tableName("state").key(key("c1", "missing"))).hasItem()).isFalse();
    }

    @Test
    void shouldValidateKeysAndValuesAsDynamoDbDoes() {
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a")))))
                .hasMessageContaining("One or more parameter values were invalid: Missing the key sk in the item");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a"), "sk", n("1")))))
                .hasMessageContaining("Type mismatch for key sk expected: S actual: N");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s(""), "sk", s("1")))))
                .hasMessageContaining("cannot contain an empty string value. Key: pk");
        assertThatThrownBy(() -> ddb.getItem(r -> r.tableName("state").key(Map.of("pk", s("a")))))
                .hasMessageContaining("The provided key element does not match the schema");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a"), "sk", s("b"),
                "ss", AttributeValue.fromSs(List.of("x", "x"))))))
                .hasMessageContaining("contains duplicates");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a"), "sk", s("b"),
                "n", n("abc")))))
                .isInstanceOfSatisfying(DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("nope").item(key("a", "b"))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFoundException");
                    assertThat(e.getMessage()).contains("Requested resource not found");
                });
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a"), "sk", s("b"),
                "blob", s("x".repeat(401 * 1024))))))
                .hasMessageContaining("Item size has exceeded the maximum allowed size");
        assertThat(emulator.itemCount("state")).isZero();
    }

    /** Issue 13: DynamoDB's documented key limits (partition 2048 bytes, sort 1024 bytes), on every path that takes a key. */
    @Test
    void shouldRefuseKeysOverTheDocumentedLengthLimits() {
        String pk2048 = "p".repeat(2048);
        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s(pk2048), "sk", s("s".repeat(1024)))));
        String pkLong = "é".repeat(1025); // 2050 UTF-8 bytes, 1025 characters: bytes count, not characters
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s(pkLong), "sk", s("x")))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains("Size of hashkey has exceeded the maximum size limit of2048 bytes");
                });
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("a"), "sk", s("s".repeat(1025))))))
                .hasMessageContaining("Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
        assertThatThrownBy(() -> ddb.getItem(r -> r.tableName("state").key(Map.of("pk", s(pkLong), "sk", s("x")))))
                .hasMessageContaining("Size of hashkey has exceeded");
        assertThatThrownBy(() -> ddb.deleteItem(r -> r.tableName("state").key(Map.of("pk", s("a"), "sk", s("s".repeat(1025))))))
                .hasMessageContaining("range keys has exceeded");
        assertThatThrownBy(() -> ddb.query(r -> r.tableName("state").keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s(pkLong)))))
                .hasMessageContaining("Size of hashkey has exceeded");
        assertThat(emulator.itemCount("state")).isEqualTo(1);
    }

    @Test
    void shouldFailConditionalPutWithOldItemWhenAsked() {
        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s("lock"), "owner", s("a"))));

        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state")
                .item(Map.of("pk", s("c1"), "sk", s("lock"), "owner", s("b")))
                .conditionExpression("attribute_not_exists(pk)")
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.item().get("owner").s()).isEqualTo("a");
                    assertThat(e.getMessage()).contains("The conditional request failed");
                });
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state")
                .item(Map.of("pk", s("c1"), "sk", s("lock"), "owner", s("b")))
                .conditionExpression("attribute_not_exists(pk)")))
                .isInstanceOfSatisfying(ConditionalCheckFailedException.class, e -> assertThat(e.hasItem()).isFalse());
        assertThat(get("c1", "lock").get("owner").s()).isEqualTo("a");
    }

    @Test
    void shouldLetExactlyOneOfTwentyConcurrentConditionalPutsWin() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(20);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> results = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                String owner = "worker-" + i;
                Callable<Boolean> attempt = () -> {
                    start.await();
                    try {
                        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s("lock"),
                                "owner", s(owner))).conditionExpression("attribute_not_exists(pk)"));
                        return true;
                    } catch (ConditionalCheckFailedException e) {
                        return false;
                    }
                };
                results.add(pool.submit(attempt));
            }
            start.countDown();
            int wins = 0;
            for (Future<Boolean> f : results) {
                wins += f.get() ? 1 : 0;
            }
            assertThat(wins).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(get("c1", "lock").get("owner").s()).startsWith("worker-");
    }

    @Test
    void shouldApplyEveryUpdateAction() {
        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s("s"), "count", n("5"),
                "tags", AttributeValue.fromSs(List.of("a", "b", "c")), "events", AttributeValue.fromL(List.of(s("e1"))),
                "doc", AttributeValue.fromM(Map.of("nested", AttributeValue.fromL(List.of(n("1"), n("2"))))),
                "obsolete", s("x"))));

        ddb.updateItem(r -> r.tableName("state").key(key("c1", "s"))
                .updateExpression("SET #c = #c + :one, gen = if_not_exists(gen, :zero) - :one, "
                        + "events = list_append(events, :more), doc.nested[1] = :ten, doc.added = :one "
                        + "REMOVE obsolete ADD hits :one, labels :d DELETE tags :ab")
                .expressionAttributeNames(Map.of("#c", "count"))
                .expressionAttributeValues(Map.of(":one", n("1"), ":zero", n("0"), ":ten", n("10"),
                        ":more", AttributeValue.fromL(List.of(s("e2"))), ":d", AttributeValue.fromSs(List.of("d")),
                        ":ab", AttributeValue.fromSs(List.of("a", "b")))));

        Map<String, AttributeValue> item = get("c1", "s");
        assertThat(item.get("count").n()).isEqualTo("6");
        assertThat(item.get("gen").n()).isEqualTo("-1");
        assertThat(item.get("events").l()).containsExactly(s("e1"), s("e2"));
        assertThat(item.get("doc").m().get("nested").l()).containsExactly(n("1"), n("10"));
        assertThat(item.get("doc").m().get("added").n()).isEqualTo("1");
        assertThat(item).doesNotContainKey("obsolete");
        assertThat(item.get("hits").n()).isEqualTo("1");
        assertThat(item.get("tags").ss()).containsExactly("c");
        assertThat(item.get("labels").ss()).containsExactly("d");
    }

    @Test
    void shouldCreateItemOnUpdateAndReturnEachReturnValuesMode() {
        UpdateItemResponse created = ddb.updateItem(r -> r.tableName("state").key(key("c1", "s"))
                .updateExpression("SET v = :v, extra = :o").returnValues(ReturnValue.ALL_NEW)
                .expressionAttributeValues(Map.of(":v", n("1"), ":o", s("keep"))));
        assertThat(created.attributes()).containsOnlyKeys("pk", "sk", "v", "extra");

        assertThat(update(ReturnValue.UPDATED_OLD, "2").attributes()).containsExactly(Map.entry("v", n("1")));
        assertThat(update(ReturnValue.UPDATED_NEW, "3").attributes()).containsExactly(Map.entry("v", n("3")));
        assertThat(update(ReturnValue.ALL_OLD, "4").attributes()).containsEntry("v", n("3")).containsKey("extra");
        assertThat(update(ReturnValue.NONE, "5").hasAttributes()).isFalse();
        assertThat(ddb.deleteItem(r -> r.tableName("state").key(key("c1", "s")).returnValues(ReturnValue.ALL_OLD))
                .attributes().get("v").n()).isEqualTo("5");
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(key("c1", "s"))
                .returnValues(ReturnValue.ALL_NEW)))
                .hasMessageContaining("Return values set to invalid value");
    }

    @Test
    void shouldRefuseInvalidUpdateExpressionsWithDynamoDbMessages() {
        ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s("s"), "name", s("x"))));
        assertUpdateFails("SET sk = :v", Map.of(":v", s("y")), Map.of(),
                "Cannot update attribute sk. This attribute is part of the key");
        assertUpdateFails("SET a = :v REMOVE a", Map.of(":v", s("y")), Map.of(),
                "Two document paths overlap with each other");
        assertUpdateFails("SET a = :v SET b = :v", Map.of(":v", s("y")), Map.of(),
                "The \"SET\" section can only be used once in an update expression");
        assertUpdateFails("SET #n = :v", Map.of(":v", s("y")), Map.of("#n", "name"), null);
        assertUpdateFails("SET status = :v", Map.of(":v", s("y")), Map.of(),
                "Attribute name is a reserved keyword; reserved keyword: status");
        assertUpdateFails("SET a = :missing", Map.of(":v", s("y")), Map.of(),
                "An expression attribute value used in expression is not defined; attribute value: :missing");
        assertUpdateFails("SET a = :v", Map.of(":v", s("y"), ":unused", s("z")), Map.of(),
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
        assertUpdateFails("SET a = #x", Map.of(), Map.of("#y", "a"),
                "An expression attribute name used in the document path is not defined; attribute name: #x");
        assertUpdateFails("SET a = :v +", Map.of(":v", n("1")), Map.of(), "Syntax error; token: \"<EOF>\"");
        assertUpdateFails("SET a = #n + :v", Map.of(":v", n("1")), Map.of("#n", "name"),
                "Incorrect operand type for operator or function; operator: +, operand type: S");
        assertUpdateFails("ADD #n :v", Map.of(":v", n("1")), Map.of("#n", "name"),
                "An operand in the update expression has an incorrect data type");
        assertUpdateFails("SET a = absent + :v", Map.of(":v", n("1")), Map.of(),
                "The provided expression refers to an attribute that does not exist in the item");
        assertUpdateFails("SET a = size(b)", Map.of(), Map.of(), "The function is not allowed in an update expression");
        assertThat(get("c1", "s")).containsOnlyKeys("pk", "sk", "name");
    }

    private void assertUpdateFails(String expression, Map<String, AttributeValue> values, Map<String, String> names,
                                   String message) {
        if (message == null) {
            ddb.updateItem(r -> r.tableName("state").key(key("c1", "s")).updateExpression(expression)
                    .expressionAttributeNames(names.isEmpty() ? null : names)
                    .expressionAttributeValues(values.isEmpty() ? null : values));
            ddb.putItem(r -> r.tableName("state").item(Map.of("pk", s("c1"), "sk", s("s"), "name", s("x"))));
            return;
        }
        assertThatThrownBy(() -> ddb.updateItem(r -> r.tableName("state").key(key("c1", "s"))
                .updateExpression(expression)
                .expressionAttributeNames(names.isEmpty() ? null : names)
                .expressionAttributeValues(values.isEmpty() ? null : values)))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains(message);
                });
    }

    private UpdateItemResponse update(ReturnValue mode, String value) {
        return ddb.updateItem(r -> r.tableName("state").key(key("c1", "s")).updateExpression("SET v = :v")
                .expressionAttributeValues(Map.of(":v", n(value))).returnValues(mode));
    }

    @Test
    void shouldAnswerATransactionRetriedWithItsClientTokenAsDoneWithinTenMinutes() {
        // given a conditional transaction that went through (its response may have been lost on the way back)
        java.util.function.Consumer<software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest.Builder>
                lock = r -> r.clientRequestToken("token-1").transactItems(t -> t.put(p -> p.tableName("state")
                        .item(key("LOCK", "c1")).conditionExpression("attribute_not_exists(pk)")));
        ddb.transactWriteItems(lock);

        // when the SDK retries it with the same token, then it succeeds instead of failing its own condition
        ddb.transactWriteItems(lock);
        // and the same token with other parameters is refused
        assertThatThrownBy(() -> ddb.transactWriteItems(r -> r.clientRequestToken("token-1").transactItems(t -> t.put(
                p -> p.tableName("state").item(key("LOCK", "c2"))))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> assertThat(e.awsErrorDetails().errorCode())
                        .isEqualTo("IdempotentParameterMismatchException"));
        // and after the 10-minute window the token is a new request: the condition fails
        clock.advance(java.time.Duration.ofMinutes(11));
        assertThatThrownBy(() -> ddb.transactWriteItems(lock))
                .isInstanceOf(software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.class);
    }
}
