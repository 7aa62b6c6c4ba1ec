package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Query and Scan with key conditions, filters, projections, Limit and ExclusiveStartKey / LastEvaluatedKey. */
final class QueryOperations {

    private final TableOperations tables;

    QueryOperations(TableOperations tables) {
        this.tables = tables;
    }

    ObjectNode query(JsonNode body) {
        Table t = tables.table(body);
        Table.Index index = index(t, body);
        KeySchema key = index == null ? t.key : index.key();
        ExpressionContext ctx = new ExpressionContext(body);
        if (!body.hasNonNull("KeyConditionExpression")) {
            throw DynamoErrors.validation("Either the KeyConditions or KeyConditionExpression parameter must be "
                    + "specified in the request.");
        }
        Ast.Condition keyCondition = ExpressionParser.condition(body.get("KeyConditionExpression").asText(),
                "KeyConditionExpression", ctx);
        KeyConditions.validate(keyCondition, key);
        Ast.Condition filter = filter(body, ctx, key, t.key);
        List<Ast.Path> projection = projection(body, ctx);
        ctx.requireAllUsed();
        Comparator<ObjectNode> order = Comparator.comparing((ObjectNode i) -> i, (a, b) -> key.hasRange()
                        ? Values.compare(a.get(key.rangeName()), b.get(key.rangeName())) : 0)
                .thenComparing(i -> t.key.keyText(i), Values::compareUtf8);
        if (!body.path("ScanIndexForward").asBoolean(true)) {
            order = order.reversed();
        }
        List<ObjectNode> candidates = new ArrayList<>();
        for (ObjectNode item : t.items.values()) {
            if (key.keyOf(item) != null && ConditionEvaluator.test(keyCondition, item)) {
                candidates.add(item);
            }
        }
        candidates.sort(order);
        return page(body, t, index, candidates, order, filter, projection);
    }

    ObjectNode scan(JsonNode body) {
        Table t = tables.table(body);
        Table.Index index = index(t, body);
        ExpressionContext ctx = new ExpressionContext(body);
        Ast.Condition filter = filter(body, ctx, null, t.key);
        List<Ast.Path> projection = projection(body, ctx);
        ctx.requireAllUsed();
        int segments = body.path("TotalSegments").asInt(1);
        int segment = body.path("Segment").asInt(0);
        if (segment < 0 || segment >= segments) {
            throw DynamoErrors.validation("The Segment parameter is zero-based and must be less than parameter "
                    + "TotalSegments: Segment: " + segment + " is not less than TotalSegments: " + segments);
        }
        Comparator<ObjectNode> order = Comparator.comparing(i -> t.key.keyText(i), Values::compareUtf8);
        List<ObjectNode> candidates = new ArrayList<>();
        for (ObjectNode item : t.items.values()) {
            boolean indexed = index == null || index.key().keyOf(item) != null;
            if (indexed && Math.floorMod(t.key.keyText(item).hashCode(), segments) == segment) {
                candidates.add(item);
            }
        }
        candidates.sort(order);
        return page(body, t, index, candidates, order, filter, projection);
    }

    private ObjectNode page(JsonNode body, Table t, Table.Index index, List<ObjectNode> candidates,
                            Comparator<ObjectNode> order, Ast.Condition filter, List<Ast.Path> projection) {
        int from = 0;
        if (body.hasNonNull("ExclusiveStartKey")) {
            ObjectNode start = ItemWrites.normaliseItem(body.get("ExclusiveStartKey"));
            try {
                t.key.validate(t.key.keyOf(start) == null ? start : t.key.keyOf(start), true);
            } catch (RuntimeException e) {
                throw DynamoErrors.validation("The provided starting key is invalid: " + e.getMessage());
            }
            while (from < candidates.size() && order.compare(candidates.get(from), start) <= 0) {
                from++;
            }
        }
        int limit = body.path("Limit").asInt(Integer.MAX_VALUE);
        if (limit < 1) {
            throw DynamoErrors.validation("1 validation error detected: Value '" + limit + "' at 'limit' failed to "
                    + "satisfy constraint: Member must have value greater than or equal to 1");
        }
        boolean count = "COUNT".equals(body.path("Select").asText(""));
        ObjectNode out = Json.object();
        ArrayNode items = Json.MAPPER.createArrayNode();
        int scanned = 0;
        ObjectNode last = null;
        for (int i = from; i < candidates.size() && scanned < limit; i++) {
            ObjectNode item = candidates.get(i);
            scanned++;
            last = item;
            if (filter == null || ConditionEvaluator.test(filter, item)) {
                items.add(projection == null ? project(index, t, item) : Documents.project(item, projection));
            }
        }
        if (!count) {
            out.set("Items", items);
        }
        out.put("Count", items.size()).put("ScannedCount", scanned);
        if (scanned == limit && last != null) {
            ObjectNode lek = t.key.keyOf(last);
            if (index != null) {
                lek.setAll(index.key().keyOf(last));
            }
            out.set("LastEvaluatedKey", lek);
        }
        return out;
    }

    /** Index projections: ALL, KEYS_ONLY or INCLUDE (keys of table and index plus the listed attributes). */
    private static ObjectNode project(Table.Index index, Table t, ObjectNode item) {
        if (index == null || index.projectionType().equals("ALL")) {
            return item.deepCopy();
        }
        ObjectNode out = t.key.keyOf(item).deepCopy();
        out.setAll(index.key().keyOf(item));
        if (index.projectionType().equals("INCLUDE")) {
            index.nonKeyAttributes().stream().filter(item::has).forEach(a -> out.set(a, item.get(a).deepCopy()));
        }
        return out;
    }

    private static Table.Index index(Table t, JsonNode body) {
        if (!body.hasNonNull("IndexName")) {
            return null;
        }
        Table.Index index = t.indexes.get(body.get("IndexName").asText());
        if (index == null) {
            throw DynamoErrors.validation("The table does not have the specified index: " + body.get("IndexName").asText());
        }
        return index;
    }

    private static Ast.Condition filter(JsonNode body, ExpressionContext ctx, KeySchema queried, KeySchema table) {
        if (!body.hasNonNull("FilterExpression")) {
            return null;
        }
        Ast.Condition filter = ExpressionParser.condition(body.get("FilterExpression").asText(), "FilterExpression", ctx);
        if (queried != null) {
            for (String keyName : queried.names()) {
                if (KeyConditions.references(filter, keyName)) {
                    throw DynamoErrors.validation("Filter Expression can only contain non-primary key attributes: "
                            + "Primary key attribute: " + keyName);
                }
            }
        }
        return filter;
    }

    private static List<Ast.Path> projection(JsonNode body, ExpressionContext ctx) {
        return body.hasNonNull("ProjectionExpression")
                ? ExpressionParser.projection(body.get("ProjectionExpression").asText(), ctx) : null;
    }
}
