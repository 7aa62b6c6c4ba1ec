package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

/** Table-level operations: create, describe, delete, list, TTL and point-in-time recovery settings. */
final class TableOperations {

    private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");

    private final Map<String, Table> tables;
    private final String region;
    private final String account;

    TableOperations(Map<String, Table> tables, String region, String account) {
        this.tables = tables;
        this.region = region;
        this.account = account;
    }

    Table table(JsonNode body) {
        String name = body.path("TableName").asText("");
        Table t = tables.get(name);
        if (t == null) {
            throw DynamoErrors.notFound();
        }
        return t;
    }

    ObjectNode create(JsonNode body, Instant now) {
        String name = body.path("TableName").asText("");
        if (!TABLE_NAME.matcher(name).matches()) {
            throw DynamoErrors.validation("1 validation error detected: Value '" + name + "' at 'tableName' failed to "
                    + "satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        }
        Map<String, String> defined = new HashMap<>();
        body.path("AttributeDefinitions").forEach(d ->
                defined.put(d.path("AttributeName").asText(), d.path("AttributeType").asText()));
        KeySchema key = keySchema(body.path("KeySchema"), defined);
        String billing = body.path("BillingMode").asText("PROVISIONED");
        JsonNode throughput = body.get("ProvisionedThroughput");
        if (billing.equals("PROVISIONED") && throughput == null) {
            throw DynamoErrors.invalidParameters("ReadCapacityUnits and WriteCapacityUnits must both be specified "
                    + "when BillingMode is PROVISIONED");
        }
        if (billing.equals("PAY_PER_REQUEST") && throughput != null) {
            throw DynamoErrors.invalidParameters("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
                    + "when BillingMode is PAY_PER_REQUEST");
        }
        List<Table.Index> indexes = new ArrayList<>();
        TreeSet<String> used = new TreeSet<>(key.names());
        for (JsonNode gsi : body.path("GlobalSecondaryIndexes")) {
            KeySchema gsiKey = keySchema(gsi.path("KeySchema"), defined);
            used.addAll(gsiKey.names());
            List<String> nonKey = new ArrayList<>();
            gsi.path("Projection").path("NonKeyAttributes").forEach(a -> nonKey.add(a.asText()));
            indexes.add(new Table.Index(gsi.path("IndexName").asText(), gsiKey,
                    gsi.path("Projection").path("ProjectionType").asText("ALL"), nonKey, gsi));
        }
        if (!used.equals(new TreeSet<>(defined.keySet()))) {
            throw DynamoErrors.invalidParameters("Some index key attributes are not defined in AttributeDefinitions. "
                    + "Keys: " + used + ", AttributeDefinitions: " + new TreeSet<>(defined.keySet()));
        }
        synchronized (tables) {
            if (tables.containsKey(name)) {
                throw DynamoErrors.inUse("Table already exists: " + name);
            }
            Table t = new Table(name, "arn:aws:dynamodb:" + region + ":" + account + ":table/" + name,
                    UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString(), key,
                    body.get("AttributeDefinitions"), body.get("KeySchema"), billing, throughput,
                    body.get("SSESpecification"), now, body.path("DeletionProtectionEnabled").asBoolean(false));
            indexes.forEach(i -> t.indexes.put(i.name(), i));
            tables.put(name, t);
            return Json.object().set("TableDescription", describe(t, "ACTIVE"));
        }
    }

    private static KeySchema keySchema(JsonNode schema, Map<String, String> defined) {
        String hash = null;
        String range = null;
        for (JsonNode k : schema) {
            String type = k.path("KeyType").asText();
            if (type.equals("HASH") && hash == null) {
                hash = k.path("AttributeName").asText();
            } else if (type.equals("RANGE") && range == null) {
                range = k.path("AttributeName").asText();
            } else {
                throw DynamoErrors.invalidParameters("Too many " + type + " keys specified. At most one allowed.");
            }
        }
        if (hash == null) {
            throw DynamoErrors.invalidParameters("No Hash Key specified in schema.  All Dynamo DB tables must have "
                    + "exactly one hash key");
        }
        for (String n : range == null ? List.of(hash) : List.of(hash, range)) {
            if (!defined.containsKey(n)) {
                throw DynamoErrors.invalidParameters("Some index key attributes are not defined in "
                        + "AttributeDefinitions. Keys: [" + n + "], AttributeDefinitions: " + new TreeSet<>(defined.keySet()));
            }
        }
        return new KeySchema(hash, defined.get(hash), range, range == null ? null : defined.get(range));
    }

    ObjectNode describeTable(JsonNode body) {
        String name = body.path("TableName").asText("");
        Table t = tables.get(name);
        if (t == null) {
            throw DynamoErrors.tableNotFound(name);
        }
        return Json.object().set("Table", describe(t, "ACTIVE"));
    }

    ObjectNode delete(JsonNode body) {
        Table t = table(body);
        if (t.deletionProtection) {
            throw DynamoErrors.validation("Resource cannot be deleted as it is currently protected against deletion. "
                    + "Disable deletion protection first.");
        }
        tables.remove(t.name);
        return Json.object().set("TableDescription", describe(t, "DELETING"));
    }

    ObjectNode list(JsonNode body) {
        String start = body.path("ExclusiveStartTableName").asText(null);
        int limit = body.path("Limit").asInt(100);
        List<String> names = new ArrayList<>(new TreeSet<>(tables.keySet()).tailSet(start == null ? "" : start, start == null));
        ObjectNode out = Json.object();
        ArrayNode arr = out.putArray("TableNames");
        names.stream().limit(limit).forEach(arr::add);
        if (names.size() > limit) {
            out.put("LastEvaluatedTableName", names.get(limit - 1));
        }
        return out;
    }

    ObjectNode updateTimeToLive(JsonNode body) {
        Table t = table(body);
        JsonNode spec = body.path("TimeToLiveSpecification");
        boolean enable = spec.path("Enabled").asBoolean();
        String attribute = spec.path("AttributeName").asText("");
        if (enable && t.ttlEnabled) {
            throw DynamoErrors.validation("TimeToLive is already enabled");
        }
        if (!enable && !t.ttlEnabled) {
            throw DynamoErrors.validation("TimeToLive is already disabled");
        }
        t.ttlEnabled = enable;
        t.ttlAttribute = attribute;
        ObjectNode out = Json.object();
        out.putObject("TimeToLiveSpecification").put("Enabled", enable).put("AttributeName", attribute);
        return out;
    }

    ObjectNode describeTimeToLive(JsonNode body) {
        Table t = table(body);
        ObjectNode d = Json.object();
        ObjectNode desc = d.putObject("TimeToLiveDescription").put("TimeToLiveStatus", t.ttlEnabled ? "ENABLED" : "DISABLED");
        if (t.ttlEnabled) {
            desc.put("AttributeName", t.ttlAttribute);
        }
        return d;
    }

    ObjectNode updateContinuousBackups(JsonNode body, Instant now) {
        Table t = tables.get(body.path("TableName").asText(""));
        if (t == null) {
            throw new io.channelpilot.local.world.http.AwsServiceError(400, "TableNotFoundException",
                    "Table not found: " + body.path("TableName").asText(""));
        }
        JsonNode spec = body.path("PointInTimeRecoverySpecification");
        t.pitrEnabled = spec.path("PointInTimeRecoveryEnabled").asBoolean();
        t.pitrRecoveryDays = spec.path("RecoveryPeriodInDays").asInt(35);
        t.pitrEnabledAt = t.pitrEnabled ? now : null;
        return continuousBackups(t, now);
    }

    ObjectNode describeContinuousBackups(JsonNode body, Instant now) {
        Table t = tables.get(body.path("TableName").asText(""));
        if (t == null) {
            throw new io.channelpilot.local.world.http.AwsServiceError(400, "TableNotFoundException",
                    "Table not found: " + body.path("TableName").asText(""));
        }
        return continuousBackups(t, now);
    }

    private static ObjectNode continuousBackups(Table t, Instant now) {
        ObjectNode out = Json.object();
        ObjectNode d = out.putObject("ContinuousBackupsDescription").put("ContinuousBackupsStatus", "ENABLED");
        ObjectNode p = d.putObject("PointInTimeRecoveryDescription")
                .put("PointInTimeRecoveryStatus", t.pitrEnabled ? "ENABLED" : "DISABLED");
        if (t.pitrEnabled) {
            p.put("RecoveryPeriodInDays", t.pitrRecoveryDays);
            p.put("EarliestRestorableDateTime", seconds(t.pitrEnabledAt));
            p.put("LatestRestorableDateTime", seconds(now));
        }
        return out;
    }

    static double seconds(Instant t) {
        return t.getEpochSecond() + t.getNano() / 1e9;
    }

    static ObjectNode describe(Table t, String status) {
        ObjectNode d = Json.object();
        d.set("AttributeDefinitions", t.attributeDefinitions);
        d.put("TableName", t.name);
        d.set("KeySchema", t.keySchemaDefinition);
        d.put("TableStatus", status);
        d.put("CreationDateTime", seconds(t.created));
        ObjectNode pt = d.putObject("ProvisionedThroughput").put("NumberOfDecreasesToday", 0)
                .put("ReadCapacityUnits", t.provisionedThroughput == null ? 0 : t.provisionedThroughput.path("ReadCapacityUnits").asLong())
                .put("WriteCapacityUnits", t.provisionedThroughput == null ? 0 : t.provisionedThroughput.path("WriteCapacityUnits").asLong());
        d.put("TableSizeBytes", t.sizeBytes()).put("ItemCount", t.items.size());
        d.put("TableArn", t.arn).put("TableId", t.id);
        d.putObject("BillingModeSummary").put("BillingMode", t.billingMode)
                .put("LastUpdateToPayPerRequestDateTime", seconds(t.created));
        if (!t.indexes.isEmpty()) {
            ArrayNode gsis = d.putArray("GlobalSecondaryIndexes");
            for (Table.Index i : t.indexes.values()) {
                ObjectNode g = gsis.addObject().put("IndexName", i.name());
                g.set("KeySchema", i.definition().get("KeySchema"));
                g.set("Projection", i.definition().get("Projection"));
                g.put("IndexStatus", "ACTIVE");
                g.set("ProvisionedThroughput", pt.deepCopy());
                g.put("IndexArn", t.arn + "/index/" + i.name());
                g.put("ItemCount", t.items.values().stream().filter(it -> i.key().keyOf(it) != null).count());
            }
        }
        if (t.sse != null && t.sse.path("Enabled").asBoolean(false)) {
            ObjectNode sse = d.putObject("SSEDescription").put("Status", "ENABLED").put("SSEType", "KMS");
            // ASSUMPTION: without a customer key, DynamoDB reports the AWS managed key alias/aws/dynamodb.
            sse.put("KMSMasterKeyArn", t.sse.hasNonNull("KMSMasterKeyId") ? t.sse.get("KMSMasterKeyId").asText()
                    : "arn:aws:kms:" + t.arn.split(":")[3] + ":" + t.arn.split(":")[4] + ":alias/aws/dynamodb");
        }
        d.put("DeletionProtectionEnabled", t.deletionProtection);
        return d;
    }
}
