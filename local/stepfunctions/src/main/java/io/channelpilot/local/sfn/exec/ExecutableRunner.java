package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.Catcher;
import io.channelpilot.local.sfn.asl.ExecutionFields;
import io.channelpilot.local.sfn.asl.IoPaths;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.asl.Transition;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesError;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.time.Instant;

/**
 * Task, Parallel and Map: the input/output pipeline around the action, then Retry, then Catch.
 * <p>Order: "InputPath → Parameters → (task) → ResultSelector → ResultPath → OutputPath" (AWS developer guide, Processing
 * input and output). "When a state reports an error and either there is no Retrier, or retries have failed to resolve
 * the error, the interpreter scans through the Catchers in array order, and when the Error Name appears in the value of
 * a Catcher's ErrorEquals field, transitions the machine to the state named in the value of the Next field" (ASL spec,
 * Fallback states). The caught state's output is the raw input with {"Error","Cause"} placed at the Catcher's
 * ResultPath.
 */
final class ExecutableRunner {

    private ExecutableRunner() {
    }

    static StepResult run(StateDef state, JsonNode raw, ExecutionContext ctx, Instant entered) {
        ExecutionFields fields = fields(state);
        int[] attempts = new int[fields.retry().size()];
        int retryCount = 0;
        while (true) {
            try {
                return new StepResult(attempt(state, fields, raw, ctx, entered, retryCount), transition(state));
            } catch (StatesFailure failure) {
                StatesError error = failure.error();
                ctx.history().record(state instanceof StateDef.Task ? "TaskFailed" : "StateFailed", state.name(),
                        errorOutput(error));
                RetryPolicy.Decision decision = RetryPolicy.decide(fields.retry(), attempts, error, ctx.runtime().random());
                if (decision instanceof RetryPolicy.Retry retry) {
                    ctx.history().record("RetryScheduled", state.name(), Json.object().put("retrier", retry.index())
                            .put("attempt", retry.attempt()).put("delayMillis", retry.delay().toMillis()));
                    Deadlines.sleep(ctx, retry.delay());
                    ctx.history().retryAttempt();
                    retryCount++;
                    continue;
                }
                for (Catcher catcher : fields.catchers()) {
                    if (ErrorNames.matches(catcher.errorEquals(), error)) {
                        JsonNode output = catcher.resultPath().apply(raw, errorOutput(error));
                        ctx.history().record("ErrorCaught", state.name(), errorOutput(error).put("next", catcher.next()));
                        return new StepResult(output, new Transition.Next(catcher.next()));
                    }
                }
                throw failure;
            }
        }
    }

    private static JsonNode attempt(StateDef state, ExecutionFields fields, JsonNode raw, ExecutionContext ctx,
            Instant entered, int retryCount) {
        IoPaths io = state.io();
        JsonNode context = ctx.contextObject(state.name(), entered, retryCount, null);
        JsonNode effective = StateRunner.inputPath(io, raw, ctx, state.name(), entered);
        if (fields.parameters() != null) {
            effective = fields.parameters().evaluate(effective, context, ctx.runtime().random());
            Payloads.checkSize(effective, state.name(), "input");
        }
        JsonNode result = action(state, effective, context, ctx);
        if (fields.resultSelector() != null) {
            result = fields.resultSelector().evaluate(result, context, ctx.runtime().random());
        }
        JsonNode output = fields.resultPath().apply(raw, result);
        return StateRunner.outputPath(io, output, ctx, state.name(), entered);
    }

    private static JsonNode action(StateDef state, JsonNode effective, JsonNode context, ExecutionContext ctx) {
        if (state instanceof StateDef.Task task) {
            return TaskAction.invoke(task, effective, context, ctx);
        }
        if (state instanceof StateDef.Parallel parallel) {
            return ParallelAction.run(parallel, effective, ctx);
        }
        StateDef.Map map = (StateDef.Map) state;
        return map.config().distributed() ? DistributedMapAction.run(map, effective, context, ctx)
                : MapAction.run(map, effective, context, ctx);
    }

    static com.fasterxml.jackson.databind.node.ObjectNode errorOutput(StatesError error) {
        return Json.object().put("Error", error.name()).put("Cause", error.cause());
    }

    private static ExecutionFields fields(StateDef state) {
        if (state instanceof StateDef.Task task) {
            return task.fields();
        }
        if (state instanceof StateDef.Parallel parallel) {
            return parallel.fields();
        }
        return ((StateDef.Map) state).fields();
    }

    private static Transition transition(StateDef state) {
        if (state instanceof StateDef.Task task) {
            return task.transition();
        }
        if (state instanceof StateDef.Parallel parallel) {
            return parallel.transition();
        }
        return ((StateDef.Map) state).transition();
    }
}
