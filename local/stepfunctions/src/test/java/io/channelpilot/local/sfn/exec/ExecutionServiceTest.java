package io.channelpilot.local.sfn.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * StartExecution/DescribeExecution/ListExecutions/StopExecution semantics. Reference: Step Functions API reference,
 * StartExecution ("idempotent for STANDARD workflows ... same name and input as a running execution"), StopExecution.
 */
class ExecutionServiceTest {

    private final Harness h = new Harness();
    private final List<Runnable> queued = new ArrayList<>();
    private final ExecutionService service = new ExecutionService(h.runtime, "eu-west-1", "111122223333", queued::add);
    private final String machine = service.registerStateMachine("Provision", StateMachineDef.parse(
            "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"End\":true}}}"), "arn:aws:iam::111122223333:role/r");

    @Test
    void shouldReturnTheRunningExecutionForSameNameAndInput() {
        ExecutionService.Started first = service.start(machine, "evt-1", Json.parse("{\"a\":1}"));

        ExecutionService.Started again = service.start(machine, "evt-1", Json.parse("{ \"a\" : 1 }"));

        assertThat(again).isEqualTo(first);
        assertThat(first.executionArn()).isEqualTo("arn:aws:states:eu-west-1:111122223333:execution:Provision:evt-1");
        assertThat(service.describe(first.executionArn()).status()).isEqualTo(ExecutionStatus.RUNNING);
    }

    @Test
    void shouldRejectSameNameWithDifferentInputOrAfterClose() {
        service.start(machine, "evt-1", Json.parse("{\"a\":1}"));

        assertThatThrownBy(() -> service.start(machine, "evt-1", Json.parse("{\"a\":2}")))
                .isInstanceOf(SfnServiceException.class)
                .satisfies(e -> assertThat(((SfnServiceException) e).errorCode()).isEqualTo("ExecutionAlreadyExists"));
        queued.forEach(Runnable::run);
        assertThatThrownBy(() -> service.start(machine, "evt-1", Json.parse("{\"a\":1}")))
                .hasMessageStartingWith("ExecutionAlreadyExists");
    }

    @Test
    void shouldAbortAtOnceAndNeverRunAStoppedExecution() {
        String arn = service.start(machine, "evt-2", Json.object()).executionArn();

        ExecutionDescription stopped = service.stop(arn, "Operator", "manual stop");
        queued.forEach(Runnable::run);

        assertThat(stopped.status()).isEqualTo(ExecutionStatus.ABORTED);
        ExecutionDescription d = service.describe(arn);
        assertThat(d.status()).isEqualTo(ExecutionStatus.ABORTED);
        assertThat(d.error()).isEqualTo("Operator");
        assertThat(d.statesVisited()).isEmpty();
    }

    @Test
    void shouldStopBeforeTheNextStateWhenStoppedMidExecution() {
        AtomicReference<String> self = new AtomicReference<>();
        ExecutionService sync = h.service();
        h.function("StopMe", input -> {
            sync.stop(self.get(), null, null);
            return input;
        });
        String arn = sync.registerStateMachine("M", StateMachineDef.parse("""
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Next":"After"},"After":{"Type":"Succeed"}}}"""
                .formatted(Harness.fn("StopMe"))), "r");
        self.set("arn:aws:states:us-east-1:123456789012:execution:M:x");

        sync.start(arn, "x", Json.object());

        ExecutionDescription d = sync.describe(self.get());
        assertThat(d.status()).isEqualTo(ExecutionStatus.ABORTED);
        assertThat(d.statesVisited()).containsExactly("T");
    }

    @Test
    void shouldListNewestFirstAndFilterByStatus() {
        service.start(machine, "a", Json.object());
        h.clock.advance(java.time.Duration.ofSeconds(1));
        service.start(machine, "b", Json.object());
        queued.get(0).run();

        assertThat(service.list(machine, null)).extracting(ExecutionDescription::name).containsExactly("b", "a");
        assertThat(service.list(machine, ExecutionStatus.SUCCEEDED)).extracting(ExecutionDescription::name).containsExactly("a");
        assertThatThrownBy(() -> service.describe(machine.replace("stateMachine", "execution") + ":zzz"))
                .hasMessageStartingWith("ExecutionDoesNotExist");
        assertThatThrownBy(() -> service.start(machine, "bad name", Json.object())).hasMessageStartingWith("InvalidName");
    }

