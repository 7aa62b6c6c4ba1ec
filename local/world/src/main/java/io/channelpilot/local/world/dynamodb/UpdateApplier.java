package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.dynamodb.Ast.Operand;
import io.channelpilot.local.world.dynamodb.Ast.Path;
import io.channelpilot.local.world.http.Json;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Applies a parsed UpdateExpression. Every operand is read from the item as it was before the update (DynamoDB
 * semantics), then SET, REMOVE, ADD and DELETE are applied to a copy.
 */
final class UpdateApplier {

    private UpdateApplier() {
    }

    /** Result: the new item and the paths the update touched (for UPDATED_OLD / UPDATED_NEW). */
    record Result(ObjectNode item, List<Path> updatedPaths) {
    }

    static Result apply(Ast.Update update, ObjectNode original, Set<String> keyNames) {
        ObjectNode before = original == null ? Json.object() : original;
        ObjectNode after = before.deepCopy();
        List<Path> touched = new ArrayList<>();
        List<JsonNode> setValues = new ArrayList<>();
        for (Ast.SetAction a : update.set()) {
            guardKey(a.path(), keyNames);
            setValues.add(evaluate(a.value(), before));
        }
        for (int i = 0; i < update.set().size(); i++) {
            Documents.set(after, update.set().get(i).path(), setValues.get(i));
            touched.add(update.set().get(i).path());
        }
        for (Path p : update.remove()) {
            guardKey(p, keyNames);
            Documents.remove(after, p);
            touched.add(p);
        }
        for (Ast.Action a : update.add()) {
            guardKey(a.path(), keyNames);
            Documents.set(after, a.path(), add(Documents.get(before, a.path()), a.value()));
            touched.add(a.path());
        }
        for (Ast.Action a : update.delete()) {
            guardKey(a.path(), keyNames);
            JsonNode remaining = delete(Documents.get(before, a.path()), a.value());
            if (remaining == null) {
                Documents.remove(after, a.path());
            } else {
                Documents.set(after, a.path(), remaining);
            }
            touched.add(a.path());
        }
        return new Result(after, touched);
    }

    private static void guardKey(Path path, Set<String> keyNames) {
        if (keyNames.contains(path.top())) {
            throw DynamoErrors.invalidParameters("Cannot update attribute " + path.top()
                    + ". This attribute is part of the key");
        }
    }

    private static JsonNode evaluate(Operand operand, ObjectNode item) {
        if (operand instanceof Ast.ValueOperand v) {
            return v.value();
        }
        if (operand instanceof Ast.PathOperand p) {
            JsonNode value = Documents.get(item, p.path());
            if (value == null) {
                throw DynamoErrors.validation("The provided expression refers to an attribute that does not exist "
                        + "in the item");
            }
            return value.deepCopy();
        }
        if (operand instanceof Ast.IfNotExists f) {
            JsonNode existing = Documents.get(item, f.path());
            return existing != null ? existing.deepCopy() : evaluate(f.fallback(), item);
        }
        if (operand instanceof Ast.ListAppend f) {
            JsonNode first = evaluate(f.first(), item);
            JsonNode second = evaluate(f.second(), item);
            for (JsonNode v : List.of(first, second)) {
                if (!v.has("L")) {
                    throw incorrectType("list_append", Values.type(v));
                }
            }
            ArrayNode out = Json.MAPPER.createArrayNode();
            out.addAll((ArrayNode) first.get("L").deepCopy());
            out.addAll((ArrayNode) second.get("L").deepCopy());
            ObjectNode node = Json.object();
            node.set("L", out);
            return node;
        }
        boolean plus = operand instanceof Ast.Plus;
        Operand l = plus ? ((Ast.Plus) operand).left() : ((Ast.Minus) operand).left();
        Operand r = plus ? ((Ast.Plus) operand).right() : ((Ast.Minus) operand).right();
        BigDecimal a = number(evaluate(l, item), plus ? "+" : "-");
        BigDecimal b = number(evaluate(r, item), plus ? "+" : "-");
        return Values.n(plus ? a.add(b) : a.subtract(b));
    }

    private static BigDecimal number(JsonNode value, String operator) {
        if (!value.has("N")) {
            throw incorrectType(operator, Values.type(value));
        }
        return Values.number(value.get("N").asText());
    }

    private static JsonNode add(JsonNode existing, JsonNode value) {
        String type = Values.type(value);
        if (!Set.of("N", "SS", "NS", "BS").contains(type)) {
            throw incorrectType("ADD", type);
        }
        if (existing == null) {
            return value.deepCopy();
        }
        if (!Values.type(existing).equals(type)) {
            throw DynamoErrors.validation("An operand in the update expression has an incorrect data type");
        }
        if (type.equals("N")) {
            return Values.n(Values.number(existing.get("N").asText()).add(Values.number(value.get("N").asText())));
        }
        return setOf(type, union(existing.get(type), value.get(type), true));
    }

    private static JsonNode delete(JsonNode existing, JsonNode value) {
        String type = Values.type(value);
        if (!Set.of("SS", "NS", "BS").contains(type)) {
            throw incorrectType("DELETE", type);
        }
        if (existing == null) {
            return null;
        }
        if (!Values.type(existing).equals(type)) {
            throw DynamoErrors.validation("An operand in the update expression has an incorrect data type");
        }
        Set<String> remaining = union(existing.get(type), value.get(type), false);
        return remaining.isEmpty() ? null : setOf(type, remaining);
    }

    /** Union ({@code add}) or difference of two set members, numbers compared canonically. */
    private static Set<String> union(JsonNode base, JsonNode other, boolean add) {
        Set<String> out = new LinkedHashSet<>();
        base.forEach(e -> out.add(e.asText()));
        for (JsonNode e : other) {
            if (add) {
                out.add(e.asText());
            } else {
                out.remove(e.asText());
            }
        }
        return out;
    }

    private static JsonNode setOf(String type, Set<String> members) {
        ArrayNode arr = Json.MAPPER.createArrayNode();
        members.forEach(arr::add);
        ObjectNode node = Json.object();
        node.set(type, arr);
        return node;
    }

    private static RuntimeException incorrectType(String operator, String type) {
        return DynamoErrors.validation("Invalid UpdateExpression: Incorrect operand type for operator or function; "
                + "operator: " + operator + ", operand type: " + type);
    }
}
