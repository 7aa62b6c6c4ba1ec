package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.channelpilot.local.sfn.asl.MapConfig;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.util.ArrayList;
import java.util.List;

/**
 * Inline Map: "The Map State processes each element of the array selected by ItemsPath ... The result is an array
 * containing one element for each element of the input array, in the same order." "MaxConcurrency ... provides an upper
 * bound on how many invocations of the Iterator may run in parallel"; "If any iteration fails ... the entire Map State
 * fails and all of its iterations are terminated" (ASL spec, Map State). ItemSelector sees $$.Map.Item.Index/Value.
 */
final class MapAction {

    private MapAction() {
    }

    static JsonNode run(StateDef.Map map, JsonNode effective, JsonNode context, ExecutionContext ctx) {
        MapConfig config = map.config();
        List<JsonNode> items = items(map, effective, context);
        List<JsonNode> inputs = select(map, items, effective, context, ctx);
        List<Fanout.Outcome> outcomes = Fanout.run(inputs.size(), maxConcurrency(map, effective, context), ctx,
                (index, scope) -> Interpreter.run(config.processor(), inputs.get(index), scope),
                done -> done.stream().anyMatch(Fanout.Outcome::failed));
        ArrayNode result = Json.NODES.arrayNode();
        for (Fanout.Outcome outcome : outcomes) {
            if (outcome.failed()) {
                throw outcome.failure();
            }
        }
        outcomes.forEach(o -> result.add(o.output()));
        return result;
    }

    /** "ItemsPath ... MUST ... identify an array" — anything else is a States.Runtime failure. */
    static List<JsonNode> items(StateDef.Map map, JsonNode effective, JsonNode context) {
        String path = map.config().itemsPath();
        JsonNode array = JsonPaths.find(path, effective, context).orElseThrow(() -> StatesFailure.runtime(
                "Map state '" + map.name() + "': ItemsPath '" + path + "' matched nothing in " + Json.write(effective)));
        if (!array.isArray()) {
            throw StatesFailure.runtime("Map state '" + map.name() + "': ItemsPath '" + path + "' must select an array, "
                    + "was " + Json.write(array));
        }
        List<JsonNode> items = new ArrayList<>();
        array.forEach(items::add);
        return items;
    }

    /** "The ItemSelector field ... overrides each item's input"; $$.Map.Item is only available here. */
    static List<JsonNode> select(StateDef.Map map, List<JsonNode> items, JsonNode effective, JsonNode context,
            ExecutionContext ctx) {
        if (map.config().itemSelector() == null) {
            return items;
        }
        List<JsonNode> out = new ArrayList<>(items.size());
        for (int i = 0; i < items.size(); i++) {
            // shallow copy: the item view shares Execution/State/StateMachine with the state's context object
            com.fasterxml.jackson.databind.node.ObjectNode itemContext = Json.object();
            itemContext.setAll((com.fasterxml.jackson.databind.node.ObjectNode) context);
            com.fasterxml.jackson.databind.node.ObjectNode item = itemContext.putObject("Map").putObject("Item");
            item.put("Index", i);
            item.set("Value", items.get(i));
            out.add(map.config().itemSelector().evaluate(effective, itemContext, ctx.runtime().random()));
        }
        return out;
    }

    static int maxConcurrency(StateDef.Map map, JsonNode effective, JsonNode context) {
        String path = map.config().maxConcurrencyPath();
        if (path == null) {
            return map.config().maxConcurrency();
        }
        JsonNode value = JsonPaths.find(path, effective, context).orElseThrow(() -> StatesFailure.runtime(
                "Map state '" + map.name() + "': MaxConcurrencyPath '" + path + "' matched nothing"));
        if (!value.isIntegralNumber() || value.intValue() < 0) {
            throw StatesFailure.runtime("Map state '" + map.name() + "': MaxConcurrencyPath must resolve to a "
                    + "non-negative integer, was " + Json.write(value));
        }
        return value.intValue();
    }
}
