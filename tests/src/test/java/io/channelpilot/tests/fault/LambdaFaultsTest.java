package io.channelpilot.tests.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.lambda.InitType;
import io.channelpilot.local.lambda.RuntimeLambdaService;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.HistoryEvent;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.tests.Repo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 16 item 2: Lambda-level faults in runtime mode, through the real {@code provision-channel} state machine in
 * the local Step Functions runner, with ResolveIntents running from its zip under the real Lambda runtime client. Each
 * fault is injected where it happens on AWS — a service error in front of the function, a handler frozen past its
 * Timeout, a heap taken to its limit, an instance whose handler class cannot load — and the test shows what the
 * state's Retry and Catch make of it: retried to the clean run's outcome, or caught into the coded failure
 * {@code io.channelpilot.workflow.TriggerNotResolved}. One world and one warm function serve every case; a frozen
 * handler is given up after 2 s instead of its 60 s Timeout (it cannot progress either way; the error names the 60 s).
 * The cases run in an order that reuses the instance each fault's retry started, so the class pays four cold starts
 * (the clean run, the retry after heap exhaustion, the retry after the first timeout, the broken init).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LambdaFaultsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String FUNCTION = "ResolveIntentsFunction";
    private static final String MACHINE = "ProvisionChannelStateMachine";
    private static final String NOT_RESOLVED = "io.channelpilot.workflow.TriggerNotResolved";
    private static final AtomicInteger RUNS = new AtomicInteger();

    private static LocalWorld world;
    private static RuntimeLambdaService lambda;
    private static String clusterArn;
    private static ExecutionDescription clean;

    @BeforeAll
    static void start() throws Exception {
        Path work = Files.createTempDirectory(Files.createDirectories(Repo.root().resolve("tests/target")), "lambda-faults-");
        // executions run on the caller's thread (start returns when they ended); ResolveIntents starts none itself
        world = LocalWorld.start(new LocalWorld.Options(Repo.root().resolve("local/worlds/demo.json"), Repo.root().resolve("template.yaml"),
                work, null, r -> r.run(), Map.of()).withRuntimeLambda(InitType.ON_DEMAND));
        lambda = world.runtimeLambda().orElseThrow();
        clusterArn = world.services().msk().clusterArnOf("demo").orElseThrow();
        clean = run();
        assertThat(clean.status()).as("the clean run: %s %s", clean.error(), clean.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(clean.statesVisited()).startsWith("ResolveIntents");
    }

    @AfterAll
    static void stop() {
        if (world != null) {
            world.close();
        }
    }

    /** Each transient service error Step Functions documents for a Lambda task, once: retried to the clean outcome. */
    @Order(1)
    @ParameterizedTest
    @ValueSource(strings = {"Lambda.ServiceException", "Lambda.AWSLambdaException", "Lambda.SdkClientException",
            "Lambda.ClientExecutionTimeoutException", "Lambda.TooManyRequestsException", "Lambda.Unknown"})
    void shouldRetryATransientLambdaServiceErrorToTheCleanOutcome(String error) {
        lambda.faults().serviceError(FUNCTION, error, "injected by LambdaFaultsTest", 1);

        ExecutionDescription run = run();

        assertRetriedToTheCleanOutcome(run, error);
    }

    /** Throttling that outlasts the Retry (6 retries on the virtual clock): caught into the coded failure. */
    @Order(2)
    @Test
    void shouldCatchThrottlingThatOutlastsTheRetryIntoTheCodedFailure() {
        lambda.faults().serviceError(FUNCTION, "Lambda.TooManyRequestsException", "Rate Exceeded.", 7);

        ExecutionDescription run = run();

        assertCaught(run, "Lambda.TooManyRequestsException");
        assertThat(failures(run)).hasSize(7).containsOnly("Lambda.TooManyRequestsException");
    }

    /**
     * A handler frozen past its Timeout, twice: the instance is killed each time (Sandbox.Timedout), the one retry runs
     * on a fresh instance, and the second timeout is caught. (A single timeout is retried to the clean outcome the way
     * the out-of-memory case below is.)
     */
    @Order(4)
    @Test
    void shouldRetryATimeoutOnceOnAFreshInstanceThenCatchIt() {
        List<Long> before = lambda.instances(FUNCTION);
        lambda.faults().timeout(FUNCTION, 2, Duration.ofSeconds(2));

        ExecutionDescription run = run();

        assertCaught(run, "Sandbox.Timedout");
        assertThat(failures(run)).containsExactly("Sandbox.Timedout", "Sandbox.Timedout");
        assertThat(run.cause()).contains("Task timed out after 60.00 seconds");
        assertThat(before).as("the warm instance was killed at its timeout").isNotEmpty()
                .allSatisfy(pid -> assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse());
    }

    /** Heap exhaustion in the function's JVM once: the runtime's report (or its death) is retried on a fresh instance. */
    @Order(3)
    @Test
    void shouldRetryHeapExhaustionOnAFreshInstanceToTheCleanOutcome() {
        lambda.faults().outOfMemory(FUNCTION, 1);

        ExecutionDescription run = run();

        assertThat(failures(run)).hasSize(1).allSatisfy(e -> assertThat(e).isIn("java.lang.OutOfMemoryError", "Runtime.ExitError"));
        assertRetriedToTheCleanOutcome(run, failures(run).get(0));
    }

    /** An instance whose handler cannot load (init failure): not retried, caught into the coded failure. */
    @Order(6)
    @Test
    void shouldCatchAnInitFailureIntoTheCodedFailure() {
        lambda.kill(FUNCTION); // the next invoke needs a new instance, which the fault breaks
        lambda.faults().failInit(FUNCTION, 1);
        try {
            ExecutionDescription run = run();

            assertCaught(run, "java.lang.ClassNotFoundException");
            assertThat(failures(run)).containsExactly("java.lang.ClassNotFoundException");
        } finally {
            lambda.kill(FUNCTION); // that instance answers ClassNotFoundException until it is replaced
        }
    }

    // ---------------------------------------------------------------------------------------------------------------

    private static ExecutionDescription run() {
        String name = "lambda-fault-" + RUNS.incrementAndGet();
        ObjectNode input = JSON.createObjectNode().put("source", "channel-pilot.manual").put("requestId", name)
                .put("clusterArn", clusterArn).put("topic", "orders.created");
        String arn = world.workflows().executions().start(world.workflows().stateMachineArn(MACHINE), name, input).executionArn();
        return world.workflows().executions().await(arn);
    }

    private static void assertRetriedToTheCleanOutcome(ExecutionDescription run, String error) {
        assertThat(run.status()).as("%s %s", run.error(), run.cause()).isEqualTo(clean.status());
        assertThat(failures(run)).as("ResolveIntents failed once with the fault").containsExactly(error);
        assertThat(retries(run)).isEqualTo(1);
        assertThat(run.statesVisited()).as("then the same path as the clean run").isEqualTo(clean.statesVisited());
        assertThat(run.output().path("resolution").path("intents")).isEqualTo(clean.output().path("resolution").path("intents"));
    }

    private static void assertCaught(ExecutionDescription run, String error) {
        assertThat(run.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(run.error()).isEqualTo(NOT_RESOLVED);
        assertThat(run.cause()).as("the cause names the Lambda error").contains(error);
        assertThat(run.statesVisited()).containsExactly("ResolveIntents", "TriggerNotResolved");
        assertThat(run.events()).filteredOn(e -> e.type().equals("ErrorCaught"))
                .extracting(e -> e.details().path("Error").asText()).containsExactly(error);
    }

    /** The errors ResolveIntents failed with, in order. */
    private static List<String> failures(ExecutionDescription run) {
        return run.events().stream().filter(e -> e.type().equals("TaskFailed") && "ResolveIntents".equals(e.stateName()))
                .map(HistoryEvent::details).map(d -> d.path("Error").asText()).toList();
    }

    private static long retries(ExecutionDescription run) {
        return run.events().stream().filter(e -> e.type().equals("RetryScheduled")).count();
    }
}
