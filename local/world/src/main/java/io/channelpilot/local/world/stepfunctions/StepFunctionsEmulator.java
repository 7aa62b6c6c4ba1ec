package io.channelpilot.local.world.stepfunctions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.SfnServiceException;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Step Functions API (AWS JSON 1.0, target prefix {@code AWSStepFunctions}) in front of the local runner's
 * {@link ExecutionService}, so the reconcile function, the operator CLI and {@code aws-sdk:sfn} tasks start and
 * inspect the real state machines offline. Timestamps are epoch seconds, as the protocol encodes them.
 */
public final class StepFunctionsEmulator implements ServiceEmulator {

    private static final Set<String> OPERATIONS = Set.of("StartExecution", "DescribeExecution", "StopExecution",
            "ListExecutions", "ListStateMachines", "DescribeStateMachine", "GetExecutionHistory");

    /** A registered state machine, as ListStateMachines/DescribeStateMachine show it. */
    public record Machine(String arn, String name, String definition, String roleArn, Instant created) {
    }

    private final ExecutionService executions;
    private final Map<String, Machine> machines = new ConcurrentHashMap<>();

    public StepFunctionsEmulator(ExecutionService executions) {
        this.executions = executions;
    }

    /** Records a state machine already registered with the execution service, for the listing operations. */
    public void describeMachine(Machine machine) {
        machines.put(machine.arn(), machine);
    }

    @Override
    public String signingName() {
        return "states";
    }

    @Override
    public String serviceLabel() {
        return "sfn";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_0;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottlingException", "Rate exceeded");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String op = request.targetOperation()
                .orElseThrow(() -> new AwsServiceError(400, "UnknownOperationException", "Missing X-Amz-Target"));
        if (!OPERATIONS.contains(op)) {
            throw new AwsServiceError(400, "UnknownOperationException",
                    "The local world does not emulate Step Functions operation " + op);
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode in = Json.parse(request.body());
        try {
            ObjectNode out = switch (operation) {
                case "StartExecution" -> start(in);
                case "DescribeExecution" -> describe(executions.describe(required(in, "executionArn")));
                case "StopExecution" -> stop(in);
                case "ListExecutions" -> list(in);
                case "ListStateMachines" -> listMachines();
                case "DescribeStateMachine" -> describeMachine(required(in, "stateMachineArn"));
                case "GetExecutionHistory" -> history(in);
                default -> throw new IllegalStateException(operation);
            };
            return AwsResponse.json(200, out, Protocol.AWS_JSON_1_0);
        } catch (SfnServiceException e) {
            throw new AwsServiceError(400, e.errorCode(), e.getMessage());
        }
    }

    private ObjectNode start(JsonNode in) {
        String machine = required(in, "stateMachineArn");
        String name = in.path("name").isTextual() ? in.get("name").asText() : null;
        JsonNode input = parseInput(in.path("input"));
        ExecutionService.Started started = executions.start(machine, name, input);
        return Json.object().put("executionArn", started.executionArn())
                .put("startDate", epoch(started.startDate()));
    }

    private ObjectNode stop(JsonNode in) {
        ExecutionDescription d = executions.stop(required(in, "executionArn"), text(in, "error"), text(in, "cause"));
        return Json.object().put("stopDate", epoch(d.stopDate() == null ? d.startDate() : d.stopDate()));
    }

    private ObjectNode list(JsonNode in) {
        String machine = required(in, "stateMachineArn");
        ExecutionStatus filter = in.hasNonNull("statusFilter")
                ? ExecutionStatus.valueOf(in.get("statusFilter").asText()) : null;
        int max = in.path("maxResults").asInt(100);
        if (max <= 0 || max > 1000) {
            max = 100;
        }
        int start = in.hasNonNull("nextToken") ? Integer.parseInt(in.get("nextToken").asText()) : 0;
        List<ExecutionDescription> all = executions.list(machine, filter);
        ObjectNode out = Json.object();
        ArrayNode items = out.putArray("executions");
        for (int i = start; i < Math.min(all.size(), start + max); i++) {
            ExecutionDescription d = all.get(i);
            ObjectNode e = items.addObject().put("executionArn", d.executionArn())
                    .put("stateMachineArn", d.stateMachineArn()).put("name", d.name())
                    .put("status", d.status().name()).put("startDate", epoch(d.startDate()));
            if (d.stopDate() != null) {
                e.put("stopDate", epoch(d.stopDate()));
            }
        }
        if (start + max < all.size()) {
            out.put("nextToken", Integer.toString(start + max));
        }
        return out;
    }

    private ObjectNode listMachines() {
        ObjectNode out = Json.object();
        ArrayNode items = out.putArray("stateMachines");
        machines.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).forEach(m ->
                items.addObject().put("stateMachineArn", m.arn()).put("name", m.name()).put("type", "STANDARD")
                        .put("creationDate", epoch(m.created())));
        return out;
    }

    private ObjectNode describeMachine(String arn) {
        Machine m = machines.get(arn);
        if (m == null) {
            throw new AwsServiceError(400, "StateMachineDoesNotExist", "State Machine Does Not Exist: '" + arn + "'");
        }
        return Json.object().put("stateMachineArn", m.arn()).put("name", m.name()).put("status", "ACTIVE")
                .put("definition", m.definition()).put("roleArn", m.roleArn()).put("type", "STANDARD")
                .put("creationDate", epoch(m.created()));
    }

    private ObjectNode history(JsonNode in) {
        ExecutionDescription d = executions.describe(required(in, "executionArn"));
        ObjectNode out = Json.object();
        ArrayNode events = out.putArray("events");
        d.events().forEach(e -> {
            ObjectNode node = events.addObject().put("id", e.id()).put("type", e.type())
                    .put("timestamp", epoch(e.timestamp()));
            if (e.stateName() != null) {
                node.put("stateName", e.stateName());
            }
        });
        return out;
    }

    static ObjectNode describe(ExecutionDescription d) {
        ObjectNode out = Json.object().put("executionArn", d.executionArn()).put("stateMachineArn", d.stateMachineArn())
                .put("name", d.name()).put("status", d.status().name()).put("startDate", epoch(d.startDate()));
        if (d.stopDate() != null) {
            out.put("stopDate", epoch(d.stopDate()));
        }
        if (d.input() != null) {
            out.put("input", d.input().toString());
        }
        if (d.output() != null) {
            out.put("output", d.output().toString());
        }
        if (d.error() != null) {
            out.put("error", d.error());
        }
        if (d.cause() != null) {
            out.put("cause", d.cause());
        }
        return out;
    }

    private static JsonNode parseInput(JsonNode input) {
        if (input.isMissingNode() || input.isNull()) {
            return Json.object();
        }
        try {
            return Json.MAPPER.readTree(input.asText());
        } catch (IOException e) {
            throw new AwsServiceError(400, "InvalidExecutionInput", "Invalid State Machine Execution Input: '"
                    + "not valid JSON'");
        }
    }

    private static String required(JsonNode in, String field) {
        if (!in.hasNonNull(field) || in.get(field).asText().isEmpty()) {
            throw new AwsServiceError(400, "ValidationException", "1 validation error detected: Value null at '"
                    + field + "' failed to satisfy constraint: Member must not be null");
        }
        return in.get(field).asText();
    }

    private static String text(JsonNode in, String field) {
        return in.hasNonNull(field) ? in.get(field).asText() : null;
    }

    private static double epoch(Instant t) {
        return t.getEpochSecond() + t.getNano() / 1_000_000_000.0;
    }
}
