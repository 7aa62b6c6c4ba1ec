package io.channelpilot.local.world.dynamodb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.dynamodb.Ast.Path;
import io.channelpilot.local.world.dynamodb.Ast.Step;
import io.channelpilot.local.world.http.Json;
import java.util.List;

/** Reads and writes document paths ({@code a.b[0].c}) inside an item (attribute name to wire-form value). */
final class Documents {

    private Documents() {
    }

    /** The value at {@code path}, or null when any step is absent or of the wrong shape. */
    static JsonNode get(ObjectNode item, Path path) {
        if (item == null) {
            return null;
        }
        JsonNode current = item.get(path.top());
        for (Step step : path.steps().subList(1, path.steps().size())) {
            current = child(current, step);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    private static JsonNode child(JsonNode value, Step step) {
        if (value == null) {
            return null;
        }
        if (step instanceof Ast.Key key) {
            JsonNode map = value.get("M");
            return map == null ? null : map.get(key.name());
        }
        JsonNode list = value.get("L");
        int index = ((Ast.Index) step).index();
        return list == null || index >= list.size() ? null : list.get(index);
    }

    /**
     * Writes {@code value} at {@code path}: the parent must exist and be a map / list; an index past the end of a
     * list appends (as DynamoDB does).
     */
    static void set(ObjectNode item, Path path, JsonNode value) {
        if (path.steps().size() == 1) {
            item.set(path.top(), value);
            return;
        }
        JsonNode parent = get(item, new Path(path.steps().subList(0, path.steps().size() - 1)));
        Step last = path.steps().get(path.steps().size() - 1);
        if (last instanceof Ast.Key key && parent != null && parent.has("M")) {
            ((ObjectNode) parent.get("M")).set(key.name(), value);
        } else if (last instanceof Ast.Index index && parent != null && parent.has("L")) {
            ArrayNode list = (ArrayNode) parent.get("L");
            if (index.index() < list.size()) {
                list.set(index.index(), value);
            } else {
                list.add(value);
            }
        } else {
            throw DynamoErrors.validation("The document path provided in the update expression is invalid for update");
        }
    }

    /** Removes the value at {@code path} if present; list elements after a removed index shift down. */
    static void remove(ObjectNode item, Path path) {
        if (path.steps().size() == 1) {
            item.remove(path.top());
            return;
        }
        JsonNode parent = get(item, new Path(path.steps().subList(0, path.steps().size() - 1)));
        Step last = path.steps().get(path.steps().size() - 1);
        if (parent == null) {
            return;
        }
        if (last instanceof Ast.Key key && parent.has("M")) {
            ((ObjectNode) parent.get("M")).remove(key.name());
        } else if (last instanceof Ast.Index index && parent.has("L")) {
            ArrayNode list = (ArrayNode) parent.get("L");
            if (index.index() < list.size()) {
                list.remove(index.index());
            }
        }
    }

    /**
     * The item reduced to the given paths (ProjectionExpression, UPDATED_OLD/NEW): nested maps keep their shape,
     * selected list elements are packed in index order.
     */
    static ObjectNode project(ObjectNode item, List<Path> paths) {
        ObjectNode out = Json.object();
        if (item == null) {
            return out;
        }
        for (Path path : paths) {
            JsonNode value = get(item, path);
            if (value == null) {
                continue;
            }
            if (path.steps().size() == 1) {
                out.set(path.top(), value.deepCopy());
                continue;
            }
            JsonNode source = item.get(path.top());
            JsonNode target = out.get(path.top());
            if (target == null) {
                target = emptyLike(source);
                out.set(path.top(), target);
            }
            for (int i = 1; i < path.steps().size(); i++) {
                Step step = path.steps().get(i);
                JsonNode nextSource = child(source, step);
                boolean leaf = i == path.steps().size() - 1;
                JsonNode nextTarget = leaf ? nextSource.deepCopy() : emptyLike(nextSource);
                if (step instanceof Ast.Key key) {
                    ObjectNode map = (ObjectNode) target.get("M");
                    JsonNode existing = map.get(key.name());
                    if (existing == null || leaf) {
                        map.set(key.name(), nextTarget);
                    } else {
                        nextTarget = existing;
                    }
                } else {
                    // ASSUMPTION: list elements selected by index are appended in projection order
                    ((ArrayNode) target.get("L")).add(nextTarget);
                }
                source = nextSource;
                target = nextTarget;
            }
        }
        return out;
    }

    private static JsonNode emptyLike(JsonNode value) {
        ObjectNode node = Json.object();
        if (value.has("M")) {
            node.putObject("M");
        } else {
            node.putArray("L");
        }
        return node;
    }
}
