package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.SSEType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/** Table-level DynamoDB operations through the real DynamoDbClient. */
class DynamoDbTablesTest extends DynamoDbTestBase {

    @Test
    void shouldDescribeCreatedTableAsActiveWithKeysBillingAndEncryption() {
        ddb.createTable(r -> r.tableName("ledger").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("id").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("owner").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("at").attributeType(ScalarAttributeType.N))
                .keySchema(k -> k.attributeName("id").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName("by-owner")
                        .keySchema(k -> k.attributeName("owner").keyType(KeyType.HASH),
                                k -> k.attributeName("at").keyType(KeyType.RANGE))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .sseSpecification(s -> s.enabled(true).sseType(SSEType.KMS).kmsMasterKeyId("arn:aws:kms:us-east-1:123456789012:key/k1")));

        TableDescription t = ddb.describeTable(r -> r.tableName("ledger")).table();
        assertThat(t.tableStatus()).isEqualTo(TableStatus.ACTIVE);
        assertThat(t.tableArn()).isEqualTo("arn:aws:dynamodb:us-east-1:123456789012:table/ledger");
        assertThat(t.keySchema()).extracting(k -> k.attributeName() + ":" + k.keyType()).containsExactly("id:HASH");
        assertThat(t.billingModeSummary().billingMode()).isEqualTo(BillingMode.PAY_PER_REQUEST);
        assertThat(t.creationDateTime()).isEqualTo(T0);
        assertThat(t.sseDescription().kmsMasterKeyArn()).isEqualTo("arn:aws:kms:us-east-1:123456789012:key/k1");
        assertThat(t.globalSecondaryIndexes()).extracting(g -> g.indexName() + ":" + g.indexStatusAsString())
                .containsExactly("by-owner:ACTIVE");
        assertThat(ddb.listTables().tableNames()).containsExactly("ledger", "state");
    }

    @Test
    void shouldRefuseDuplicateAndInvalidTables() {
        assertThatThrownBy(() -> ddb.createTable(r -> r.tableName("state").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))))
                .isInstanceOf(ResourceInUseException.class).hasMessageContaining("Table already exists: state");
        assertThatThrownBy(() -> ddb.createTable(r -> r.tableName("x1y").billingMode(BillingMode.PAY_PER_REQUEST)
                .provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains("Neither ReadCapacityUnits nor WriteCapacityUnits");
                });
        assertThatThrownBy(() -> ddb.createTable(r -> r.tableName("x2y").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("extra").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))))
                .hasMessageContaining("Some index key attributes are not defined in AttributeDefinitions");
        assertThat(ddb.listTables().tableNames()).containsExactly("state");
    }

    @Test
    void shouldDeleteTableAndThenReportNotFound() {
        TableDescription deleted = ddb.deleteTable(r -> r.tableName("state")).tableDescription();
        assertThat(deleted.tableStatus()).isEqualTo(TableStatus.DELETING);
        assertThatThrownBy(() -> ddb.describeTable(r -> r.tableName("state")))
                .isInstanceOf(ResourceNotFoundException.class).hasMessageContaining("Table: state not found");
        assertThatThrownBy(() -> ddb.getItem(r -> r.tableName("state").key(key("a", "b"))))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void shouldExpireItemsOnlyWhenTheWorldAsksAtOrAfterTheirTtl() {
        ddb.updateTimeToLive(r -> r.tableName("state").timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt")));
        assertThat(ddb.describeTimeToLive(r -> r.tableName("state")).timeToLiveDescription().timeToLiveStatus())
                .isEqualTo(TimeToLiveStatus.ENABLED);
        assertThatThrownBy(() -> ddb.updateTimeToLive(r -> r.tableName("state")
                .timeToLiveSpecification(t -> t.enabled(true).attributeName("expiresAt"))))
                .hasMessageContaining("TimeToLive is already enabled");
        put("soon", Map.of("expiresAt", n(Long.toString(T0.plusSeconds(60).getEpochSecond()))));
        put("later", Map.of("expiresAt", n(Long.toString(T0.plusSeconds(3600).getEpochSecond()))));
        put("text", Map.of("expiresAt", s("1")));
        put("none", Map.of());
        put("ancient", Map.of("expiresAt", n(Long.toString(T0.minus(Duration.ofDays(6 * 365)).getEpochSecond()))));

        assertThat(emulator.expire()).isEmpty();
        clock.advance(Duration.ofSeconds(60));
        assertThat(emulator.expire()).extracting(e -> e.getValue().path("pk").path("S").asText()).containsExactly("soon");

        assertThat(get("soon", "x")).isEmpty();
        assertThat(get("later", "x")).isNotEmpty();
        assertThat(emulator.itemCount("state")).as("later, text, none and ancient (over five years) remain").isEqualTo(4);
    }

    @Test
    void shouldStorePointInTimeRecoveryFlag() {
        assertThat(ddb.describeContinuousBackups(r -> r.tableName("state")).continuousBackupsDescription()
                .pointInTimeRecoveryDescription().pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.DISABLED);
        ContinuousBackupsDescription d = ddb.updateContinuousBackups(r -> r.tableName("state")
                .pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true))).continuousBackupsDescription();
        assertThat(d.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.ENABLED);
        assertThat(d.pointInTimeRecoveryDescription().earliestRestorableDateTime()).isEqualTo(T0);
        assertThat(ddb.describeContinuousBackups(r -> r.tableName("state")).continuousBackupsDescription()
                .pointInTimeRecoveryDescription().pointInTimeRecoveryStatus()).isEqualTo(PointInTimeRecoveryStatus.ENABLED);
        assertThatThrownBy(() -> ddb.describeContinuousBackups(r -> r.tableName("nope")))
                .isInstanceOfSatisfying(DynamoDbException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("TableNotFoundException"));
    }

    private void put(String pk, Map<String, AttributeValue> extra) {
        Map<String, AttributeValue> item = new HashMap<>(key(pk, "x"));
        item.putAll(extra);
        ddb.putItem(r -> r.tableName("state").item(item));
    }
}
