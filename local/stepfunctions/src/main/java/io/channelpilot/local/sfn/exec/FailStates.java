package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.intrinsic.IntrinsicFunctions;
import io.channelpilot.local.sfn.intrinsic.IntrinsicParser;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;

/**
 * "The Fail State terminates the machine and marks it as a failure" with Error/Cause, or ErrorPath/CausePath: "a
 * reference path or an intrinsic function ... evaluated against the state input" (AWS developer guide, Fail state).
 */
final class FailStates {

    private FailStates() {
    }

    static StatesFailure failure(StateDef.Fail fail, JsonNode input, JsonNode context, ExecutionContext ctx) {
        String error = fail.error() != null ? fail.error() : dynamic(fail.errorPath(), "ErrorPath", fail, input, context, ctx);
        String cause = fail.cause() != null ? fail.cause() : dynamic(fail.causePath(), "CausePath", fail, input, context, ctx);
        ctx.history().record("FailStateEntered", fail.name(), Json.object().put("error", error).put("cause", cause));
        return StatesFailure.of(error == null ? "" : error, cause);
    }

    private static String dynamic(String expression, String field, StateDef.Fail fail, JsonNode input, JsonNode context,
            ExecutionContext ctx) {
        if (expression == null) {
            return null;
        }
        JsonNode value = IntrinsicParser.looksLikeCall(expression)
                ? IntrinsicFunctions.evaluate(IntrinsicParser.parse(expression), input, context, ctx.runtime().random())
                : JsonPaths.find(expression, input, context).orElseThrow(() -> StatesFailure.runtime(
                        "Fail state '" + fail.name() + "': " + field + " '" + expression + "' matched nothing"));
        if (!value.isTextual()) {
            throw StatesFailure.runtime("Fail state '" + fail.name() + "': " + field + " must resolve to a string, was "
                    + Json.write(value));
        }
        return value.textValue();
    }
}
