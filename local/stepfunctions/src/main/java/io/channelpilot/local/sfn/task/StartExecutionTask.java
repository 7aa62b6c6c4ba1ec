package io.channelpilot.local.sfn.task;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.asl.TaskResource;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.SfnServiceException;
import io.channelpilot.local.sfn.exec.TaskRequest;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.Timestamps;

/**
 * {@code arn:aws:states:::states:startExecution} (Request Response: {ExecutionArn, StartDate}), {@code .sync} (the
 * DescribeExecution shape with Input/Output as JSON strings) and {@code .sync:2} (Input/Output as JSON) — AWS developer
 * guide, "Start a new AWS Step Functions state machine from a running execution". API errors are named
 * {@code StepFunctions.<Code>Exception}; a failed child under .sync fails the task with States.TaskFailed and the
 * child's description as Cause (UNCONFIRMED against AWS).
 */
final class StartExecutionTask {

    private StartExecutionTask() {
    }

    static JsonNode run(TaskResource.StartExecution resource, TaskRequest request, ExecutionService service) {
        JsonNode params = request.input();
        if (params == null || !params.hasNonNull("StateMachineArn")) {
            throw StatesFailure.runtime("Task '" + request.stateName() + "': startExecution needs Parameters.StateMachineArn");
        }
        JsonNode input = params.path("Input");
        if (input.isTextual()) {
            input = Json.parse(input.textValue());
        } else if (input.isMissingNode()) {
            input = Json.object();
        }
        ExecutionService.Started started;
        try {
            started = service.start(params.get("StateMachineArn").asText(),
                    params.hasNonNull("Name") ? params.get("Name").asText() : null, input);
        } catch (SfnServiceException e) {
            String code = e.errorCode().endsWith("Exception") ? e.errorCode() : e.errorCode() + "Exception";
            throw StatesFailure.of("StepFunctions." + code, e.getMessage());
        }
        if (resource.mode() == TaskResource.StartExecution.Mode.FIRE_AND_FORGET) {
            return Json.object().put("ExecutionArn", started.executionArn())
                    .put("StartDate", Timestamps.format(started.startDate()));
        }
        ExecutionDescription done = service.await(started.executionArn());
        ObjectNode out = describe(done, resource.mode() == TaskResource.StartExecution.Mode.SYNC2);
        if (done.status() != ExecutionStatus.SUCCEEDED) {
            throw StatesFailure.of(ErrorNames.TASK_FAILED, Json.write(out));
        }
        return out;
    }

    private static ObjectNode describe(ExecutionDescription d, boolean json) {
        ObjectNode out = Json.object();
        out.put("ExecutionArn", d.executionArn());
        out.set("Input", json ? d.input() : Json.NODES.textNode(Json.write(d.input())));
        out.putObject("InputDetails").put("Included", true);
        out.put("Name", d.name());
        if (d.output() != null) {
            out.set("Output", json ? d.output() : Json.NODES.textNode(Json.write(d.output())));
            out.putObject("OutputDetails").put("Included", true);
        }
        out.put("StartDate", Timestamps.format(d.startDate()));
        out.put("StateMachineArn", d.stateMachineArn());
        out.put("Status", d.status().name());
        if (d.stopDate() != null) {
            out.put("StopDate", Timestamps.format(d.stopDate()));
        }
        if (d.error() != null) {
            out.put("Error", d.error());
            out.put("Cause", d.cause());
        }
        return out;
    }
}
