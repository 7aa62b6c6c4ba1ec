package io.channelpilot.local.sfn.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Retry and Catch. Reference: AWS developer guide "Handling errors in Step Functions workflows"
 * (https://docs.aws.amazon.com/step-functions/latest/dg/concepts-error-handling.html), sections "Retrying after an
 * error" and "Fallback states"; ASL spec "Retrying after error".
 */
class RetryCatchTest {

    private final Harness h = new Harness();

    private static String retrying(String retrier) {
        return """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Retry":[%s],
              "Catch":[{"ErrorEquals":["States.ALL"],"ResultPath":"$.error","Next":"Caught"}],"End":true},
              "Caught":{"Type":"Pass","End":true}}}""".formatted(Harness.fn("Flaky"), retrier);
    }

    private List<Long> retryDelaysMillis(ExecutionDescription d) {
        return d.events().stream().filter(e -> e.type().equals("RetryScheduled"))
                .map(e -> e.details().get("delayMillis").asLong()).toList();
    }

    @Test
    void shouldWaitIntervalTimesBackoffRateOnTheVirtualClockBetweenAttempts() {
        // "IntervalSeconds ... BackoffRate: the multiplier by which the retry interval increases during each attempt"
        h.function("Flaky", Harness.failing("Boom", "always"));

        ExecutionDescription d = h.run(retrying("{\"ErrorEquals\":[\"Boom\"],\"IntervalSeconds\":2,\"BackoffRate\":3,\"MaxAttempts\":3}"), "{}");

        assertThat(retryDelaysMillis(d)).containsExactly(2_000L, 6_000L, 18_000L);
        assertThat(h.clock.instant()).isEqualTo(Harness.START.plus(Duration.ofSeconds(26)));
        assertThat(h.requests).hasSize(4);
        assertThat(d.output().get("error")).isEqualTo(Json.parse("{\"Error\":\"Boom\",\"Cause\":\"always\"}"));
    }

    @Test
    void shouldCapDelayAtMaxDelaySeconds() {
        // "MaxDelaySeconds: maximum value, in seconds, up to which a retry interval can increase"
        h.function("Flaky", Harness.failing("Boom", "always"));

        ExecutionDescription d = h.run(retrying(
                "{\"ErrorEquals\":[\"Boom\"],\"IntervalSeconds\":2,\"BackoffRate\":3,\"MaxAttempts\":4,\"MaxDelaySeconds\":5}"), "{}");

        assertThat(retryDelaysMillis(d)).containsExactly(2_000L, 5_000L, 5_000L, 5_000L);
    }

    @Test
    void shouldDrawFullJitterBetweenZeroAndTheComputedDelay() {
        // "JitterStrategy FULL ... randomizes the delay between 0 and the computed interval"
        h.function("Flaky", Harness.failing("Boom", "always"));

        ExecutionDescription d = h.run(retrying(
                "{\"ErrorEquals\":[\"Boom\"],\"IntervalSeconds\":10,\"BackoffRate\":2,\"MaxAttempts\":5,\"JitterStrategy\":\"FULL\"}"), "{}");

        List<Long> delays = retryDelaysMillis(d);
        long[] bounds = {10_000, 20_000, 40_000, 80_000, 160_000};
        assertThat(delays).hasSize(5);
        for (int i = 0; i < 5; i++) {
            assertThat(delays.get(i)).isBetween(0L, bounds[i]);
        }
        assertThat(delays).as("seeded jitter must actually randomise").doesNotContainSequence(10_000L, 20_000L);
    }

    @Test
    void shouldNeverRetryWhenMaxAttemptsIsZero() {
        // "A MaxAttempts value of 0 ... causes the error to never be retried"
        h.function("Flaky", Harness.failing("Boom", "always"));

        ExecutionDescription d = h.run(retrying("{\"ErrorEquals\":[\"Boom\"],\"MaxAttempts\":0}"), "{}");

        assertThat(h.requests).hasSize(1);
        assertThat(d.statesVisited()).containsExactly("T", "Caught");
        assertThat(d.transitions()).isEqualTo(2);
    }

    @Test
    void shouldSucceedOnRetryAndCountEachRetryAsATransition() {
        AtomicInteger calls = new AtomicInteger();
        h.function("Flaky", input -> {
            if (calls.incrementAndGet() < 3) {
                throw StatesFailure.of("NotReady", "still creating");
            }
            return Json.object().put("ok", true);
        });
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Parameters":{"n.$":"$$.State.RetryCount"},
              "Retry":[{"ErrorEquals":["NotReady"],"IntervalSeconds":1}],"End":true}}}""".formatted(Harness.fn("Flaky"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.transitions()).isEqualTo(3);
        assertThat(h.requests.stream().map(r -> r.input().get("n").asInt())).containsExactly(0, 1, 2);
    }

    @Test
    void shouldUseOnlyTheFirstMatchingRetrier() {
        // ASL spec: the interpreter "implements the retry policy described in that Retrier" (the first that matches)
        h.function("Flaky", Harness.failing("Boom", "x"));

        ExecutionDescription d = h.run(retrying("{\"ErrorEquals\":[\"Boom\"],\"MaxAttempts\":1},"
                + "{\"ErrorEquals\":[\"States.ALL\"],\"MaxAttempts\":5}"), "{}");

        assertThat(h.requests).hasSize(2);
        assertThat(d.statesVisited()).containsExactly("T", "Caught");
    }

    @Test
    void shouldTakeTheFirstMatchingCatcherInArrayOrder() {
        // ASL spec "Fallback states": "scans through the Catchers in array order"
        h.function("Flaky", Harness.failing("Specific", "why"));
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Catch":[
              {"ErrorEquals":["Other"],"Next":"A"},
              {"ErrorEquals":["Specific"],"ResultPath":"$.err","Next":"B"},
              {"ErrorEquals":["States.ALL"],"Next":"C"}],"End":true},
              "A":{"Type":"Succeed"},"B":{"Type":"Succeed"},"C":{"Type":"Succeed"}}}""".formatted(Harness.fn("Flaky"));

        ExecutionDescription d = h.run(definition, "{\"keep\":1}");

        assertThat(d.statesVisited()).containsExactly("T", "B");
        assertThat(d.output()).isEqualTo(Json.parse("{\"keep\":1,\"err\":{\"Error\":\"Specific\",\"Cause\":\"why\"}}"));
    }

    @Test
    void shouldFallThroughToStatesAllWhenNoSpecificCatcherMatches() {
        h.function("Flaky", Harness.failing("Unexpected", "why"));
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Catch":[
              {"ErrorEquals":["Other"],"Next":"A"},{"ErrorEquals":["States.ALL"],"Next":"C"}],"End":true},
              "A":{"Type":"Succeed"},"C":{"Type":"Succeed"}}}""".formatted(Harness.fn("Flaky"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.statesVisited()).containsExactly("T", "C");
        assertThat(d.output()).isEqualTo(Json.parse("{\"Error\":\"Unexpected\",\"Cause\":\"why\"}"));
    }

    @Test
    void shouldMatchEverythingButTimeoutWithStatesTaskFailed() {
        // AWS: "States.TaskFailed ... matches any known error name except for States.Timeout"
        h.function("Slow", input -> {
            h.clock.advance(Duration.ofSeconds(30));
            return input;
        });
        h.function("Broken", Harness.failing("java.lang.IllegalStateException", "{}"));
        String definition = """
            {"StartAt":"A","States":{
              "A":{"Type":"Task","Resource":"%s","Catch":[{"ErrorEquals":["States.TaskFailed"],"ResultPath":"$.a","Next":"B"}],"End":true},
              "B":{"Type":"Task","Resource":"%s","TimeoutSeconds":10,
                   "Catch":[{"ErrorEquals":["States.TaskFailed"],"Next":"Wrong"},{"ErrorEquals":["States.Timeout"],"Next":"Right"}],"End":true},
              "Wrong":{"Type":"Fail"},"Right":{"Type":"Succeed"}}}""".formatted(Harness.fn("Broken"), Harness.fn("Slow"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.statesVisited()).containsExactly("A", "B", "Right");
    }

    @Test
    void shouldFailWithStatesTimeoutWhenTaskRunsLongerThanTimeoutSecondsPath() {
        // ASL spec Task State: "If the state runs longer than the specified timeout ... States.Timeout"
        h.function("Slow", input -> {
            h.clock.advance(Duration.ofSeconds(6));
            return input;
        });
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","TimeoutSecondsPath":"$.limit","End":true}}}"""
                .formatted(Harness.fn("Slow"));

        ExecutionDescription d = h.run(definition, "{\"limit\":5}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(d.error()).isEqualTo("States.Timeout");
    }

    @Test
    void shouldNeitherRetryNorCatchStatesRuntime() {
        // AWS: "A States.Runtime error isn't retriable ... A retry or catch on States.ALL won't catch States.Runtime"
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","InputPath":"$.missing",
              "Retry":[{"ErrorEquals":["States.ALL"]}],"Catch":[{"ErrorEquals":["States.ALL"],"Next":"C"}],"End":true},
              "C":{"Type":"Succeed"}}}""".formatted(Harness.fn("X"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.error()).isEqualTo("States.Runtime");
        assertThat(d.transitions()).isEqualTo(1);
    }

    @Test
    void shouldFailTerminallyWithDataLimitExceededForOversizedResult() {
        // AWS: "States.DataLimitExceeded ... a terminal error that can't be caught by the States.ALL error type"
        h.function("Big", input -> Json.NODES.textNode("x".repeat(300_000)));
        String definition = """
            {"StartAt":"T","States":{"T":{"Type":"Task","Resource":"%s","Catch":[{"ErrorEquals":["States.ALL"],"Next":"C"}],"End":true},
              "C":{"Type":"Succeed"}}}""".formatted(Harness.fn("Big"));

        ExecutionDescription d = h.run(definition, "{}");

        assertThat(d.error()).isEqualTo("States.DataLimitExceeded");
    }

    @Test
    void shouldReportFailStateErrorAndCauseFromPaths() {
        // AWS developer guide, Fail state: ErrorPath / CausePath (reference path or intrinsic function)
        String definition = """
            {"StartAt":"F","States":{"F":{"Type":"Fail","ErrorPath":"$.code","CausePath":"States.Format('bad {}', $.n)"}}}""";

        ExecutionDescription d = h.run(definition, "{\"code\":\"E42\",\"n\":3}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(d.error()).isEqualTo("E42");
        assertThat(d.cause()).isEqualTo("bad 3");
    }
}
