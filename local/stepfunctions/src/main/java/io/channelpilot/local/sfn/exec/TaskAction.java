package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;
import java.time.Duration;
import java.time.Instant;

/**
 * Invokes a Task's resource through the runtime's invoker and enforces TimeoutSeconds/TimeoutSecondsPath: "If the task
 * runs longer than the specified seconds, this state fails with a States.Timeout error name" (AWS developer guide, Task
 * state). A task's duration is the virtual time that passed while it ran: in-process tasks take none unless they sleep
 * on the shared clock.
 */
final class TaskAction {

    private TaskAction() {
    }

    static JsonNode invoke(StateDef.Task task, JsonNode effective, JsonNode context, ExecutionContext ctx) {
        ctx.history().record("TaskScheduled", task.name(), Json.object().put("resource", task.resource().arn())
                .set("parameters", effective));
        long timeout = timeoutSeconds(task, effective, context);
        Instant start = ctx.runtime().clock().instant();
        JsonNode result;
        try {
            result = ctx.runtime().invoker().invoke(new TaskRequest(task.name(), task.resource(), effective, context,
                    ctx.stateMachineName(), ctx.executionArn()));
        } catch (StatesFailure failure) {
            checkTimeout(task, timeout, start, ctx);
            throw failure;
        } catch (Cancellation.Cancelled cancelled) {
            throw cancelled;
        } catch (RuntimeException unexpected) {
            throw StatesFailure.of(ErrorNames.TASK_FAILED, unexpected.getClass().getName() + ": " + unexpected.getMessage());
        }
        checkTimeout(task, timeout, start, ctx);
        JsonNode value = result == null ? NullNode.getInstance() : result;
        Payloads.checkSize(value, task.name(), "result");
        ctx.history().record("TaskSucceeded", task.name(), value);
        return value;
    }

    private static long timeoutSeconds(StateDef.Task task, JsonNode effective, JsonNode context) {
        if (task.timeoutSecondsPath() == null) {
            return task.timeoutSeconds();
        }
        JsonNode value = JsonPaths.find(task.timeoutSecondsPath(), effective, context).orElseThrow(() ->
                StatesFailure.runtime("Task '" + task.name() + "': TimeoutSecondsPath '" + task.timeoutSecondsPath()
                        + "' matched nothing"));
        if (!value.isIntegralNumber() || value.longValue() <= 0) {
            throw StatesFailure.runtime("Task '" + task.name() + "': TimeoutSecondsPath must resolve to a positive "
                    + "integer, was " + Json.write(value));
        }
        return value.longValue();
    }

    private static void checkTimeout(StateDef.Task task, long timeout, Instant start, ExecutionContext ctx) {
        if (timeout > 0 && Duration.between(start, ctx.runtime().clock().instant()).compareTo(Duration.ofSeconds(timeout)) > 0) {
            ctx.history().record("TaskTimedOut", task.name(), null);
            throw StatesFailure.of(ErrorNames.TIMEOUT, "Task '" + task.name() + "' ran longer than " + timeout + " seconds");
        }
    }
}
