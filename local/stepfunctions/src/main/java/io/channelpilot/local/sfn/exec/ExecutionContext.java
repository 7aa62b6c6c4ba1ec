package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.Timestamps;
import java.time.Instant;

/**
 * The immutable facts of one execution plus its history and cancellation. Builds the context object
 * ("$$"): Execution.Id/Name/StartTime/Input/RoleArn/RedriveCount, State.Name/EnteredTime/RetryCount,
 * StateMachine.Id/Name, and Map.Item.Index/Value inside a Map's ItemSelector (AWS developer guide, Context object).
 */
record ExecutionContext(SfnRuntime runtime, String executionArn, String name, String stateMachineArn,
        String stateMachineName, String roleArn, Instant startTime, JsonNode input, History history,
        Cancellation cancellation, Instant deadline) {

    /** The context object for a state; {@code item} is null outside a Map ItemSelector. */
    public JsonNode contextObject(String stateName, Instant enteredTime, int retryCount, MapItem item) {
        ObjectNode root = Json.object();
        ObjectNode execution = root.putObject("Execution");
        execution.put("Id", executionArn);
        execution.set("Input", input);
        execution.put("Name", name);
        execution.put("RoleArn", roleArn);
        execution.put("StartTime", Timestamps.format(startTime));
        execution.put("RedriveCount", 0);
        ObjectNode state = root.putObject("State");
        state.put("EnteredTime", Timestamps.format(enteredTime));
        state.put("Name", stateName);
        state.put("RetryCount", retryCount);
        ObjectNode machine = root.putObject("StateMachine");
        machine.put("Id", stateMachineArn);
        machine.put("Name", stateMachineName);
        if (item != null) {
            ObjectNode mapItem = root.putObject("Map").putObject("Item");
            mapItem.put("Index", item.index());
            mapItem.set("Value", item.value());
        }
        return root;
    }

    /** The same execution seen by a Parallel branch or Map iteration (own cancellation scope). */
    ExecutionContext withCancellation(Cancellation other) {
        return new ExecutionContext(runtime, executionArn, name, stateMachineArn, stateMachineName, roleArn, startTime,
                input, history, other, deadline);
    }

    /** A Distributed Map child workflow: own history, own cancellation scope. */
    ExecutionContext forChild(History childHistory, Cancellation other) {
        return new ExecutionContext(runtime, executionArn, name, stateMachineArn, stateMachineName, roleArn, startTime,
                input, childHistory, other, deadline);
    }

    /** One Map item: its index and value. */
    public record MapItem(int index, JsonNode value) {
    }
}
