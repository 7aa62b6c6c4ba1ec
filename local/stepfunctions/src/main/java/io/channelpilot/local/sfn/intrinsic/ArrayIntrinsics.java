package io.channelpilot.local.sfn.intrinsic;

import static io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions.fail;
import static io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions.integer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import io.channelpilot.local.sfn.json.Json;
import java.util.LinkedHashSet;
import java.util.Set;

/** The States.Array* functions. */
final class ArrayIntrinsics {

    /** "The array ... can contain a maximum of 1000 items" (States.ArrayRange). */
    private static final int MAX_RANGE = 1000;

    private ArrayIntrinsics() {
    }

    private static ArrayNode array(String function, JsonNode node) {
        if (!node.isArray()) {
            throw fail(function, "the first argument must be an array, was " + Json.write(node));
        }
        return (ArrayNode) node;
    }

    /** "Use the States.ArrayPartition intrinsic function to partition a large array ... into chunks of size". */
    static JsonNode partition(JsonNode arrayArg, JsonNode sizeArg) {
        ArrayNode array = array("States.ArrayPartition", arrayArg);
        long size = integer("States.ArrayPartition", sizeArg, "the chunk size");
        if (size <= 0) {
            throw fail("States.ArrayPartition", "the chunk size must be a positive integer, was " + size);
        }
        ArrayNode out = Json.NODES.arrayNode();
        ArrayNode chunk = null;
        for (JsonNode item : array) {
            if (chunk == null || chunk.size() == size) {
                chunk = out.addArray();
            }
            chunk.add(item);
        }
        return out;
    }

    /** "Use the States.ArrayContains intrinsic function to determine if a specific value is present in an array." */
    static JsonNode contains(JsonNode arrayArg, JsonNode value) {
        for (JsonNode item : array("States.ArrayContains", arrayArg)) {
            if (Json.sameValue(item, value)) {
                return BooleanNode.TRUE;
            }
        }
        return BooleanNode.FALSE;
    }

    /** "create a new array containing a specific range of elements ... first, last (inclusive), increment". */
    static JsonNode range(JsonNode firstArg, JsonNode lastArg, JsonNode stepArg) {
        long first = integer("States.ArrayRange", firstArg, "the first element");
        long last = integer("States.ArrayRange", lastArg, "the last element");
        long step = integer("States.ArrayRange", stepArg, "the increment");
        if (step == 0) {
            throw fail("States.ArrayRange", "the increment must not be 0");
        }
        ArrayNode out = Json.NODES.arrayNode();
        for (long v = first; step > 0 ? v <= last : v >= last; v += step) {
            if (out.size() == MAX_RANGE) {
                throw fail("States.ArrayRange", "the result would exceed " + MAX_RANGE + " items");
            }
            out.add(Json.number(v));
        }
        return out;
    }

    /** "returns a specified index's value". */
    static JsonNode getItem(JsonNode arrayArg, JsonNode indexArg) {
        ArrayNode array = array("States.ArrayGetItem", arrayArg);
        long index = integer("States.ArrayGetItem", indexArg, "the index");
        if (index < 0 || index >= array.size()) {
            throw fail("States.ArrayGetItem", "index " + index + " is out of bounds for an array of " + array.size());
        }
        return array.get((int) index);
    }

    static JsonNode length(JsonNode arrayArg) {
        return Json.NODES.numberNode(array("States.ArrayLength", arrayArg).size());
    }

    /** "removes duplicate values from an array and returns an array containing only unique elements". */
    static JsonNode unique(JsonNode arrayArg) {
        Set<JsonNode> seen = new LinkedHashSet<>();
        array("States.ArrayUnique", arrayArg).forEach(seen::add);
        return Json.NODES.arrayNode().addAll(seen);
    }
}
