package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;

/**
 * Every ConditionExpression construct, evaluated against one stored item through a conditional UpdateItem: each row
 * states whether the condition holds, and the test checks that the write happened exactly then.
 */
class DynamoDbConditionsTest extends DynamoDbTestBase {

    @BeforeEach
    void storeItem() {
        Map<String, AttributeValue> item = new HashMap<>(key("c1", "s"));
        item.put("gen", n("10"));
        item.put("phase", s("ACTIVE"));
        item.put("label", s("orders-eu"));
        item.put("flags", AttributeValue.fromSs(List.of("a", "b")));
        item.put("nums", AttributeValue.fromNs(List.of("1", "2")));
        item.put("hist", AttributeValue.fromL(List.of(s("x"), n("7"))));
        AttributeValue deep = AttributeValue.fromM(Map.of("deep", s("v")));
        item.put("doc", AttributeValue.fromM(Map.of("arr", AttributeValue.fromL(List.of(deep)), "blank", s(""))));
        item.put("big", n("12345678901234567890.5"));
        ddb.putItem(r -> r.tableName("state").item(item));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "gen = :ten | true", "gen = :nine | false", "gen <> :nine | true", "gen <> :ten | false",
        "gen < :eleven | true", "gen < :ten | false", "gen <= :ten | true", "gen > :nine | true",
        "gen > :ten | false", "gen >= :ten | true", "gen = :tenPointZero | true",
        "absent <> :ten | true", "absent = :ten | false", "absent < :ten | false",
        "phase < :ten | false",
        "gen BETWEEN :nine AND :eleven | true", "gen BETWEEN :eleven AND :eleven | false",
        "phase IN (:active, :paused) | true", "phase IN (:paused) | false",
        "gen = :ten AND phase = :active | true", "gen = :ten AND phase = :paused | false",
        "gen = :nine OR phase = :active | true", "gen = :nine OR phase = :paused | false",
        "NOT gen = :nine | true", "NOT (gen = :ten AND phase = :active) | false",
        "gen = :nine AND phase = :active OR label = :label | true",
        "gen = :nine AND (phase = :active OR label = :label) | false",
        "NOT gen = :nine AND phase = :paused | false",
        "attribute_exists(phase) | true", "attribute_exists(absent) | false",
        "attribute_not_exists(absent) | true", "attribute_not_exists(pk) | false",
        "attribute_type(gen, :typeN) | true", "attribute_type(gen, :typeS) | false",
        "attribute_type(flags, :typeSS) | true",
        "begins_with(label, :prefix) | true", "begins_with(label, :active) | false", "begins_with(gen, :prefix) | false",
        "contains(label, :sub) | true", "contains(flags, :a) | true", "contains(flags, :z) | false",
        "contains(nums, :two) | true", "contains(hist, :seven) | true", "contains(hist, :z) | false",
        "size(label) = :nine | true", "size(flags) = :two | true", "size(hist) > :one | true",
        "size(doc) = :two | true", "size(gen) = :two | false", "size(absent) >= :one | false",
        "doc.arr[0].deep = :v | true", "doc.arr[1].deep = :v | false", "attribute_exists(doc.arr[0]) | true",
        "attribute_not_exists(doc.arr[3]) | true", "size(doc.blank) = :zero | true",
        "big > :ten | true", "big = :bigSame | true",
    })
    void shouldEvaluateEachConstructLikeDynamoDb(String condition, boolean holds) {
        Map<String, AttributeValue> all = new HashMap<>(Map.ofEntries(
                Map.entry(":ten", n("10")), Map.entry(":nine", n("9")), Map.entry(":eleven", n("11")),
                Map.entry(":tenPointZero", n("10.0")), Map.entry(":active", s("ACTIVE")),
                Map.entry(":paused", s("PAUSED")), Map.entry(":label", s("orders-eu")),
                Map.entry(":typeN", s("N")), Map.entry(":typeS", s("S")), Map.entry(":typeSS", s("SS")),
                Map.entry(":prefix", s("orders-")), Map.entry(":sub", s("rs-e")), Map.entry(":a", s("a")),
                Map.entry(":z", s("z")), Map.entry(":two", n("2")), Map.entry(":seven", n("7")),
                Map.entry(":one", n("1")), Map.entry(":v", s("v")), Map.entry(":zero", n("0")),
                Map.entry(":bigSame", n("12345678901234567890.50"))));
        all.keySet().removeIf(k -> !condition.matches(".*" + k + "\\b.*"));
        all.put(":marker", s("written"));

        boolean written;
        try {
            ddb.updateItem(r -> r.tableName("state").key(key("c1", "s")).updateExpression("SET marker = :marker")
                    .conditionExpression(condition).expressionAttributeValues(all));
            written = true;
        } catch (ConditionalCheckFailedException e) {
            written = false;
        }

        assertThat(written).isEqualTo(holds);
        assertThat(get("c1", "s").containsKey("marker")).isEqualTo(holds);
    }

    @Test
    void shouldTreatConditionOnMissingItemAsAbsentAttributes() {
        ddb.putItem(r -> r.tableName("state").item(key("c2", "s")).conditionExpression("attribute_not_exists(pk)"));
        assertThatThrownBy(() -> ddb.deleteItem(r -> r.tableName("state").key(key("c3", "s"))
                .conditionExpression("attribute_exists(pk)")))
                .isInstanceOf(ConditionalCheckFailedException.class);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "gen = | Syntax error; token: \"<EOF>\", near: \"=\"",
        "gen == :ten | Syntax error; token: \"=\", near: \"==\"",
        "(gen = :ten | Syntax error; token: \"<EOF>\"",
        "gen BETWEEN :eleven AND :nine | The BETWEEN operator requires upper bound to be greater than or equal to lower bound",
        "unknown_fn(gen) | Invalid function name; function: unknown_fn",
        "attribute_exists(gen) = :ten | Syntax error",
        "size(gen) | Syntax error",
        "attribute_type(gen, :nine) | Invalid attribute type name found",
        "data = :ten | Attribute name is a reserved keyword; reserved keyword: data",
        "gen = :undefined | An expression attribute value used in expression is not defined; attribute value: :undefined",
        "#undefined = :ten | An expression attribute name used in the document path is not defined; attribute name: #undefined",
        "gen = :ten $ | Invalid character encountered",
    })
    void shouldRejectMalformedConditionsWithValidationException(String condition, String message) {
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":ten", n("10"), ":nine", n("9"), ":eleven", n("11")));
        values.keySet().removeIf(k -> !condition.matches(".*" + k + "\\b.*"));
        assertThatThrownBy(() -> ddb.putItem(r -> r.tableName("state").item(key("c1", "s"))
                .conditionExpression(condition).expressionAttributeValues(values.isEmpty() ? null : values)))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).startsWith("Invalid ConditionExpression: ").contains(message);
                });
        assertThat(get("c1", "s")).containsKey("gen");
    }
}
