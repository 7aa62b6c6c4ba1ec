package io.channelpilot.tests.coldstart.child;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.channelpilot.priming.Priming;
import io.channelpilot.priming.PrimingReport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The main class of one cold-start child JVM (run by {@code ColdStartBenchmark} with a function's unzipped deployment
 * classpath plus this package). {@code function <handlerClass> <eventFile>}: loads and constructs the handler the way
 * Lambda does (no-arg constructor: static init + clients), invokes it once with the event, then checks the SnapStart
 * priming it registered. {@code baseline <function> <eventFile>}: a bare handler that builds the same SDK clients with
 * the same HTTP client and makes one equivalent call ({@link Baselines}). Prints one line {@code COLDSTART {json}}.
 *
 * <p>Only JDK, aws-lambda-java-core and what the function's zip holds may be used here: the point is to prove the
 * zip alone runs the first invoke. Timestamps are taken with {@link System#currentTimeMillis()} and related to the JVM
 * start only after the response, so the measurement itself does not load the management classes early.
 */
public final class ColdStartChild {

    private ColdStartChild() {
    }

    public static void main(String[] args) throws Exception {
        long mainAt = System.currentTimeMillis();
        String mode = args[0];
        byte[] event = Files.readAllBytes(Path.of(args[2]));
        Context context = context(mode.equals("function") ? args[1] : "baseline-" + args[1]);
        long initAt;
        String outcome = "ok";
        int responseBytes = -1;
        Object handler = null;
        try {
            if (mode.equals("function")) {
                handler = Class.forName(args[1]).getConstructor().newInstance();
            } else {
                handler = Baselines.create(args[1]);
            }
        } catch (Throwable t) {
            outcome = describe(t);
        }
        initAt = System.currentTimeMillis();
        if (handler != null) {
            try {
                responseBytes = invoke(handler, event, context);
            } catch (Throwable t) {
                outcome = describe(t);
            }
        }
        long responseAt = System.currentTimeMillis();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        int classes = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        String primed = "";
        if (mode.equals("function")) {
            primed = primed();
        }
        System.out.println("COLDSTART {\"mode\":\"" + mode + "\",\"target\":\"" + args[1] + "\",\"jvmToMainMs\":" + (mainAt - jvmStart)
                + ",\"initMs\":" + (initAt - mainAt) + ",\"invokeMs\":" + (responseAt - initAt) + ",\"totalMs\":" + (responseAt - jvmStart)
                + ",\"classes\":" + classes + ",\"responseBytes\":" + responseBytes + ",\"primed\":\"" + primed + "\",\"outcome\":\""
                + escape(outcome) + "\"}");
        System.out.flush();
        // non-daemon threads (SDK, Kafka, Powertools) must not keep the child alive: the measurement is done
        Runtime.getRuntime().halt(0);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int invoke(Object handler, byte[] event, Context context) throws Exception {
        if (handler instanceof RequestStreamHandler stream) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            stream.handleRequest(new ByteArrayInputStream(event), out, context);
            return out.size();
        }
        // RequestHandler<Map, Map>: the Lambda runtime deserialises the event; Jackson (in every zip) stands in for it
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        Object input = mapper.readValue(event, java.util.Map.class);
        Object result = ((RequestHandler) handler).handleRequest(input, context);
        return mapper.writeValueAsBytes(result).length;
    }

    /** Runs the primings the handler's constructor registered (what the SnapStart checkpoint does); "primed/steps". */
    private static String primed() {
        int steps = 0;
        int primed = 0;
        for (Priming priming : Priming.registered()) {
            try {
                priming.beforeCheckpoint(null);
                priming.afterRestore(null);
            } catch (Exception e) {
                return "error: " + e;
            }
            PrimingReport report = priming.lastReport().orElseThrow();
            steps += report.steps().size();
            primed += (int) report.steps().stream().filter(s -> s.outcome() == io.channelpilot.priming.PrimingStep.Outcome.PRIMED).count();
        }
        return primed + "/" + steps;
    }

    private static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && (root instanceof java.lang.reflect.InvocationTargetException
                || root instanceof java.util.concurrent.CompletionException)) {
            root = root.getCause();
        }
        boolean linkage = false;
        for (Throwable c = t; c != null; c = c.getCause()) {
            linkage |= c instanceof LinkageError || c instanceof ClassNotFoundException;
        }
        String text = root.getClass().getName() + ": " + root.getMessage();
        return (linkage ? "LINKAGE " : "error ") + (text.length() > 300 ? text.substring(0, 300) : text);
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "'").replace("\n", " ").replace("\r", " ");
    }

    private static Context context(String function) {
        LambdaLogger logger = (LambdaLogger) Proxy.newProxyInstance(ColdStartChild.class.getClassLoader(),
                new Class<?>[] {LambdaLogger.class}, (p, m, a) -> {
                    if (a != null && a.length > 0) {
                        System.err.println(a[0] instanceof byte[] b ? new String(b) : String.valueOf(a[0]));
                    }
                    return null;
                });
        return (Context) Proxy.newProxyInstance(ColdStartChild.class.getClassLoader(), new Class<?>[] {Context.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getAwsRequestId" -> "cold-start-1";
                    case "getFunctionName" -> function;
                    case "getFunctionVersion" -> "$LATEST";
                    case "getInvokedFunctionArn" -> "arn:aws:lambda:us-east-1:123456789012:function:" + function;
                    case "getLogGroupName" -> "/aws/lambda/" + function;
                    case "getLogStreamName" -> "cold-start";
                    case "getRemainingTimeInMillis" -> 60_000;
                    case "getMemoryLimitInMB" -> 1024;
                    case "getLogger" -> logger;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == a[0];
                    case "toString" -> "ColdStartContext[" + function + "]";
                    default -> m.isDefault() ? java.lang.reflect.InvocationHandler.invokeDefault(p, m, a) : null;
                });
    }
}
