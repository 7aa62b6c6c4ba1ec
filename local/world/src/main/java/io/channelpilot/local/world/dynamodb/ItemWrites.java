package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prepares single-item writes (Put, Update, Delete, ConditionCheck) without applying them, so the same code serves
 * the single-item operations and TransactWriteItems (all conditions first, then all writes).
 */
final class ItemWrites {

    enum Kind { PUT, UPDATE, DELETE, CHECK }

    /** A write ready to commit: {@code next} null means delete (or nothing to change for a check). */
    record Prepared(Kind kind, Table table, ObjectNode key, ObjectNode existing, ObjectNode next,
                    List<Ast.Path> updatedPaths, boolean conditionPassed, JsonNode request) {

        void commit() {
            switch (kind) {
                case PUT, UPDATE -> table.put(next);
                case DELETE -> table.delete(key);
                default -> {
                }
            }
        }

        String itemId() {
            return table.name + "\u0001" + table.key.keyText(key);
        }

        boolean returnOldOnFailure() {
            return "ALL_OLD".equals(request.path("ReturnValuesOnConditionCheckFailure").asText("NONE"));
        }
    }

    private ItemWrites() {
    }

    static Prepared prepare(Kind kind, Table table, JsonNode request) {
        ExpressionContext ctx = new ExpressionContext(request);
        rejectLegacy(request);
        ObjectNode key;
        ObjectNode item = null;
        if (kind == Kind.PUT) {
            item = normaliseItem(request.get("Item"));
            table.key.validate(item, false);
            key = table.key.keyOf(item);
        } else {
            key = normaliseItem(request.get("Key"));
            table.key.validate(key, true);
        }
        Ast.Condition condition = request.hasNonNull("ConditionExpression")
                ? ExpressionParser.condition(request.get("ConditionExpression").asText(), "ConditionExpression", ctx)
                : null;
        if (kind == Kind.CHECK && condition == null) {
            throw DynamoErrors.validation("1 validation error detected: Value null at 'conditionExpression' failed to "
                    + "satisfy constraint: Member must not be null");
        }
        Ast.Update update = kind == Kind.UPDATE && request.hasNonNull("UpdateExpression")
                ? UpdateParser.parse(request.get("UpdateExpression").asText(), ctx) : null;
        ctx.requireAllUsed();
        ObjectNode existing = table.get(key);
        boolean passed = condition == null || ConditionEvaluator.test(condition, existing);
        if (!passed) {
            return new Prepared(kind, table, key, existing, null, List.of(), false, request);
        }
        requireWithinSize(item);
        requireIndexKeyTypes(table, item);
        return switch (kind) {
            case PUT -> new Prepared(kind, table, key, existing, item, List.of(), true, request);
            case DELETE, CHECK -> new Prepared(kind, table, key, existing, null, List.of(), true, request);
            case UPDATE -> {
                ObjectNode base = existing != null ? existing : key.deepCopy();
                if (update == null) {
                    yield new Prepared(kind, table, key, existing, base, List.of(), true, request);
                }
                UpdateApplier.Result r = UpdateApplier.apply(update, base, table.key.names());
                requireWithinSize(r.item());
                requireIndexKeyTypes(table, r.item());
                yield new Prepared(kind, table, key, existing, r.item(), r.updatedPaths(), true, request);
            }
        };
    }

    /** The response attributes for ReturnValues (validated per operation as DynamoDB does). */
    static ObjectNode returnValues(Prepared p) {
        String rv = p.request().path("ReturnValues").asText("NONE");
        Set<String> allowed = switch (p.kind()) {
            case UPDATE -> Set.of("NONE", "ALL_OLD", "ALL_NEW", "UPDATED_OLD", "UPDATED_NEW");
            default -> Set.of("NONE", "ALL_OLD");
        };
        if (!allowed.contains(rv)) {
            throw DynamoErrors.validation("Return values set to invalid value");
        }
        ObjectNode out = Json.object();
        ObjectNode attributes = switch (rv) {
            case "ALL_OLD" -> p.existing();
            case "ALL_NEW" -> p.next();
            case "UPDATED_OLD" -> p.existing() == null ? null : Documents.project(p.existing(), p.updatedPaths());
            case "UPDATED_NEW" -> Documents.project(p.next(), p.updatedPaths());
            default -> null;
        };
        if (attributes != null && !attributes.isEmpty()) {
            out.set("Attributes", attributes.deepCopy());
        }
        return out;
    }

