package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.JsonPaths;
import io.channelpilot.local.sfn.json.ReferencePath;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** Typed, located access to one JSON object of a definition; every problem becomes a {@link DefinitionException}. */
final class Fields {

    private final String state;
    private final JsonNode node;
    private final String prefix;

    Fields(String state, JsonNode node, String prefix) {
        this.state = state;
        this.node = node;
        this.prefix = prefix;
    }

    String state() {
        return state;
    }

    JsonNode node() {
        return node;
    }

    Fields child(String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isObject()) {
            throw error(field, "must be a JSON object");
        }
        return new Fields(state, value, qualified(field) + ".");
    }

    DefinitionException error(String field, String message) {
        return new DefinitionException(state, field == null ? null : qualified(field), message);
    }

    private String qualified(String field) {
        return prefix + field;
    }

    /** Rejects every field not in {@code allowed}; {@code unsupported} fields get a specific message. */
    void allowOnly(Set<String> allowed, java.util.Map<String, String> unsupported) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String field = it.next();
            if (unsupported.containsKey(field)) {
                throw error(field, "is not supported by the local runner: " + unsupported.get(field));
            }
            if (!allowed.contains(field)) {
                throw error(field, "is not a valid field here (allowed: " + new java.util.TreeSet<>(allowed) + ")");
            }
        }
    }

    boolean has(String field) {
        return node.has(field);
    }

    boolean isNull(String field) {
        return node.has(field) && node.get(field).isNull();
    }

    String string(String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            throw error(field, value == null ? "is required" : "must be a string");
        }
        return value.textValue();
    }

    String optionalString(String field) {
        return has(field) ? string(field) : null;
    }

    int nonNegativeInt(String field, int defaultValue) {
        JsonNode value = node.get(field);
        if (value == null) {
            return defaultValue;
        }
        if (!value.canConvertToInt() || !value.isIntegralNumber() || value.intValue() < 0) {
            throw error(field, "must be a non-negative integer, was " + value);
        }
        return value.intValue();
    }

    int positiveInt(String field) {
        int value = nonNegativeInt(field, 0);
        if (value == 0) {
            throw error(field, "must be a positive integer");
        }
        return value;
    }

    /** A Path ("$..." or "$$..."), or null when the field is JSON null and {@code nullable}. */
    String path(String field, String defaultValue, boolean nullable) {
        if (!has(field)) {
            return defaultValue;
        }
        if (isNull(field)) {
            if (!nullable) {
                throw error(field, "must not be null");
            }
            return null;
        }
        String path = string(field);
        if (!JsonPaths.isValid(path)) {
            throw error(field, "is not a valid Path: " + path);
        }
        return path;
    }

    ResultPath resultPath(String field) {
        if (!has(field)) {
            return ResultPath.root();
        }
        if (isNull(field)) {
            return ResultPath.discard();
        }
        String text = string(field);
        return new ResultPath(ReferencePath.parse(text)
                .orElseThrow(() -> error(field, "must be a Reference Path (no wildcards, filters or '$$'): " + text)));
    }

    PayloadTemplate template(String field) {
        if (!has(field)) {
            return null;
        }
        try {
            return PayloadTemplate.compile(node.get(field));
        } catch (IllegalArgumentException e) {
            throw error(field, e.getMessage());
        }
    }

    List<String> stringList(String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray() || value.isEmpty()) {
            throw error(field, "must be a non-empty array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isTextual()) {
                throw error(field, "must contain only strings");
            }
            out.add(item.textValue());
        }
        return out;
    }

    Transition transition() {
        boolean end = node.has("End");
        if (end && (!node.get("End").isBoolean() || !node.get("End").booleanValue())) {
            throw error("End", "must be true when present");
        }
        if (end == has("Next")) {
            throw error(end ? "Next" : "Next", "exactly one of \"Next\" or \"End\": true is required");
        }
        return end ? new Transition.End() : new Transition.Next(string("Next"));
    }
}
