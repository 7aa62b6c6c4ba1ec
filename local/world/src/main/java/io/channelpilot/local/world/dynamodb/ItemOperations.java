package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** PutItem, GetItem, UpdateItem, DeleteItem, BatchGetItem, BatchWriteItem and TransactWriteItems. */
final class ItemOperations {

    /**
     * TransactWriteItems: "A client token is valid for 10 minutes after the first request that uses it is completed.
     * After 10 minutes, any request with the same client token is treated as a new request" (API reference,
     * ClientRequestToken). The SDK fills the token in itself and reuses it on its retries, so a retry after a lost
     * response succeeds instead of failing its own conditions.
     */
    static final Duration IDEMPOTENCY_WINDOW = Duration.ofMinutes(10);

    private record Token(JsonNode request, Instant completedAt) {
    }

    private final TableOperations tables;
    private final Map<String, Token> tokens = new HashMap<>();

    ItemOperations(TableOperations tables) {
        this.tables = tables;
    }

    ObjectNode write(ItemWrites.Kind kind, JsonNode body) {
        ItemWrites.Prepared p = ItemWrites.prepare(kind, tables.table(body), body);
        if (!p.conditionPassed()) {
            throw DynamoErrors.conditionFailed(p.returnOldOnFailure() && p.existing() != null
                    ? Map.of("Item", p.existing()) : Map.of());
        }
        ObjectNode response = ItemWrites.returnValues(p);
        p.commit();
        return response;
    }

    ObjectNode get(JsonNode body) {
        Table t = tables.table(body);
        ObjectNode key = ItemWrites.normaliseItem(body.get("Key"));
        t.key.validate(key, true);
        ExpressionContext ctx = new ExpressionContext(body);
        List<Ast.Path> projection = body.hasNonNull("ProjectionExpression")
                ? ExpressionParser.projection(body.get("ProjectionExpression").asText(), ctx) : null;
        ctx.requireAllUsed();
        ObjectNode item = t.get(key);
        ObjectNode out = Json.object();
        if (item != null) {
            out.set("Item", projection == null ? item.deepCopy() : Documents.project(item, projection));
        }
        return out;
    }

    ObjectNode batchGet(JsonNode body) {
        ObjectNode out = Json.object();
        ObjectNode responses = out.putObject("Responses");
        int total = 0;
        for (Map.Entry<String, JsonNode> e : fields(body.path("RequestItems"))) {
            JsonNode request = e.getValue();
            Table t = tables.table(Json.object().put("TableName", e.getKey()));
            ExpressionContext ctx = new ExpressionContext(request);
            List<Ast.Path> projection = request.hasNonNull("ProjectionExpression")
                    ? ExpressionParser.projection(request.get("ProjectionExpression").asText(), ctx) : null;
            ctx.requireAllUsed();
            ArrayNode items = responses.putArray(e.getKey());
            Set<String> seen = new HashSet<>();
            for (JsonNode k : request.path("Keys")) {
                total++;
                ObjectNode key = ItemWrites.normaliseItem(k);
                t.key.validate(key, true);
                if (!seen.add(t.key.keyText(key))) {
                    throw DynamoErrors.validation("Provided list of item keys contains duplicates");
                }
                ObjectNode item = t.get(key);
                if (item != null) {
                    items.add(projection == null ? item.deepCopy() : Documents.project(item, projection));
                }
            }
        }
        if (total > 100) {
            throw DynamoErrors.validation("Too many items requested for the BatchGetItem call");
        }
        out.putObject("UnprocessedKeys");
        return out;
    }

