package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One table: its definition (kept as sent, to describe it back), key schema, GSIs, TTL and PITR settings, and items
 * ordered by key text. Mutated only under the emulator's lock.
 */
final class Table {

    /** A global secondary index: its key schema, projection and the definition to describe back. */
    record Index(String name, KeySchema key, String projectionType, List<String> nonKeyAttributes, JsonNode definition) {
    }

    final String name;
    final String arn;
    final String id;
    final KeySchema key;
    final JsonNode attributeDefinitions;
    final JsonNode keySchemaDefinition;
    final String billingMode;
    final JsonNode provisionedThroughput;
    final JsonNode sse;
    final Map<String, Index> indexes = new LinkedHashMap<>();
    final Instant created;
    final boolean deletionProtection;
    final TreeMap<String, ObjectNode> items = new TreeMap<>();
    String ttlAttribute;
    boolean ttlEnabled;
    boolean pitrEnabled;
    int pitrRecoveryDays = 35;
    Instant pitrEnabledAt;

    Table(String name, String arn, String id, KeySchema key, JsonNode attributeDefinitions, JsonNode keySchemaDefinition,
          String billingMode, JsonNode provisionedThroughput, JsonNode sse, Instant created, boolean deletionProtection) {
        this.name = name;
        this.arn = arn;
        this.id = id;
        this.key = key;
        this.attributeDefinitions = attributeDefinitions;
        this.keySchemaDefinition = keySchemaDefinition;
        this.billingMode = billingMode;
        this.provisionedThroughput = provisionedThroughput;
        this.sse = sse;
        this.created = created;
        this.deletionProtection = deletionProtection;
    }

    ObjectNode get(ObjectNode keyAttributes) {
        return items.get(key.keyText(keyAttributes));
    }

    void put(ObjectNode item) {
        items.put(key.keyText(item), item);
    }

    void delete(ObjectNode keyAttributes) {
        items.remove(key.keyText(keyAttributes));
    }

    long sizeBytes() {
        return items.values().stream().mapToLong(i -> i.toString().length()).sum();
    }
}
