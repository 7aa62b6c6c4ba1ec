package io.channelpilot.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.lambda.fixture.FixtureHandler;
import io.channelpilot.local.sfn.error.StatesFailure;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime mode against the real runtime interface client: a fixture handler zipped the way the functions are
 * (classes at the root, jars in lib/) runs in child JVMs behind the Runtime API emulator.
 */
class RuntimeLambdaServiceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HANDLER = FixtureHandler.class.getName() + "::handleRequest";

    @TempDir
    static Path work;
    static Path zip;
    static RuntimeLambdaService lambda;

    @BeforeAll
    static void deploy() throws Exception {
        zip = fixtureZip(work.resolve("fixture.zip"));
        lambda = new RuntimeLambdaService(work.resolve("lambda"), "us-east-1", "123456789012", InitType.ON_DEMAND);
        lambda.register(new FunctionDeployment("Echo", HANDLER, zip, 256, 20, InitType.ON_DEMAND,
                Map.of("GREETING", "hello", "JAVA_TOOL_OPTIONS", "-XX:+TieredCompilation -XX:TieredStopAtLevel=1")));
        lambda.register(new FunctionDeployment("Slow", HANDLER, zip, 256, 3, InitType.ON_DEMAND, Map.of()));
        lambda.register(new FunctionDeployment("BadInit", HANDLER, zip, 256, 20, InitType.ON_DEMAND, Map.of("FIXTURE_FAIL_INIT", "true")));
    }

    @AfterAll
    static void stop() {
        lambda.close();
    }

    @Test
    void shouldAnswerFromTheZipUnderTheRealRuntimeWithTheRuntimesEnvironmentAndReuseTheWarmInstance() {
        JsonNode first = lambda.invoke("Echo", JSON.createObjectNode().put("do", "echo"));
        JsonNode second = lambda.invoke("arn:aws:lambda:us-east-1:123456789012:function:Echo", JSON.createObjectNode().put("do", "echo"));
        assertThat(first.path("pid").asText()).as("warm reuse: the same JVM answers again").isEqualTo(second.path("pid").asText())
                .isNotEqualTo(Long.toString(ProcessHandle.current().pid()));
        assertThat(first.path("requestId").asText()).isNotEqualTo(second.path("requestId").asText()).hasSize(36);
        assertThat(first.path("arn").asText()).isEqualTo("arn:aws:lambda:us-east-1:123456789012:function:Echo");
        assertThat(first.path("memory").asInt()).isEqualTo(256);
        assertThat(first.path("remaining").asLong()).as("deadline from Lambda-Runtime-Deadline-Ms").isBetween(1L, 20_000L);
        assertThat(first.path("maxHeapMb").asLong()).as("heap from MemorySize (85 %)").isBetween(150L, 220L);
        assertThat(first.path("cwd").asText()).as("task root as working directory").endsWith("Echo/task");
        assertThat(first.path("initType").asText()).isEqualTo("on-demand");
        assertThat(first.path("greeting").asText()).isEqualTo("hello");
        assertThat(first.path("hooks").asText()).as("no checkpoint on demand").isEmpty();
    }

    @Test
    void shouldRunOneInvokePerInstanceReuseWarmOnesAndStartAnotherWhenAllAreBusy() throws Exception {
        lambda.register(new FunctionDeployment("Busy", HANDLER, zip, 256, 20, InitType.ON_DEMAND, Map.of()));
        String warm = lambda.invoke("Busy", JSON.createObjectNode()).path("pid").asText();
        // two invokes that each hold their instance for 1.5 s, started together: one takes the warm instance, the
        // other cannot share it and gets a new one
        CompletableFuture<JsonNode> a = CompletableFuture.supplyAsync(() -> lambda.invoke("Busy", JSON.createObjectNode().put("do", "hold")));
        CompletableFuture<JsonNode> b = CompletableFuture.supplyAsync(() -> lambda.invoke("Busy", JSON.createObjectNode().put("do", "hold")));
        Set<String> pids = new java.util.HashSet<>(List.of(a.get().path("pid").asText(), b.get().path("pid").asText()));
        assertThat(pids).as("two invokes at once run in two instances").hasSize(2).contains(warm);
        assertThat(lambda.instances("Busy")).as("instances after two concurrent invokes").hasSize(2);
        // sequential invokes afterwards are warm: no third instance
        for (int i = 0; i < 3; i++) {
            assertThat(lambda.invoke("Busy", JSON.createObjectNode()).path("pid").asText()).isIn(pids);
        }
        assertThat(lambda.instances("Busy")).hasSize(2);
    }

    @Test
    void shouldReportAFunctionErrorWithTheExceptionClassAsErrorAndTheRuntimesErrorDocumentAsCause() throws Exception {
        assertThatThrownBy(() -> lambda.invoke("Echo", JSON.createObjectNode().put("do", "throw")))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    assertThat(f.error().name()).isEqualTo("java.lang.IllegalStateException");
                    assertThat(f.error().cause()).contains("\"errorMessage\":\"FIXTURE_THROWN: asked to throw\"")
                            .contains("\"stackTrace\"");
                });
        assertThat(lambda.invoke("Echo", JSON.createObjectNode()).path("pid").asText()).as("a function error keeps the instance").isNotBlank();
    }

    @Test
    void shouldKillTheInstanceAndAnswerSandboxTimedoutWhenTheFunctionRunsPastItsTimeout() {
        lambda.invoke("Slow", JSON.createObjectNode());
        List<Long> before = lambda.instances("Slow");
        assertThatThrownBy(() -> lambda.invoke("Slow", JSON.createObjectNode().put("do", "sleep")))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    assertThat(f.error().name()).isEqualTo("Sandbox.Timedout");
                    assertThat(f.error().cause()).contains("Task timed out after 3.00 seconds");
                });
        assertThat(ProcessHandle.of(before.get(0)).map(ProcessHandle::isAlive).orElse(false)).as("the timed-out JVM is gone").isFalse();
        assertThat(lambda.invoke("Slow", JSON.createObjectNode()).path("pid").asText()).as("a new instance serves the next invoke")
                .isNotEqualTo(before.get(0).toString());
    }

    @Test
    void shouldReportTheInitErrorTheRuntimeSentWhenTheConstructorThrows() {
        assertThatThrownBy(() -> lambda.invoke("BadInit", JSON.createObjectNode()))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    assertThat(f.error().name()).isEqualTo("java.lang.IllegalArgumentException");
                    assertThat(f.error().cause()).contains("FIXTURE_INIT: refused to start");
                });
    }

    @Test
    void shouldFailInitThroughTheRuntimeWhenAFaultAsksForItAndSynthesiseAServiceError() {
        lambda.faults().failInit("Echo", 1);
        lambda.kill("Echo");
        assertThatThrownBy(() -> lambda.invoke("Echo", JSON.createObjectNode()))
                .isInstanceOfSatisfying(StatesFailure.class, f -> assertThat(f.error().name()).isEqualTo("java.lang.ClassNotFoundException"));
        assertThat(lambda.kill("Echo")).as("the instance without its handler is killed").isEqualTo(1);
        lambda.faults().jvmOptions("Echo", List.of("-XX:MaxHeapSize=1m", "-XX:InitialHeapSize=1m"));
        assertThatThrownBy(() -> lambda.invoke("Echo", JSON.createObjectNode()))
                .isInstanceOfSatisfying(StatesFailure.class, f -> assertThat(f.error().name()).isEqualTo("Runtime.ExitError"));
        lambda.faults().jvmOptions("Echo", List.of());
        lambda.faults().serviceError("Echo", "Lambda.TooManyRequestsException", "Rate Exceeded.", 1);
        assertThatThrownBy(() -> lambda.invoke("Echo", JSON.createObjectNode()))
                .isInstanceOfSatisfying(StatesFailure.class, f -> assertThat(f.error().name()).isEqualTo("Lambda.TooManyRequestsException"));
        assertThat(lambda.invoke("Echo", JSON.createObjectNode()).path("pid").asText()).isNotBlank();
    }

    @Test
    void shouldRunTheCracHooksAroundTheSnapshotWithSnapStartInit() throws Exception {
        try (RuntimeLambdaService snap = new RuntimeLambdaService(work.resolve("snap"), "us-east-1", "123456789012", InitType.SNAP_START)) {
            snap.register(new FunctionDeployment("Echo", HANDLER, zip, 256, 20, InitType.SNAP_START, Map.of()));
            assertThat(snap.prewarm("Echo", java.time.Duration.ofSeconds(60))).as("reached the snapshot point").isTrue();
            RuntimeLambdaService.Traced run = snap.invokeTraced("Echo", JSON.createObjectNode());
            assertThat(run.failure()).isNull();
            assertThat(run.result().path("hooks").asText()).isEqualTo("before;after;");
            assertThat(run.result().path("initType").asText()).isEqualTo("snap-start");
            assertThat(run.checkpointMs()).isPositive().isLessThan(run.readyMs());
        }
    }

    @Test
    void shouldNotLetTheChildInheritThisProcesssEnvironment() {
        // surefire sets FIXTURE_PARENT_ONLY for this JVM (pom.xml); the child gets only what Lambda sets plus the
        // function's configured variables
        assertThat(System.getenv("FIXTURE_PARENT_ONLY")).as("precondition: the world's own environment has it").isNotBlank();
        JsonNode r = lambda.invoke("Echo", JSON.createObjectNode());
        assertThat(r.path("inherited").asText()).isEqualTo("null");
        Set<String> expected = new java.util.TreeSet<>(Set.of("GREETING", "JAVA_TOOL_OPTIONS", "_HANDLER", "AWS_EXECUTION_ENV",
                "AWS_LAMBDA_FUNCTION_NAME", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "AWS_LAMBDA_FUNCTION_VERSION",
                "AWS_LAMBDA_INITIALIZATION_TYPE", "AWS_LAMBDA_LOG_GROUP_NAME", "AWS_LAMBDA_LOG_STREAM_NAME", "AWS_REGION",
                "AWS_DEFAULT_REGION", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "LAMBDA_TASK_ROOT", "LAMBDA_RUNTIME_DIR", "TZ",
                "LANG", "PATH", "AWS_LAMBDA_RUNTIME_API", "AWS_EC2_METADATA_DISABLED", "AWS_EMF_ENVIRONMENT"));
        Set<String> got = new java.util.TreeSet<>(List.of(r.path("env").asText().split(",")));
        // the runtime client itself may set AWS_LAMBDA_X_TRACE_ID for the request (its setEnvVarForXrayTraceId)
        got.remove("_X_AMZN_TRACE_ID");
        got.remove("AWS_LAMBDA_X_TRACE_ID");
        assertThat(got).as("exactly the configured and the reserved variables").isEqualTo(expected);
    }

    @Test
    void shouldKillAFrozenHandlerAtItsTimeoutAsSandboxTimedoutWhenTheTimeoutFaultIsPlanned() {
        String before = lambda.invoke("Slow", JSON.createObjectNode()).path("pid").asText();
        lambda.faults().timeout("Slow", 1);
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> lambda.invoke("Slow", JSON.createObjectNode()))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    assertThat(f.error().name()).isEqualTo("Sandbox.Timedout");
                    assertThat(f.error().cause()).contains("Task timed out after 3.00 seconds");
                });
        assertThat((System.nanoTime() - t0) / 1_000_000).as("waited the function's Timeout").isBetween(2_900L, 15_000L);
        assertThat(ProcessHandle.of(Long.parseLong(before)).map(ProcessHandle::isAlive).orElse(false)).as("the frozen JVM is gone").isFalse();
        assertThat(lambda.invoke("Slow", JSON.createObjectNode()).path("pid").asText()).as("one fault, then a new instance answers")
                .isNotEqualTo(before);
    }

    @Test
    void shouldReportHeapExhaustionAsTheRuntimeDoesAndReplaceTheInstance() {
        lambda.register(new FunctionDeployment("Hungry", HANDLER, zip, 256, 20, InitType.ON_DEMAND, Map.of()));
        JsonNode work = JSON.createObjectNode().put("do", "work");
        JsonNode warm = lambda.invoke("Hungry", work);
        assertThat(warm.path("working").asInt()).as("the working set fits the heap without the fault").isEqualTo(16 << 20);
        String before = warm.path("pid").asText();
        lambda.faults().outOfMemory("Hungry", 1);
        assertThatThrownBy(() -> lambda.invoke("Hungry", work))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    // the runtime client reports the handler's OutOfMemoryError and exits, or dies itself first
                    assertThat(f.error().name()).isIn("java.lang.OutOfMemoryError", "Runtime.ExitError");
                    assertThat(f.error().cause()).containsAnyOf("Java heap space", "OutOfMemoryError", "exit status");
                });
        String after = lambda.invoke("Hungry", work).path("pid").asText();
        assertThat(after).as("the exhausted instance is never reused").isNotEqualTo(before);
    }

    /**
     * Lambda: "If the Init phase times out, Lambda retries it at the first invoke" within the function's timeout. With
     * the init limit lowered to 1 s, a 1.5 s init is abandoned and run again in a second JVM, which answers; a 4 s init cannot finish in a
     * 3 s Timeout either and ends Sandbox.Timedout.
     */
    @Test
    void shouldRunAnOverlongOnDemandInitAgainInsideTheInvokeWithinTheTimeout() throws Exception {
        Path initLog = work.resolve("init.log");
        try (RuntimeLambdaService slow = new RuntimeLambdaService(work.resolve("slow-init"), "us-east-1", "123456789012", InitType.ON_DEMAND)) {
            slow.initLimit(java.time.Duration.ofSeconds(1));
            slow.register(new FunctionDeployment("SlowInit", HANDLER, zip, 256, 20, InitType.ON_DEMAND,
                    Map.of("FIXTURE_INIT_SLEEP_MS", "1500", "FIXTURE_INIT_LOG", initLog.toString())));
            slow.register(new FunctionDeployment("TooSlowInit", HANDLER, zip, 256, 3, InitType.ON_DEMAND, Map.of("FIXTURE_INIT_SLEEP_MS", "4000")));
            RuntimeLambdaService.Traced run = slow.invokeTraced("SlowInit", JSON.createObjectNode());
            assertThat(run.failure()).isNull();
            assertThat(run.instance()).as("the second JVM answered: the first was abandoned at the init limit").isEqualTo("SlowInit-on-demand-2");
            List<String> inits = Files.readAllLines(initLog);
            // the abandoned JVM logs its init too unless a loaded machine kept it from reaching the constructor in 1 s
            assertThat(inits).hasSizeBetween(1, 2).doesNotHaveDuplicates();
            assertThat(inits.get(inits.size() - 1)).startsWith(run.result().path("pid").asText() + "@");
            assertThat(run.initMs()).as("both inits were waited for").isGreaterThanOrEqualTo(2_500L);
            assertThatThrownBy(() -> slow.invoke("TooSlowInit", JSON.createObjectNode()))
                    .isInstanceOfSatisfying(StatesFailure.class, f -> assertThat(f.error().name()).isEqualTo("Sandbox.Timedout"));
        }
    }

    /**
     * The runtime client reports a failing afterRestore hook on /runtime/restore/error; Lambda's Invoke then answers
     * SnapStartException ("The afterRestore() runtime hook encountered an error"), which a Lambda task names
     * Lambda.SnapStartException. A failing beforeCheckpoint hook is an init error (/runtime/init/error): on AWS the
     * version's snapshot is never taken.
     */
    @Test
    void shouldReportAFailingCracHookAsLambdaDoes() {
        try (RuntimeLambdaService snap = new RuntimeLambdaService(work.resolve("snap-hooks"), "us-east-1", "123456789012", InitType.SNAP_START)) {
            snap.register(new FunctionDeployment("AfterFails", HANDLER, zip, 256, 20, InitType.SNAP_START, Map.of("FIXTURE_FAIL_AFTER", "true")));
            snap.register(new FunctionDeployment("BeforeFails", HANDLER, zip, 256, 20, InitType.SNAP_START, Map.of("FIXTURE_FAIL_BEFORE", "true")));
            assertThatThrownBy(() -> snap.invoke("AfterFails", JSON.createObjectNode()))
                    .isInstanceOfSatisfying(StatesFailure.class, f -> {
                        assertThat(f.error().name()).isEqualTo("Lambda.SnapStartException");
                        // the runtime's report names its CRaC context's exception; the hook's own message is in the logs
                        assertThat(f.error().cause()).contains("RestoreException");
                    });
            assertThat(output(snap.outputDirectory("AfterFails"))).contains("FIXTURE_AFTER_RESTORE: cannot reconnect");
            assertThatThrownBy(() -> snap.invoke("BeforeFails", JSON.createObjectNode()))
                    .isInstanceOfSatisfying(StatesFailure.class, f -> {
                        assertThat(f.error().name()).isNotEqualTo("Lambda.SnapStartException").isNotEqualTo("Runtime.ExitError");
                        assertThat(f.error().cause()).contains("CheckpointException");
                    });
            assertThat(output(snap.outputDirectory("BeforeFails"))).contains("FIXTURE_BEFORE_CHECKPOINT: cannot prime");
        }
    }

    /** Everything the function's instances wrote to stdout and stderr. */
    private static String output(Path dir) {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".out") || p.toString().endsWith(".err")).toList()) {
                all.append(Files.readString(f));
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return all.toString();
    }

    /** The fixture package's classes at the root and org.crac in lib/, the layout of build-tools/lambda-zip.xml. */
    private static Path fixtureZip(Path target) throws IOException, URISyntaxException {
        Path classes = Path.of(FixtureHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path crac = Path.of(org.crac.Core.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (OutputStream os = Files.newOutputStream(target); ZipOutputStream z = new ZipOutputStream(os)) {
            String pkg = FixtureHandler.class.getPackageName().replace('.', '/');
            try (Stream<Path> files = Files.list(classes.resolve(pkg))) {
                for (Path f : files.toList()) {
                    z.putNextEntry(new ZipEntry(pkg + "/" + f.getFileName()));
                    Files.copy(f, z);
                    z.closeEntry();
                }
            }
            z.putNextEntry(new ZipEntry("lib/" + crac.getFileName()));
            Files.copy(crac, z);
            z.closeEntry();
        }
        return target;
    }
}