    ObjectNode batchWrite(JsonNode body) {
        List<ItemWrites.Prepared> writes = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, JsonNode> e : fields(body.path("RequestItems"))) {
            for (JsonNode request : e.getValue()) {
                ObjectNode single = Json.object().put("TableName", e.getKey());
                ItemWrites.Kind kind;
                if (request.has("PutRequest")) {
                    single.set("Item", request.path("PutRequest").get("Item"));
                    kind = ItemWrites.Kind.PUT;
                } else {
                    single.set("Key", request.path("DeleteRequest").get("Key"));
                    kind = ItemWrites.Kind.DELETE;
                }
                ItemWrites.Prepared p = ItemWrites.prepare(kind, tables.table(single), single);
                if (!seen.add(p.itemId())) {
                    throw DynamoErrors.validation("Provided list of item keys contains duplicates");
                }
                writes.add(p);
            }
        }
        if (writes.isEmpty() || writes.size() > 25) {
            throw DynamoErrors.validation("1 validation error detected: Value at 'requestItems' failed to satisfy "
                    + "constraint: Member must have length less than or equal to 25 and greater than or equal to 1");
        }
        writes.forEach(ItemWrites.Prepared::commit);
        return Json.object().set("UnprocessedItems", Json.object());
    }

    ObjectNode transactWrite(JsonNode body, Instant now) {
        String token = body.path("ClientRequestToken").asText("");
        tokens.values().removeIf(t -> t.completedAt().plus(IDEMPOTENCY_WINDOW).isBefore(now));
        Token previous = tokens.get(token);
        if (previous != null) {
            if (!previous.request().equals(body)) {
                // "the same client token but a change in other parameters within the 10-minute idempotency window"
                throw new AwsServiceError(400, "IdempotentParameterMismatchException", "The request uses the same client "
                        + "token as a previous, but non-identical request.");
            }
            return Json.object();
        }
        JsonNode items = body.path("TransactItems");
        if (items.isEmpty() || items.size() > 100) {
            throw DynamoErrors.validation("1 validation error detected: Value at 'transactItems' failed to satisfy "
                    + "constraint: Member must have length less than or equal to 100 and greater than or equal to 1");
        }
        List<ItemWrites.Prepared> prepared = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode entry : items) {
            Map<String, ItemWrites.Kind> kinds = new LinkedHashMap<>();
            kinds.put("Put", ItemWrites.Kind.PUT);
            kinds.put("Update", ItemWrites.Kind.UPDATE);
            kinds.put("Delete", ItemWrites.Kind.DELETE);
            kinds.put("ConditionCheck", ItemWrites.Kind.CHECK);
            ItemWrites.Prepared p = null;
            for (Map.Entry<String, ItemWrites.Kind> k : kinds.entrySet()) {
                if (entry.has(k.getKey())) {
                    JsonNode request = entry.get(k.getKey());
                    p = ItemWrites.prepare(k.getValue(), tables.table(request), request);
                }
            }
            if (p == null) {
                throw DynamoErrors.validation("TransactItems can only contain one of Check, Put, Update or Delete");
            }
            if (!seen.add(p.itemId())) {
                throw DynamoErrors.validation("Transaction request cannot include multiple operations on one item");
            }
            prepared.add(p);
        }
        if (prepared.stream().anyMatch(p -> !p.conditionPassed())) {
            ArrayNode reasons = Json.MAPPER.createArrayNode();
            List<String> codes = new ArrayList<>();
            for (ItemWrites.Prepared p : prepared) {
                ObjectNode reason = reasons.addObject();
                if (p.conditionPassed()) {
                    reason.put("Code", "None");
                    codes.add("None");
                } else {
                    reason.put("Code", "ConditionalCheckFailed").put("Message", "The conditional request failed");
                    if (p.returnOldOnFailure() && p.existing() != null) {
                        reason.set("Item", p.existing().deepCopy());
                    }
                    codes.add("ConditionalCheckFailed");
                }
            }
            throw new AwsServiceError(400, "TransactionCanceledException", "Transaction cancelled, please refer "
                    + "cancellation reasons for specific reasons " + codes.toString(),
                    Map.of("CancellationReasons", reasons));
        }
        prepared.forEach(ItemWrites.Prepared::commit);
        if (!token.isEmpty()) {
            tokens.put(token, new Token(body.deepCopy(), now));
        }
        return Json.object();
    }

    static List<Map.Entry<String, JsonNode>> fields(JsonNode node) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        node.fields().forEachRemaining(out::add);
        return out;
    }
}
