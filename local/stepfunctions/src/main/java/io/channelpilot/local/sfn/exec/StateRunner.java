package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.IoPaths;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.asl.Transition;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.time.Instant;

/** Runs one state of any type: the flow-control states here, the executable ones through {@link ExecutableRunner}. */
final class StateRunner {

    private StateRunner() {
    }

    static StepResult run(StateDef state, JsonNode input, ExecutionContext ctx) {
        Instant entered = ctx.runtime().clock().instant();
        if (state instanceof StateDef.Pass pass) {
            return pass(pass, input, ctx, entered);
        }
        if (state instanceof StateDef.Choice choice) {
            JsonNode effective = inputPath(choice.io(), input, ctx, state.name(), entered);
            String next = ChoiceEvaluator.next(choice, effective, ctx.contextObject(state.name(), entered, 0, null));
            return new StepResult(outputPath(choice.io(), effective, ctx, state.name(), entered), new Transition.Next(next));
        }
        if (state instanceof StateDef.Wait wait) {
            JsonNode effective = inputPath(wait.io(), input, ctx, state.name(), entered);
            Waits.await(wait, effective, ctx, ctx.contextObject(state.name(), entered, 0, null));
            return new StepResult(outputPath(wait.io(), effective, ctx, state.name(), entered), wait.transition());
        }
        if (state instanceof StateDef.Succeed succeed) {
            JsonNode effective = inputPath(succeed.io(), input, ctx, state.name(), entered);
            return new StepResult(outputPath(succeed.io(), effective, ctx, state.name(), entered), new Transition.End());
        }
        if (state instanceof StateDef.Fail fail) {
            throw FailStates.failure(fail, input, ctx.contextObject(state.name(), entered, 0, null), ctx);
        }
        return ExecutableRunner.run(state, input, ctx, entered);
    }

    /** "Pass ... passes its input to its output, performing no work", optionally injecting Result or Parameters. */
    private static StepResult pass(StateDef.Pass pass, JsonNode input, ExecutionContext ctx, Instant entered) {
        JsonNode contextObject = ctx.contextObject(pass.name(), entered, 0, null);
        JsonNode effective = inputPath(pass.io(), input, ctx, pass.name(), entered);
        if (pass.parameters() != null) {
            effective = pass.parameters().evaluate(effective, contextObject, ctx.runtime().random());
        }
        JsonNode result = pass.result() != null ? pass.result() : effective;
        JsonNode output = pass.resultPath().apply(input, result);
        return new StepResult(outputPath(pass.io(), output, ctx, pass.name(), entered), pass.transition());
    }

    /** "If the value of InputPath is null ... the effective input for the state is an empty JSON object". */
    static JsonNode inputPath(IoPaths io, JsonNode input, ExecutionContext ctx, String state, Instant entered) {
        return select(io.inputPath(), "InputPath", input, ctx, state, entered);
    }

    /** "If the value of OutputPath is null, that means the input and result are discarded ... {}". */
    static JsonNode outputPath(IoPaths io, JsonNode output, ExecutionContext ctx, String state, Instant entered) {
        JsonNode selected = select(io.outputPath(), "OutputPath", output, ctx, state, entered);
        Payloads.checkSize(selected, state, "output");
        return selected;
    }

    private static JsonNode select(String path, String field, JsonNode data, ExecutionContext ctx, String state,
            Instant entered) {
        if (path == null) {
            return Json.object();
        }
        if (path.equals("$")) {
            return data;
        }
        return JsonPaths.find(path, data, ctx.contextObject(state, entered, 0, null)).orElseThrow(() ->
                StatesFailure.runtime("An error occurred while executing the state '" + state + "'. Invalid " + field
                        + " '" + path + "': no results for path in " + Json.write(data)));
    }
}
