package io.channelpilot.alarm.gateway;


import io.channelpilot.model.AsciiNumbers;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Triage watermark and reports in the status table, next to the channel's status item (pk {@code CLUSTER#<arn>}):
 * sk {@code TRIAGE#<channel>} (watermark, versioned) and {@code TRIAGE_REPORT#<channel>#<n>} (reports, TTL
 * {@link #REPORT_TTL}). Both are conditional writes, so two invocations racing on the same objects cannot both win.
 */
public final class DynamoDbTriageState implements AlarmPorts.TriageState {

    static final Duration REPORT_TTL = Duration.ofDays(30);

    private final DynamoDbClient dynamo;
    private final String table;

    public DynamoDbTriageState(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    @Override
    public AlarmPorts.Watermark watermark(String clusterArn, String channelName) {
        Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(key(clusterArn, "TRIAGE#" + channelName))).item();
        if (item == null || item.isEmpty()) {
            return AlarmPorts.Watermark.initial();
        }
        List<String> keys = item.containsKey("folderKeys")
                ? item.get("folderKeys").l().stream().map(AttributeValue::s).toList() : List.of();
        return new AlarmPorts.Watermark(item.get("lastKey").s(), keys, AsciiNumbers.requireLong(item.get("version").n()),
                Instant.parse(item.get("updatedAt").s()));
    }

    @Override
    public boolean storeReport(String clusterArn, String channelName, long reportNumber, String reportJson, Instant at) {
        Map<String, AttributeValue> item = key(clusterArn, "TRIAGE_REPORT#" + channelName + "#" + String.format("%012d", reportNumber));
        item.put("report", AttributeValue.fromS(reportJson));
        item.put("createdAt", AttributeValue.fromS(at.toString()));
        item.put("expiresAt", AttributeValue.fromN(Long.toString(at.plus(REPORT_TTL).getEpochSecond())));
        try {
            dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));
            return true;
        } catch (ConditionalCheckFailedException taken) {
            return false;
        }
    }

    @Override
    public boolean advance(String clusterArn, String channelName, AlarmPorts.Watermark expected, AlarmPorts.Watermark next) {
        Map<String, AttributeValue> item = key(clusterArn, "TRIAGE#" + channelName);
        item.put("lastKey", AttributeValue.fromS(next.lastKey()));
        item.put("folderKeys", AttributeValue.fromL(next.folderKeys().stream().map(AttributeValue::fromS).toList()));
        item.put("version", AttributeValue.fromN(Long.toString(next.version())));
        item.put("updatedAt", AttributeValue.fromS(next.updatedAt().toString()));
        try {
            if (expected.version() == 0) {
                dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("attribute_not_exists(pk)"));
            } else {
                dynamo.putItem(r -> r.tableName(table).item(item).conditionExpression("version = :v")
                        .expressionAttributeValues(Map.of(":v", AttributeValue.fromN(Long.toString(expected.version())))));
            }
            return true;
        } catch (ConditionalCheckFailedException lost) {
            return false;
        }
    }

    private static Map<String, AttributeValue> key(String clusterArn, String sk) {
        Map<String, AttributeValue> key = new HashMap<>();
        key.put("pk", AttributeValue.fromS("CLUSTER#" + clusterArn));
        key.put("sk", AttributeValue.fromS(sk));
        return key;
    }
}