    private static final long MAX_ITEM_BYTES = 400 * 1024;

    /** DynamoDB's item size: attribute name lengths plus value sizes (UTF-8 bytes; numbers about 1 byte per 2 digits). */
    static long size(JsonNode item) {
        long total = 0;
        Iterator<Map.Entry<String, JsonNode>> it = item.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            total += e.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8).length + valueSize(e.getValue());
        }
        return total;
    }

    private static long valueSize(JsonNode value) {
        String type = Values.type(value);
        JsonNode v = value.get(type);
        return switch (type) {
            case "S" -> v.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            case "N" -> v.asText().length() / 2 + 1;
            case "B" -> Values.bytes(v).length;
            case "BOOL", "NULL" -> 1;
            case "M" -> 3 + size(v);
            case "L" -> {
                long sum = 3;
                for (JsonNode e : v) {
                    sum += 1 + valueSize(e);
                }
                yield sum;
            }
            default -> {
                long sum = 0;
                for (JsonNode e : v) {
                    sum += type.equals("BS") ? Values.bytes(e).length
                            : type.equals("NS") ? e.asText().length() / 2 + 1
                            : e.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                }
                yield sum;
            }
        };
    }

    /** GSI key attributes present on an item must have the index's declared type, as DynamoDB checks on write. */
    static void requireIndexKeyTypes(Table table, ObjectNode item) {
        if (item == null) {
            return;
        }
        for (Table.Index index : table.indexes.values()) {
            KeySchema k = index.key();
            for (String name : k.names()) {
                JsonNode v = item.get(name);
                String expected = name.equals(k.hashName()) ? k.hashType() : k.rangeType();
                if (v != null && !Values.type(v).equals(expected)) {
                    throw DynamoErrors.invalidParameters("Type mismatch for Index Key " + name + " Expected: "
                            + expected + " Actual: " + Values.type(v) + " IndexName: " + index.name());
                }
                int max = name.equals(k.hashName()) ? KeySchema.MAX_PARTITION_KEY_BYTES : KeySchema.MAX_SORT_KEY_BYTES;
                long size = v == null || !Values.type(v).equals("S") ? 0
                        : v.get("S").asText().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
                if (size > max) {
                    throw DynamoErrors.invalidParameters("Size limit exceeded for Index Key " + name + " Actual Size: " + size
                            + " bytes Max Size: " + max + " bytes IndexName: " + index.name());
                }
            }
        }
    }

    static void requireWithinSize(ObjectNode item) {
        if (item != null && size(item) > MAX_ITEM_BYTES) {
            throw DynamoErrors.validation("Item size has exceeded the maximum allowed size");
        }
    }

    static ObjectNode normaliseItem(JsonNode item) {
        if (item == null || !item.isObject()) {
            return null;
        }
        ObjectNode out = Json.object();
        Iterator<Map.Entry<String, JsonNode>> it = item.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            out.set(e.getKey(), Values.normalise(e.getValue()));
        }
        return out;
    }

    private static void rejectLegacy(JsonNode request) {
        for (String legacy : List.of("Expected", "AttributeUpdates", "ConditionalOperator")) {
            if (request.has(legacy)) {
                // UNCONFIRMED for the local world: legacy conditional parameters are not emulated.
                throw DynamoErrors.validation("The local world does not emulate the legacy parameter " + legacy
                        + "; use expressions");
            }
        }
    }
}
