package io.channelpilot.local.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.local.sfn.task.lambda.LambdaService;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local Lambda service in runtime mode: every invoke runs the function's deployment zip under the real Lambda Java
 * runtime interface client, in its own JVM, behind a Runtime API emulator ({@link FunctionInstance}), with warm reuse
 * and a new instance when all are busy ({@link FunctionPool}). What the caller sees is what Step Functions shows for
 * a Lambda task: the response payload, or a failure whose error is the function's {@code errorType} (the exception
 * class, e.g. {@code io.channelpilot.workflow.ChannelNotReady}) and whose cause is the runtime's error document;
 * {@code Sandbox.Timedout} when the function ran past its {@code Timeout} (the instance is killed);
 * {@code Runtime.ExitError} when the runtime died without answering; the reported init error's type when init failed;
 * {@code Lambda.SnapStartException} when an {@code afterRestore} hook failed; the service errors {@link RuntimeFaults}
 * plans before any instance runs.
 *
 * <p>Environment of an instance: the function's configured variables ({@link FunctionDeployment#environment()}), then
 * the reserved variables Lambda sets ({@code _HANDLER}, {@code AWS_EXECUTION_ENV}, {@code AWS_LAMBDA_FUNCTION_*},
 * {@code AWS_LAMBDA_INITIALIZATION_TYPE}, {@code AWS_LAMBDA_RUNTIME_API}, {@code LAMBDA_TASK_ROOT},
 * {@code LAMBDA_RUNTIME_DIR}, region, {@code TZ}, {@code LANG}, {@code PATH}) with dummy static credentials, and two
 * local-only safety settings ({@code AWS_EC2_METADATA_DISABLED=true}, {@code AWS_EMF_ENVIRONMENT=Local}). Nothing of
 * this process's environment is inherited.
 */
