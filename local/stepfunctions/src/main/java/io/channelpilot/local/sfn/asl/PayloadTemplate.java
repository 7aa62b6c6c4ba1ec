package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.intrinsic.Expr;
import io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions;
import io.channelpilot.local.sfn.intrinsic.IntrinsicParser;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A Payload Template (Parameters, ResultSelector, ItemSelector), compiled at load time.
 * <p>"If any field within the Payload Template (however deeply nested) has a name ending with the characters '.$', its
 * value is transformed according to rules below and the field is renamed to strip the '.$' suffix. If the field value
 * begins with only one '$', the value MUST be a Path ... If the field value begins with '$$', the first dollar sign is
 * stripped and the remainder MUST be a Path. In this case, the Path is applied to the Context Object" (ASL spec,
 * Payload Template). Values may also be intrinsic function calls.
 */
public final class PayloadTemplate {

    private sealed interface Node permits Literal, ObjectTemplate, ArrayTemplate, PathValue, CallValue {
    }

    private record Literal(JsonNode value) implements Node {
    }

    private record ObjectTemplate(Map<String, Node> fields) implements Node {
    }

    private record ArrayTemplate(List<Node> items) implements Node {
    }

    private record PathValue(String field, String path) implements Node {
    }

    private record CallValue(String field, Expr.Call call) implements Node {
    }

    private final Node root;

    private PayloadTemplate(Node root) {
        this.root = root;
    }

    /** Compiles {@code template}; throws {@link IllegalArgumentException} naming the offending field. */
    public static PayloadTemplate compile(JsonNode template) {
        return new PayloadTemplate(compileNode(template, ""));
    }

    private static Node compileNode(JsonNode node, String where) {
        if (node.isObject()) {
            Map<String, Node> fields = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = e.getKey();
                String fieldPath = where.isEmpty() ? name : where + "." + name;
                if (name.endsWith(".$")) {
                    fields.put(name.substring(0, name.length() - 2), dynamic(e.getValue(), fieldPath));
                } else {
                    fields.put(name, compileNode(e.getValue(), fieldPath));
                }
            }
            return new ObjectTemplate(fields);
        }
        if (node.isArray()) {
            List<Node> items = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                items.add(compileNode(node.get(i), where + "[" + i + "]"));
            }
            return new ArrayTemplate(items);
        }
        return new Literal(node);
    }

    private static Node dynamic(JsonNode value, String field) {
        if (!value.isTextual()) {
            throw new IllegalArgumentException("field '" + field + "' ends with '.$' so its value must be a Path or an "
                    + "intrinsic function string, was " + value);
        }
        String text = value.textValue();
        if (IntrinsicParser.looksLikeCall(text)) {
            try {
                return new CallValue(field, IntrinsicParser.parse(text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field '" + field + "': " + e.getMessage(), e);
            }
        }
        if (!JsonPaths.isValid(text)) {
            throw new IllegalArgumentException("field '" + field + "' value '" + text + "' is neither a valid Path nor an "
                    + "intrinsic function");
        }
        return new PathValue(field, text);
    }

    public JsonNode evaluate(JsonNode input, JsonNode context, Random random) {
        return evaluate(root, input, context, random);
    }

    private static JsonNode evaluate(Node node, JsonNode input, JsonNode context, Random random) {
        if (node instanceof Literal literal) {
            return literal.value();
        }
        if (node instanceof ObjectTemplate object) {
            ObjectNode out = Json.object();
            object.fields().forEach((name, child) -> out.set(name, evaluate(child, input, context, random)));
            return out;
        }
        if (node instanceof ArrayTemplate array) {
            ArrayNode out = Json.NODES.arrayNode();
            array.items().forEach(child -> out.add(evaluate(child, input, context, random)));
            return out;
        }
        if (node instanceof PathValue path) {
            return JsonPaths.find(path.path(), input, context).orElseThrow(() -> StatesFailure.runtime(
                    "The JSONPath '" + path.path() + "' specified for the field '" + path.field() + ".$' could not be "
                            + "found in the input '" + Json.write(JsonPaths.isContextPath(path.path()) ? context : input) + "'"));
        }
        return IntrinsicFunctions.evaluate(((CallValue) node).call(), input, context, random);
    }
}
