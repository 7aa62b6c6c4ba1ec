package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.asl.TaskResource;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** Runs small state machines on a virtual clock with Lambda-ARN tasks bound to Java functions by name. */
final class Harness {

    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    final VirtualClock clock = VirtualClock.startingAt(START);
    final Map<String, Function<JsonNode, JsonNode>> functions = new ConcurrentHashMap<>();
    final List<TaskRequest> requests = new CopyOnWriteArrayList<>();
    private final TaskInvoker invoker = request -> {
        requests.add(request);
        if (!(request.resource() instanceof TaskResource.LambdaFunction fn)) {
            throw new IllegalStateException("harness binds Lambda ARNs only: " + request.resource());
        }
        Function<JsonNode, JsonNode> f = functions.get(fn.functionName());
        if (f == null) {
            throw StatesFailure.of("Lambda.ResourceNotFoundException", fn.functionName());
        }
        return f.apply(request.input());
    };
    SfnRuntime runtime = SfnRuntime.of(clock, clock, invoker).withRandom(new Random(42));

    static String fn(String name) {
        return "arn:aws:lambda:us-east-1:123456789012:function:" + name;
    }

    Harness function(String name, Function<JsonNode, JsonNode> body) {
        functions.put(name, body);
        return this;
    }

    ExecutionService service() {
        return ExecutionService.synchronous(runtime);
    }

    ExecutionDescription run(String definition, String input) {
        ExecutionService service = service();
        String arn = service.registerStateMachine("Test", StateMachineDef.parse(definition), "arn:aws:iam::123456789012:role/sfn");
        return service.describe(service.start(arn, "exec-1", Json.parse(input)).executionArn());
    }

    static Function<JsonNode, JsonNode> failing(String error, String cause) {
        return input -> {
            throw StatesFailure.of(error, cause);
        };
    }
}
