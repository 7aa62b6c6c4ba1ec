package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Partition key plus optional sort key of a table or index, with their scalar types (S, N or B). Key values are
 * limited as DynamoDB documents ("Constraints in Amazon DynamoDB", Partition keys and sort keys): a partition key
 * value 1-2048 bytes, a sort key value 1-1024 bytes (UTF-8 for strings, raw bytes for binary), refused with the
 * service's ValidationException messages.
 */
record KeySchema(String hashName, String hashType, String rangeName, String rangeType) {

    static final int MAX_PARTITION_KEY_BYTES = 2048;
    static final int MAX_SORT_KEY_BYTES = 1024;

    boolean hasRange() {
        return rangeName != null;
    }

    Set<String> names() {
        Set<String> out = new LinkedHashSet<>();
        out.add(hashName);
        if (rangeName != null) {
            out.add(rangeName);
        }
        return out;
    }

    /** The key attributes of {@code item}, or null when the item lacks one (not indexed, for a GSI). */
    ObjectNode keyOf(ObjectNode item) {
        ObjectNode key = Json.object();
        for (String n : names()) {
            JsonNode v = item.get(n);
            if (v == null) {
                return null;
            }
            key.set(n, v);
        }
        return key;
    }

    /** Canonical text of an item's key: orders and identifies items. */
    String keyText(ObjectNode item) {
        String h = Values.keyText(item.get(hashName));
        return rangeName == null ? h : h + "\u0000" + Values.keyText(item.get(rangeName));
    }

    /**
     * Validates that {@code item} carries this schema's key attributes with the declared types; {@code exact}
     * additionally requires it to carry nothing else (a Key parameter rather than a whole item).
     */
    void validate(ObjectNode item, boolean exact) {
        if (item == null) {
            throw DynamoErrors.validation("One of the required keys was not given a value");
        }
        for (String n : names()) {
            JsonNode v = item.get(n);
            if (v == null) {
                throw exact ? DynamoErrors.validation("The provided key element does not match the schema")
                        : DynamoErrors.invalidParameters("Missing the key " + n + " in the item");
            }
            String expected = n.equals(hashName) ? hashType : rangeType;
            String actual = Values.type(v);
            if (!expected.equals(actual)) {
                throw exact ? DynamoErrors.validation("The provided key element does not match the schema")
                        : DynamoErrors.invalidParameters("Type mismatch for key " + n + " expected: " + expected
                        + " actual: " + actual);
            }
            if (!actual.equals("N") && v.get(actual).asText().isEmpty()) {
                throw DynamoErrors.validation("One or more parameter values are not valid. The AttributeValue for a "
                        + "key attribute cannot contain an empty " + (actual.equals("S") ? "string" : "binary")
                        + " value. Key: " + n);
            }
            requireKeySize(n.equals(hashName), v);
        }
        if (exact && item.size() != names().size()) {
            throw DynamoErrors.validation("The provided key element does not match the schema");
        }
    }

    /** The documented key length limits, with the messages DynamoDB answers with. */
    static void requireKeySize(boolean partition, JsonNode value) {
        String type = Values.type(value);
        long bytes = switch (type) {
            case "S" -> value.get("S").asText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            case "B" -> Values.bytes(value.get("B")).length;
            default -> 0;
        };
        if (partition && bytes > MAX_PARTITION_KEY_BYTES) {
            throw DynamoErrors.validation("One or more parameter values were invalid: Size of hashkey has exceeded the "
                    + "maximum size limit of" + MAX_PARTITION_KEY_BYTES + " bytes");
        }
        if (!partition && bytes > MAX_SORT_KEY_BYTES) {
            throw DynamoErrors.validation("One or more parameter values were invalid: Aggregated size of all range keys "
                    + "has exceeded the size limit of " + MAX_SORT_KEY_BYTES + " bytes");
        }
    }
}