public final class RuntimeLambdaService implements LambdaService, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A runaway caller must not fork a JVM per request on a 2-core machine; Lambda would throttle far later. */
    static final int MAX_INSTANCES_PER_FUNCTION = 6;

    private final Path home;
    private final RuntimeLayout layout;
    private final String region;
    private final String account;
    private final RuntimeFaults faults = new RuntimeFaults();
    private final Map<String, FunctionDeployment> deployments = new ConcurrentHashMap<>();
    private final Map<String, FunctionPool> pools = new ConcurrentHashMap<>();
    private volatile InitType initType;
    private volatile Duration initLimit = ON_DEMAND_INIT_LIMIT;

    /** Lambda's limit for an on-demand init ("the Init phase is limited to 10 seconds", Lambda developer guide). */
    public static final Duration ON_DEMAND_INIT_LIMIT = Duration.ofSeconds(10);

    /**
     * @param home     where task roots, instance output ({@code <fn>/<instance>.out|.err}) and the runtime's JNI library live
     * @param initType on demand, or SnapStart init for every instance
     */
    public RuntimeLambdaService(Path home, String region, String account, InitType initType) {
        this.home = home;
        this.layout = RuntimeLayout.prepare(home.resolve("runtime"));
        this.region = region;
        this.account = account;
        this.initType = initType;
    }

    public RuntimeLambdaService register(FunctionDeployment deployment) {
        deployments.put(deployment.name(), deployment);
        FunctionPool old = pools.remove(deployment.name());
        if (old != null) {
            old.close();
        }
        return this;
    }

    /** Switches every function to another init type; running instances are stopped (the next invoke starts anew). */
    public void initType(InitType type) {
        this.initType = type;
        stopInstances();
    }

    public InitType initType() {
        return initType;
    }

    public RuntimeFaults faults() {
        return faults;
    }

    /**
     * The on-demand init limit (Lambda's is {@link #ON_DEMAND_INIT_LIMIT}); a test lowers it to exercise the init
     * retry without waiting 10 s. Applies to pools created afterwards.
     */
    public void initLimit(Duration limit) {
        this.initLimit = limit;
        stopInstances();
    }

    public Map<String, FunctionDeployment> deployments() {
        return Map.copyOf(deployments);
    }

    public String arn(String name) {
        return "arn:aws:lambda:" + region + ":" + account + ":function:" + name;
    }

    /** Where the function's instances write their stdout/stderr. */
    public Path outputDirectory(String name) {
        return home.resolve(name);
    }

    @Override
    public JsonNode invoke(String nameOrArn, JsonNode payload) {
        return result(run(nameOrArn, payload, null));
    }

    /** One invoke with its timings (cold start, init and invoke wall time, the instance), for tests and benchmarks. */
    public Traced invokeTraced(String nameOrArn, JsonNode payload) {
        FunctionPool.Run run = run(nameOrArn, payload, null);
        JsonNode result = null;
        StatesFailure failure = null;
        try {
            result = result(run);
        } catch (StatesFailure f) {
            failure = f;
        }
        return new Traced(result, failure, run.coldStart(), run.initMs(), run.invokeMs(), run.instance(),
                run.timeline().checkpointMs(), run.timeline().readyMs());
    }

    /**
     * The outcome of one traced invoke. {@code initMs}: waiting for the instance's init (0 when warm);
     * {@code invokeMs}: the invocation itself; {@code checkpointMs}/{@code readyMs}: since the JVM was spawned, when it
     * reached the snapshot point (SnapStart) and its first {@code /next}.
     */
    public record Traced(JsonNode result, StatesFailure failure, boolean coldStart, long initMs, long invokeMs, String instance,
                         long checkpointMs, long readyMs) {
    }

    /** Starts one instance of the function now and waits for it to be ready (SnapStart: to reach its snapshot point). */
    public boolean prewarm(String name, Duration limit) {
        return pool(name).prewarm(limit);
    }

    /** Kills every running instance of the function (a fault hook); returns how many. */
    public int kill(String name) {
        FunctionPool pool = pools.get(LambdaFunctions.functionName(name));
        return pool == null ? 0 : pool.kill();
    }

    /** Process ids of the function's running instances. */
    public List<Long> instances(String name) {
        FunctionPool pool = pools.get(LambdaFunctions.functionName(name));
        return pool == null ? List.of() : pool.pids();
    }

    /** Stops every instance of every function; deployments stay registered. */
    public void stopInstances() {
        List<FunctionPool> all = List.copyOf(pools.values());
        pools.clear();
        all.parallelStream().forEach(FunctionPool::close);
    }

    @Override
    public void close() {
        stopInstances();
    }

    private FunctionPool.Run run(String nameOrArn, JsonNode payload, String clientContext) {
        String name = LambdaFunctions.functionName(nameOrArn);
        var error = faults.takeServiceError(name);
        if (error.isPresent()) {
            throw StatesFailure.of(error.get().name(), error.get().message());
        }
        byte[] bytes;
        try {
            bytes = payload == null || payload.isNull() ? "null".getBytes(StandardCharsets.UTF_8) : JSON.writeValueAsBytes(payload);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
        return pool(name).invoke(bytes, clientContext);
    }

    private FunctionPool pool(String name) {
        FunctionDeployment d = deployments.get(name);
        if (d == null) {
            throw StatesFailure.of("Lambda.ResourceNotFoundException", "Function not found: " + arn(name)
                    + " (no local deployment; is it in template.yaml?)");
        }
        return pools.computeIfAbsent(name, n -> new FunctionPool(d.withInitType(initType), arn(n), home.resolve(n), layout,
                this::environment, faults, MAX_INSTANCES_PER_FUNCTION, initLimit));
    }

    /**
     * The reserved variables as the Lambda developer guide lists them ("Defined runtime environment variables":
     * {@code _HANDLER}, {@code AWS_REGION}, {@code AWS_EXECUTION_ENV}, {@code AWS_LAMBDA_FUNCTION_NAME|MEMORY_SIZE|VERSION},
     * {@code AWS_LAMBDA_INITIALIZATION_TYPE}, {@code AWS_LAMBDA_LOG_GROUP_NAME|LOG_STREAM_NAME}, the execution role's
     * keys, {@code AWS_LAMBDA_RUNTIME_API}, {@code LAMBDA_TASK_ROOT}, {@code LAMBDA_RUNTIME_DIR}, {@code TZ}; unreserved
     * {@code LANG}, {@code PATH}); {@code snap-start} is the value the runtime client tests for SnapStart
     * ({@code AWSLambda.INIT_TYPE_SNAP_START}).
     */
    private Map<String, String> environment(FunctionDeployment fn) {
        Map<String, String> env = new LinkedHashMap<>(fn.environment());
        Path taskRoot = home.resolve(fn.name()).resolve("task").toAbsolutePath();
        env.put("_HANDLER", fn.handler());
        env.put("AWS_EXECUTION_ENV", "AWS_Lambda_java21");
        env.put("AWS_LAMBDA_FUNCTION_NAME", fn.name());
        env.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(fn.memoryMb()));
        // SnapStart applies to published versions (the template's AutoPublishAlias); on demand runs $LATEST here
        env.put("AWS_LAMBDA_FUNCTION_VERSION", fn.initType() == InitType.SNAP_START ? "1" : "$LATEST");
        env.put("AWS_LAMBDA_INITIALIZATION_TYPE", fn.initType().variable());
        env.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/" + fn.name());
        env.put("AWS_LAMBDA_LOG_STREAM_NAME", LocalDate.now(ZoneOffset.UTC).toString().replace('-', '/') + "/[$LATEST]local");
        env.put("AWS_REGION", region);
        env.put("AWS_DEFAULT_REGION", region);
        // Lambda passes the execution role's session credentials (SnapStart: through the container credentials
        // endpoint instead); locally static dummy keys, which the world accepts
        env.put("AWS_ACCESS_KEY_ID", "test");
        env.put("AWS_SECRET_ACCESS_KEY", "test");
        env.put("LAMBDA_TASK_ROOT", taskRoot.toString());
        env.put("LAMBDA_RUNTIME_DIR", layout.home().toAbsolutePath().toString());
        env.put("TZ", ":UTC");
        env.put("LANG", "en_US.UTF-8");
        env.put("PATH", "/usr/local/bin:/usr/bin:/bin");
        env.put("AWS_EC2_METADATA_DISABLED", "true");
        env.put("AWS_EMF_ENVIRONMENT", "Local");
        return env;
    }

    private static JsonNode result(FunctionPool.Run run) {
        Outcome o = run.outcome();
        String body = new String(o.body(), StandardCharsets.UTF_8);
        if (o.kind() == Outcome.Kind.RESPONSE) {
            try {
                return body.isBlank() ? NullNode.getInstance() : JSON.readTree(body);
            } catch (IOException e) {
                throw StatesFailure.of("Lambda.Unknown", "the function's response is not JSON: " + e.getMessage());
            }
        }
        if (o.kind() == Outcome.Kind.RESTORE_ERROR) {
            // Invoke answers SnapStartException when "the afterRestore() runtime hook encountered an error" (Lambda API
            // reference); a Lambda task reports a service error as Lambda.<Exception>
            return failure("Lambda.SnapStartException", body);
        }
        String name = o.errorType();
        try {
            JsonNode doc = JSON.readTree(body);
            if (doc.path("errorType").isTextual() && !doc.path("errorType").asText().isBlank()) {
                name = doc.path("errorType").asText();
            }
        } catch (IOException notJson) {
            // the header's type stands
        }
        return failure(name, body);
    }

    private static JsonNode failure(String name, String cause) {
        throw StatesFailure.of(name, cause);
    }
}
