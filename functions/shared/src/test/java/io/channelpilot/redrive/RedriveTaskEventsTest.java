package io.channelpilot.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One Redrive Task State Change per state a task reaches, in order, from whichever step sees it first (issue 15). */
class RedriveTaskEventsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

    private final InMemoryStatusStore claims = new InMemoryStatusStore(VirtualClock.startingAt(T0));
    private final List<JsonNode> put = new ArrayList<>();
    private boolean fail;
    private final RedriveTaskEvents events = new RedriveTaskEvents((type, detail, resources) -> {
        if (fail) {
            throw new IllegalStateException("EventBridge unavailable");
        }
        try {
            put.add(JSON.readTree(detail));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return "e";
    }, claims);

    static RedriveTask task(TaskState state, Instant started, String reason) {
        RedriveRequest request = new RedriveRequest(TestSpecs.CLUSTER_ARN, "orders-1", null, null, List.of(), List.of(), 0, 0, 0,
                RunMode.LIVE, "cli");
        return new RedriveTask("redrive-1", request, "orders", "dlq", "p/", "reg/orders", "ts", "", state, RedriveCounters.ZERO, reason,
                "arn:aws:states:us-east-1:123456789012:execution:redrive-dlq:redrive-1", T0, started,
                state.isActive() ? null : T0.plusSeconds(60));
    }

    private List<String> transitions() {
        return put.stream().map(d -> d.path("from").asText() + "->" + d.path("to").asText()).toList();
    }

    @Test
    void shouldPublishEveryStateOnceAndInOrderWhateverStepReportsIt() {
        events.publish(task(TaskState.PENDING, null, ""));          // start
        events.publish(task(TaskState.RUNNING, T0, ""));            // Prepare
        events.publish(task(TaskState.RUNNING, T0, ""));            // a retried Prepare
        events.publish(task(TaskState.SUCCEEDED, T0, ""));          // Summarise
        events.publish(task(TaskState.SUCCEEDED, T0, ""));          // a retried Summarise

        assertThat(transitions()).containsExactly("NONE->PENDING", "PENDING->RUNNING", "RUNNING->SUCCEEDED");
        assertThat(put.get(2).path("counters").isObject()).isTrue();
    }

    @Test
    void shouldCatchUpOnEveryMissedStateAndCarryTheFailureCode() {
        events.publish(task(TaskState.FAILED, T0, "WORKER_FAILED: States.TaskFailed"));

        assertThat(transitions()).containsExactly("NONE->PENDING", "PENDING->RUNNING", "RUNNING->FAILED");
        assertThat(put.get(2).path("codes")).extracting(JsonNode::asText).containsExactly("WORKER_FAILED");
        assertThat(put.get(2).path("reason").asText()).isEqualTo("WORKER_FAILED: States.TaskFailed");
    }

    @Test
    void shouldRetryAFailedPutOnTheNextCallAndSkipRunningForATaskCancelledBeforeItRan() {
        fail = true;
        events.publish(task(TaskState.PENDING, null, ""));
        fail = false;
        events.publish(task(TaskState.CANCELLED, null, "CANCELLED: cancelled by operator"));

        assertThat(transitions()).containsExactly("NONE->PENDING", "PENDING->CANCELLED");
    }
}
