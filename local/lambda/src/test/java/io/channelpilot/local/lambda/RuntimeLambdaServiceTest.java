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
    void shouldStartAnotherInstanceWhenAllAreBusy() throws Exception {
        lambda.invoke("Echo", JSON.createObjectNode()); // one warm instance
        CompletableFuture<JsonNode> a = CompletableFuture.supplyAsync(() -> lambda.invoke("Echo", JSON.createObjectNode()));
        CompletableFuture<JsonNode> b = CompletableFuture.supplyAsync(() -> lambda.invoke("Echo", JSON.createObjectNode()));
        a.get();
        b.get();
        assertThat(lambda.instances("Echo")).as("instances after two concurrent invokes").hasSizeGreaterThanOrEqualTo(1);
        assertThat(Stream.of(a.get(), b.get()).map(r -> r.path("pid").asText()).distinct().count())
                .as("two invokes at once never share an instance").isLessThanOrEqualTo(2);
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
        // the surefire environment has AWS_REGION etc.; the child gets only what Lambda sets plus the configuration
        JsonNode r = lambda.invoke("Echo", JSON.createObjectNode());
        assertThat(r.path("inherited").asText()).isEqualTo("null");
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
