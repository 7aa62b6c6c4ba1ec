package io.channelpilot.local.sfn.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Evaluates intrinsic functions (AWS developer guide, "Intrinsic functions for JSONPath states").
 * <p>"Intrinsic function processing errors are reported with the States.Runtime error name" (Error names,
 * States.IntrinsicFailure), so every failure here is a States.Runtime failure naming the function.
 */
public final class IntrinsicFunctions {

    /** Minimum and maximum argument counts per function. */
    private record Arity(int min, int max) {
    }

    private static final Map<String, Arity> ARITY = Map.ofEntries(
            Map.entry("States.Format", new Arity(1, Integer.MAX_VALUE)),
            Map.entry("States.StringToJson", new Arity(1, 1)),
            Map.entry("States.JsonToString", new Arity(1, 1)),
            Map.entry("States.Array", new Arity(0, Integer.MAX_VALUE)),
            Map.entry("States.ArrayPartition", new Arity(2, 2)),
            Map.entry("States.ArrayContains", new Arity(2, 2)),
            Map.entry("States.ArrayRange", new Arity(3, 3)),
            Map.entry("States.ArrayGetItem", new Arity(2, 2)),
            Map.entry("States.ArrayLength", new Arity(1, 1)),
            Map.entry("States.ArrayUnique", new Arity(1, 1)),
            Map.entry("States.Base64Encode", new Arity(1, 1)),
            Map.entry("States.Base64Decode", new Arity(1, 1)),
            Map.entry("States.Hash", new Arity(2, 2)),
            Map.entry("States.JsonMerge", new Arity(3, 3)),
            Map.entry("States.MathRandom", new Arity(2, 3)),
            Map.entry("States.MathAdd", new Arity(2, 2)),
            Map.entry("States.StringSplit", new Arity(2, 2)),
            Map.entry("States.UUID", new Arity(0, 0)));

    private IntrinsicFunctions() {
    }

    public static boolean isKnown(String name) {
        return ARITY.containsKey(name);
    }

    /** Load-time check of every call's argument count, nested calls included. */
    static void checkArity(Expr.Call call) {
        Arity arity = ARITY.get(call.name());
        int n = call.args().size();
        if (n < arity.min() || n > arity.max()) {
            throw new IllegalArgumentException(call.name() + " takes " + describe(arity) + " argument(s), got " + n);
        }
        for (Expr arg : call.args()) {
            if (arg instanceof Expr.Call nested) {
                checkArity(nested);
            }
        }
    }

    private static String describe(Arity arity) {
        if (arity.min() == arity.max()) {
            return String.valueOf(arity.min());
        }
        return arity.max() == Integer.MAX_VALUE ? "at least " + arity.min() : arity.min() + " to " + arity.max();
    }

    /** Evaluates {@code call} against the effective input and the context object. */
    public static JsonNode evaluate(Expr.Call call, JsonNode input, JsonNode context, Random random) {
        List<JsonNode> args = new ArrayList<>();
        for (int i = 0; i < call.args().size(); i++) {
            Expr arg = call.args().get(i);
            boolean rawTemplate = i == 0 && call.name().equals("States.Format");
            args.add(value(arg, input, context, random, rawTemplate, call.name()));
        }
        return switch (call.name()) {
            case "States.Format" -> ValueIntrinsics.format(args);
            case "States.StringToJson" -> ValueIntrinsics.stringToJson(args.get(0));
            case "States.JsonToString" -> Json.NODES.textNode(Json.write(args.get(0)));
            case "States.Array" -> Json.NODES.arrayNode().addAll(args);
            case "States.ArrayPartition" -> ArrayIntrinsics.partition(args.get(0), args.get(1));
            case "States.ArrayContains" -> ArrayIntrinsics.contains(args.get(0), args.get(1));
            case "States.ArrayRange" -> ArrayIntrinsics.range(args.get(0), args.get(1), args.get(2));
            case "States.ArrayGetItem" -> ArrayIntrinsics.getItem(args.get(0), args.get(1));
            case "States.ArrayLength" -> ArrayIntrinsics.length(args.get(0));
            case "States.ArrayUnique" -> ArrayIntrinsics.unique(args.get(0));
            case "States.Base64Encode" -> ValueIntrinsics.base64Encode(args.get(0));
            case "States.Base64Decode" -> ValueIntrinsics.base64Decode(args.get(0));
            case "States.Hash" -> ValueIntrinsics.hash(args.get(0), args.get(1));
            case "States.JsonMerge" -> ValueIntrinsics.jsonMerge(args.get(0), args.get(1), args.get(2));
            case "States.MathRandom" -> ValueIntrinsics.mathRandom(args, random);
            case "States.MathAdd" -> ValueIntrinsics.mathAdd(args.get(0), args.get(1));
            case "States.StringSplit" -> ValueIntrinsics.stringSplit(args.get(0), args.get(1));
            case "States.UUID" -> ValueIntrinsics.uuid(random);
            default -> throw fail(call.name(), "is not supported");
        };
    }

    private static JsonNode value(Expr arg, JsonNode input, JsonNode context, Random random, boolean rawTemplate,
            String function) {
        if (arg instanceof Expr.Call nested) {
            return evaluate(nested, input, context, random);
        }
        if (arg instanceof Expr.PathRef ref) {
            return JsonPaths.find(ref.path(), input, context)
                    .orElseThrow(() -> fail(function, "argument Path " + ref.path() + " matched nothing in " + Json.write(input)));
        }
        JsonNode literal = ((Expr.Literal) arg).value();
        if (literal.isTextual() && !rawTemplate) {
            return Json.NODES.textNode(literal.textValue().replace("\\{", "{").replace("\\}", "}"));
        }
        return literal;
    }

    static StatesFailure fail(String function, String message) {
        return StatesFailure.runtime("Intrinsic function " + function + ": " + message);
    }

    static long integer(String function, JsonNode node, String what) {
        if (!node.isIntegralNumber() && !(node.isNumber() && node.doubleValue() == Math.rint(node.doubleValue()))) {
            throw fail(function, what + " must be an integer, was " + Json.write(node));
        }
        return node.asLong();
    }

    static String text(String function, JsonNode node, String what) {
        if (!node.isTextual()) {
            throw fail(function, what + " must be a string, was " + Json.write(node));
        }
        return node.textValue();
    }
}
