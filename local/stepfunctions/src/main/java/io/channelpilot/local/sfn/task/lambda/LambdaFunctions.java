package io.channelpilot.local.sfn.task.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-process Lambda service: functions by name, each bound to a handler instance created once by the embedder's
 * {@link HandlerFactory} (warm container). An unknown name fails like the service does:
 * {@code Lambda.ResourceNotFoundException}.
 */
public final class LambdaFunctions implements LambdaService {

    private final HandlerFactory factory;
    private final String region;
    private final String accountId;
    private final Map<String, FunctionSpec> specs = new ConcurrentHashMap<>();
    private final Map<String, Object> instances = new ConcurrentHashMap<>();
    private final Random random = new Random(0);
    private volatile Around around = (function, invocation) -> invocation.proceed();

    /** One invocation of a handler instance, as {@link Around} sees it. */
    @FunctionalInterface
    public interface Invocation {
        JsonNode proceed() throws Exception;
    }

    /** Wraps every invocation (tests attribute calls to the function and inject crashes); identity by default. */
    @FunctionalInterface
    public interface Around {
        JsonNode invoke(String function, Invocation invocation) throws Exception;
    }

    public LambdaFunctions around(Around next) {
        this.around = next;
        return this;
    }

    public LambdaFunctions(HandlerFactory factory, String region, String accountId) {
        this.factory = factory;
        this.region = region;
        this.accountId = accountId;
    }

    public LambdaFunctions register(FunctionSpec spec) {
        specs.put(spec.name(), spec);
        instances.remove(spec.name());
        return this;
    }

    /** Binds a ready-made handler instance (tests, embedders with their own wiring). */
    public LambdaFunctions register(String name, Object handler) {
        specs.put(name, new FunctionSpec(name, handler.getClass().getName() + "::handleRequest", Map.of()));
        instances.put(name, handler);
        return this;
    }

    public String arn(String name) {
        return "arn:aws:lambda:" + region + ":" + accountId + ":function:" + name;
    }

    /** "FunctionName: the name of the Lambda function, version, or alias ... function name, ARN or partial ARN". */
    public static String functionName(String nameOrArn) {
        String[] parts = nameOrArn.split(":");
        if (nameOrArn.startsWith("arn:")) {
            return parts.length > 6 ? parts[6] : nameOrArn;
        }
        if (parts.length == 3 && parts[1].equals("function")) {
            return parts[2];
        }
        return parts[0];
    }

    /** Invokes the function; a handler exception becomes the runtime-shaped failure (see {@link LambdaErrors}). */
    @Override
    public JsonNode invoke(String nameOrArn, JsonNode payload) {
        String name = functionName(nameOrArn);
        FunctionSpec spec = specs.get(name);
        if (spec == null) {
            throw StatesFailure.of("Lambda.ResourceNotFoundException", "Function not found: " + arn(name)
                    + " (no local binding; register the function or add it to template.yaml)");
        }
        Object handler = instances.computeIfAbsent(name, n -> create(spec));
        String requestId;
        synchronized (random) {
            requestId = new UUID(random.nextLong(), random.nextLong()).toString();
        }
        LocalLambdaContext context = new LocalLambdaContext(requestId, name, arn(name));
        try {
            return around.invoke(name, () -> HandlerAdapter.invoke(handler, payload, context));
        } catch (RuntimeExit died) {
            discard(name, handler);
            throw StatesFailure.of("Runtime.ExitError", "{\"errorType\":\"Runtime.ExitError\",\"errorMessage\":\"RequestId: "
                    + requestId + " Error: Runtime exited without providing a reason\"}");
        } catch (Exception | Error thrown) {
            throw LambdaErrors.toFailure(thrown);
        }
    }

    /** The instance's runtime died: the next invoke gets a fresh one; its connections go with it (best effort). */
    private void discard(String name, Object handler) {
        instances.remove(name, handler);
        if (handler instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                // a dead process closes nothing; closing here only spares the broker idle connections
            }
        }
    }

    private Object create(FunctionSpec spec) {
        try {
            return factory.create(spec);
        } catch (Exception e) {
            // the Java runtime reports init failures as Runtime.* errors; name it so Catch can see it
            throw StatesFailure.of("Lambda.Unknown", "Could not create handler " + spec.handler() + " for function "
                    + spec.name() + ": " + e);
        }
    }
}