    @Test
    void shouldRunChildExecutionWithStartExecutionSync2() {
        io.channelpilot.local.sfn.task.StandardTaskInvoker invoker = new io.channelpilot.local.sfn.task.StandardTaskInvoker(
                new io.channelpilot.local.sfn.task.lambda.LambdaFunctions(spec -> null, "us-east-1", "123456789012"),
                (svc, action, params) -> Json.object());
        ExecutionService sync = ExecutionService.synchronous(h.runtime.withInvoker(invoker));
        invoker.bindExecutions(sync);
        String child = sync.registerStateMachine("Child", StateMachineDef.parse(
                "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"Parameters\":{\"doubled.$\":\"States.MathAdd($.n, $.n)\"},\"End\":true}}}"), "r");
        String parent = sync.registerStateMachine("Parent", StateMachineDef.parse("""
            {"StartAt":"Run","States":{"Run":{"Type":"Task","Resource":"arn:aws:states:::states:startExecution.sync:2",
              "Parameters":{"StateMachineArn":"%s","Input":{"n.$":"$.n"},"Name.$":"States.Format('child-{}', $.n)"},
              "ResultSelector":{"out.$":"$.Output","status.$":"$.Status"},"End":true}}}""".formatted(child)), "r");

        ExecutionDescription d = sync.describe(sync.start(parent, "p", Json.parse("{\"n\":21}")).executionArn());

        assertThat(d.output()).isEqualTo(Json.parse("{\"out\":{\"doubled\":42},\"status\":\"SUCCEEDED\"}"));
        assertThat(sync.list(child, null)).extracting(ExecutionDescription::name).containsExactly("child-21");
    }

    @Test
    @org.junit.jupiter.api.Timeout(120) // guards the suite against a regression to the deadlock, not a timing check
    void shouldStartChildExecutionsFromParallelBranchesWithoutDeadlock() {
        io.channelpilot.local.sfn.task.StandardTaskInvoker invoker = new io.channelpilot.local.sfn.task.StandardTaskInvoker(
                new io.channelpilot.local.sfn.task.lambda.LambdaFunctions(spec -> null, "us-east-1", "123456789012"),
                (svc, action, params) -> Json.object());
        ExecutionService sync = ExecutionService.synchronous(h.runtime.withInvoker(invoker));
        invoker.bindExecutions(sync);
        String child = sync.registerStateMachine("Child", StateMachineDef.parse(
                "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"End\":true}}}"), "r");
        String branch = """
            {"StartAt":"Run","States":{"Run":{"Type":"Task","Resource":"arn:aws:states:::states:startExecution.sync:2",
              "Parameters":{"StateMachineArn":"%s","Input":{"b":"%s"}},"ResultSelector":{"o.$":"$.Output"},"End":true}}}""";
        String parent = sync.registerStateMachine("Fan", StateMachineDef.parse("""
            {"StartAt":"P","States":{"P":{"Type":"Parallel","End":true,"Branches":[%s,%s]}}}"""
                .formatted(branch.formatted(child, "one"), branch.formatted(child, "two"))), "r");

        ExecutionDescription d = sync.describe(sync.start(parent, "fan", Json.object()).executionArn());

        assertThat(d.output()).isEqualTo(Json.parse("[{\"o\":{\"b\":\"one\"}},{\"o\":{\"b\":\"two\"}}]"));
        assertThat(sync.list(child, ExecutionStatus.SUCCEEDED)).hasSize(2);
    }

    @Test
    void shouldRunOnAnAsynchronousExecutorAndAwaitCompletion() throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            ExecutionService async = new ExecutionService(h.runtime, "us-east-1", "123456789012", pool);
            String arn = async.registerStateMachine("W", StateMachineDef.parse(
                    "{\"StartAt\":\"W\",\"States\":{\"W\":{\"Type\":\"Wait\",\"Seconds\":5,\"End\":true}}}"), "r");

            ExecutionDescription done = async.await(async.start(arn, "a", Json.parse("{\"k\":1}")).executionArn());

            assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
            assertThat(done.output()).isEqualTo(Json.parse("{\"k\":1}"));
            assertThat(done.stopDate()).isEqualTo(done.startDate().plusSeconds(5));
            assertThatThrownBy(() -> async.start(arn.replace(":W", ":Missing"), null, null))
                    .hasMessageStartingWith("StateMachineDoesNotExist");
        } finally {
            pool.shutdownNow();
        }
    }
}
