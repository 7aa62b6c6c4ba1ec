package io.channelpilot.local.sfn.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.asl.DefinitionException;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.sfn.exec.TaskInvoker;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.mock.MockConfig;
import io.channelpilot.local.sfn.mock.MockConfigException;
import io.channelpilot.local.sfn.mock.MockingTaskInvoker;
import io.channelpilot.local.sfn.task.StandardTaskInvoker;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.TemplateException;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.time.VirtualClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code channel-pilot-local sfn test}: runs one state machine on a virtual clock and prints
 * {@code {status, output, error, cause, statesVisited[], transitions}}. Exit 0 when the execution succeeds, 1 when it
 * fails (FAILED, TIMED_OUT), 2 on a definition, template, mock-config or usage error.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = "Run one state machine locally (virtual clock) and print its result as JSON.")
public final class SfnTestCommand implements Callable<Integer> {

    static final int SUCCEEDED = 0;
    static final int FAILED = 1;
    static final int DEFINITION_ERROR = 2;

    @Option(names = "--definition", description = "ASL file (JSONPath dialect); optional with --template")
    Path definition;

    @Option(names = "--input", description = "execution input JSON file (default {})")
    Path input;

    @Option(names = "--mock-config", description = "Step Functions Local mock configuration file")
    Path mockConfig;

    @Option(names = "--test-case", description = "test case name in the mock configuration")
    String testCase;

    @Option(names = "--echo-unmocked", description = "unmocked Tasks return their effective input (after InputPath and Parameters)")
    boolean echoUnmocked;

    @Option(names = "--template", description = "SAM template.yaml: DefinitionSubstitutions and Lambda handler bindings")
    Path template;

    @Option(names = "--state-machine", description = "logical id in --template; also the state machine name used for mock lookups")
    String stateMachine;

    @Option(names = "--parameter-overrides", arity = "1..*", paramLabel = "Key=Value",
            description = "template parameter values, as for sam deploy (Key=Value ...)")
    java.util.List<String> parameterOverrides = new java.util.ArrayList<>();

    @Option(names = "--start-time", description = "virtual clock start (ISO-8601), default now")
    Instant startTime;

    @Option(names = "--seed", description = "seed for FULL jitter, States.UUID and States.MathRandom (default 0)")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try {
            Loaded loaded = load();
            JsonNode executionInput = input == null ? Json.object() : readJson(input, "--input");
            VirtualClock clock = VirtualClock.startingAt(startTime != null ? startTime : Instant.now());
            LambdaFunctions lambdas = new LambdaFunctions(HandlerFactory.reflective(Thread.currentThread().getContextClassLoader()),
                    "us-east-1", "123456789012");
            if (loaded.template() != null) {
                loaded.template().functions().forEach(f -> lambdas.register(f.toSpec()));
            }
            StandardTaskInvoker standard = new StandardTaskInvoker(lambdas, (service, action, params) -> {
                throw StatesFailure.runtime("sfn test has no AWS service for " + service + ":" + action
                        + "; mock this state (--mock-config) or pass --echo-unmocked");
            });
            SfnRuntime runtime = SfnRuntime.of(clock, clock, invoker(loaded.name(), standard)).withRandom(new Random(seed));
            ExecutionService service = ExecutionService.synchronous(runtime);
            standard.bindExecutions(service);
            String arn = service.registerStateMachine(loaded.name(), loaded.definition(),
                    "arn:aws:iam::123456789012:role/sfn-test");
            ExecutionDescription d = service.describe(service.start(arn, "sfn-test", executionInput).executionArn());
            print(result(d.status().name(), d.output(), d.error(), d.cause(), d));
            return d.status() == ExecutionStatus.SUCCEEDED ? SUCCEEDED : FAILED;
        } catch (DefinitionException | TemplateException | MockConfigException | UsageException e) {
            print(result("DEFINITION_ERROR", null, e.getClass().getSimpleName(), e.getMessage(), null));
            return DEFINITION_ERROR;
        }
    }

    private record Loaded(String name, StateMachineDef definition, SamTemplate template) {
    }

    private Loaded load() {
        if (mockConfig != null ^ testCase != null) {
            throw new UsageException("--mock-config and --test-case go together");
        }
        if (template != null) {
            if (stateMachine == null) {
                throw new UsageException("--template needs --state-machine <LogicalId>");
            }
            SamTemplate sam = SamTemplate.load(template, overrides(), "us-east-1", "123456789012");
            String text = definition != null ? readText(definition, "--definition") : sam.stateMachine(stateMachine).definition();
            return new Loaded(stateMachine, StateMachineDef.parse(text), sam);
        }
        if (definition == null) {
            throw new UsageException("--definition FILE (or --template with --state-machine) is required");
        }
        String name = stateMachine != null ? stateMachine
                : definition.getFileName().toString().replaceFirst("(\\.asl)?\\.json$", "");
        return new Loaded(name, StateMachineDef.parse(readText(definition, "--definition")), null);
    }

    private java.util.Map<String, String> overrides() {
        java.util.Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String pair : parameterOverrides) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("--parameter-overrides: expected Key=Value, got '" + pair + "'");
            }
            out.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return out;
    }

    private TaskInvoker invoker(String name, TaskInvoker standard) {
        if (mockConfig == null) {
            return echoUnmocked ? MockingTaskInvoker.echoing(standard, true) : standard;
        }
        MockConfig config = MockConfig.parse(readText(mockConfig, "--mock-config"));
        return new MockingTaskInvoker(config, config.testCase(name, testCase), standard, echoUnmocked);
    }

    private static ObjectNode result(String status, JsonNode output, String error, String cause, ExecutionDescription d) {
        ObjectNode out = Json.object();
        out.put("status", status);
        out.set("output", output == null ? Json.NODES.nullNode() : output);
        out.put("error", error);
        out.put("cause", cause);
        out.set("statesVisited", Json.MAPPER.valueToTree(d == null ? java.util.List.of() : d.statesVisited()));
        out.put("transitions", d == null ? 0 : d.transitions());
        return out;
    }

    private void print(JsonNode result) {
        try {
            spec.commandLine().getOut().println(Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(result));
            spec.commandLine().getOut().flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static String readText(Path file, String option) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UsageException(option + ": cannot read " + file + ": " + e.getMessage());
        }
    }

    private static JsonNode readJson(Path file, String option) {
        try {
            return Json.MAPPER.readTree(readText(file, option));
        } catch (IOException e) {
            throw new UsageException(option + ": " + file + " is not valid JSON: " + e.getMessage());
        }
    }

    /** A command-line problem (exit 2). */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
