package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * ExpressionAttributeNames and ExpressionAttributeValues of one request, shared by all of its expressions so unused
 * entries can be refused afterwards, as DynamoDB does.
 */
final class ExpressionContext {

    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, JsonNode> values = new LinkedHashMap<>();
    private final Set<String> usedNames = new HashSet<>();
    private final Set<String> usedValues = new HashSet<>();

    ExpressionContext(JsonNode request) {
        JsonNode n = request.get("ExpressionAttributeNames");
        if (n != null && n.isObject()) {
            n.fields().forEachRemaining(e -> names.put(e.getKey(), e.getValue().asText()));
        }
        JsonNode v = request.get("ExpressionAttributeValues");
        if (v != null && v.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = v.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                try {
                    values.put(e.getKey(), Values.normalise(e.getValue()));
                } catch (RuntimeException ex) {
                    throw DynamoErrors.validation("ExpressionAttributeValues contains invalid value: "
                            + ex.getMessage() + " for key " + e.getKey());
                }
            }
        }
    }

    String name(String ref, String label) {
        String name = names.get(ref);
        if (name == null) {
            throw DynamoErrors.validation("Invalid " + label + ": An expression attribute name used in the document "
                    + "path is not defined; attribute name: " + ref);
        }
        usedNames.add(ref);
        return name;
    }

    JsonNode value(String ref, String label) {
        JsonNode value = values.get(ref);
        if (value == null) {
            throw DynamoErrors.validation("Invalid " + label + ": An expression attribute value used in expression "
                    + "is not defined; attribute value: " + ref);
        }
        usedValues.add(ref);
        return value;
    }

    /** Refuses names/values that no expression of the request used. */
    void requireAllUsed() {
        Set<String> unusedNames = new TreeSet<>(names.keySet());
        unusedNames.removeAll(usedNames);
        if (!unusedNames.isEmpty()) {
            throw DynamoErrors.validation("Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                    + String.join(", ", unusedNames) + "}");
        }
        Set<String> unusedValues = new TreeSet<>(values.keySet());
        unusedValues.removeAll(usedValues);
        if (!unusedValues.isEmpty()) {
            throw DynamoErrors.validation("Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                    + String.join(", ", unusedValues) + "}");
        }
    }
}
