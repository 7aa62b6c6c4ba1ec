package io.channelpilot.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.InMemoryStatusStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RedriveServiceTest {

    final Clock clock = Clock.fixed(Instant.parse("2026-05-01T10:00:00Z"), ZoneOffset.UTC);
    final InMemoryStatusStore status = new InMemoryStatusStore(clock);
    final InMemoryRedriveTaskStore tasks = new InMemoryRedriveTaskStore();
    final List<String> started = new ArrayList<>();
    final List<String> stopped = new ArrayList<>();
    final AtomicInteger ids = new AtomicInteger();
    boolean sfnDown;
    final ChannelSpec spec = TestSpecs.orders();
    final ChannelKey key = new ChannelKey(spec.clusterArn(), spec.channelName());

    final RedriveService service = new RedriveService(status, tasks, new ExecutionStarter() {
        @Override
        public String start(String name, String inputJson) {
            if (sfnDown) {
                throw new IllegalStateException("StartExecution refused");
            }
            started.add(name + " " + inputJson);
            return "arn:aws:states:us-east-1:123456789012:execution:redrive-dlq:" + name;
        }

        @Override
        public void stop(String executionArn, String cause) {
            stopped.add(executionArn);
        }
    }, clock, () -> "task-" + ids.incrementAndGet());

    void givenManagedChannel() throws Exception {
        String json = new ObjectMapper().writeValueAsString(spec);
        status.update(key, spec.topic(), s -> s.withDesired(json, spec.fingerprint()));
    }

    @Test
    void shouldStoreTheTaskTakeTheLockAndStartTheExecutionWhenStarted() throws Exception {
        givenManagedChannel();

        RedriveOutcome outcome = service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName()));

        RedriveTask task = ((RedriveOutcome.Done) outcome).task();
        assertThat(task.taskId()).isEqualTo("task-1");
        assertThat(task.state()).isEqualTo(TaskState.PENDING);
        assertThat(task.topic()).isEqualTo(spec.topic());
        assertThat(task.dlqPrefix()).isEqualTo(spec.infrastructure().dlqPrefix());
        assertThat(task.dlqBucket()).isEqualTo("channel-dlq");
        assertThat(task.request().repairs()).as("the channel's own repair rules apply by default")
                .isEqualTo(spec.operations().repair());
        assertThat(started).containsExactly("task-1 {\"taskId\":\"task-1\"}");
        assertThat(tasks.find("task-1").orElseThrow().executionArn()).endsWith(":task-1");
    }

    @Test
    void shouldRefuseASecondTaskWhileOneIsActiveAndAllowItAfterCancel() throws Exception {
        givenManagedChannel();
        service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName()));

        RedriveOutcome second = service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName()));

        RedriveRefused refused = ((RedriveOutcome.Refused) second).refusal();
        assertThat(refused.code()).isEqualTo(RedriveCode.TASK_ALREADY_ACTIVE);
        assertThat(refused.activeTaskId()).isEqualTo("task-1");
        assertThat(refused.remediation()).contains("redrive cancel");
        assertThat(service.cancel("task-1")).isInstanceOf(RedriveOutcome.Done.class);
        assertThat(stopped).containsExactly("arn:aws:states:us-east-1:123456789012:execution:redrive-dlq:task-1");
        assertThat(service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName())))
                .isInstanceOf(RedriveOutcome.Done.class);
    }

    @Test
    void shouldRefuseWithCodesWhenTheChannelIsUnknownOrTheTaskCannotBeCancelled() throws Exception {
        assertThat(code(service.start(RedriveRequest.of(spec.clusterArn(), "nope")))).isEqualTo(RedriveCode.CHANNEL_UNKNOWN);
        status.update(key, spec.topic(), s -> s.withObserved("arn:ch", "ACTIVE"));
        assertThat(code(service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName()))))
                .isEqualTo(RedriveCode.CHANNEL_SPEC_MISSING);
        assertThat(code(service.cancel("missing"))).isEqualTo(RedriveCode.TASK_NOT_FOUND);
        assertThat(code(service.status("missing"))).isEqualTo(RedriveCode.TASK_NOT_FOUND);
    }

    @Test
    void shouldFailTheTaskAndReleaseTheLockWhenTheExecutionCannotStart() throws Exception {
        givenManagedChannel();
        sfnDown = true;

        RedriveOutcome outcome = service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName()));

        assertThat(code(outcome)).isEqualTo(RedriveCode.EXECUTION_START_FAILED);
        assertThat(tasks.find("task-1").orElseThrow().state()).isEqualTo(TaskState.FAILED);
        sfnDown = false;
        assertThat(service.start(RedriveRequest.of(spec.clusterArn(), spec.channelName())))
                .isInstanceOf(RedriveOutcome.Done.class);
        assertThat(code(service.cancel("task-1"))).isEqualTo(RedriveCode.TASK_NOT_ACTIVE);
    }

    @Test
    void shouldStartForTriageThroughTheRedriveStarterPort() throws Exception {
        givenManagedChannel();
        ServiceRedriveStarter starter = new ServiceRedriveStarter(service);
        RedriveRequest fromTriage = new RedriveRequest(spec.clusterArn(), spec.channelName(), null, null,
                List.of(DlqCause.MISSING_REQUIRED_FIELD), List.of(RepairRule.parse("default:/amount=0")), 100, 0, 0,
                RunMode.LIVE, "respond-to-alarm");

        RedriveStart first = starter.startRedrive(fromTriage);
        RedriveStart second = starter.startRedrive(fromTriage);

        assertThat(first).isInstanceOf(RedriveStart.Started.class);
        RedriveTask task = tasks.find(((RedriveStart.Started) first).taskId()).orElseThrow();
        assertThat(task.request().ratePerSecond()).isEqualTo(100);
        assertThat(task.request().causes()).containsExactly(DlqCause.MISSING_REQUIRED_FIELD);
        assertThat(((RedriveStart.Refused) second).code()).isEqualTo("TASK_ALREADY_ACTIVE");
        assertThat(((RedriveStart.Refused) second).activeTaskId()).contains(task.taskId());
    }

    @Test
    void shouldRoundTripTheRequestThroughJson() {
        RedriveRequest r = new RedriveRequest(spec.clusterArn(), spec.channelName(), Instant.parse("2026-05-01T00:00:00Z"),
                Instant.parse("2026-05-02T00:00:00Z"), List.of(DlqCause.TYPE_MISMATCH),
                List.of(RepairRule.parse("coerce:/id=integer"), RepairRule.parse("drop:/debug")), 40, 4, 3,
                RunMode.DRY_RUN, "cli");

        assertThat(RedriveJson.read(RedriveJson.write(r), RedriveRequest.class)).isEqualTo(r);
        assertThat(r.perWorkerRate()).isEqualTo(10.0);
        assertThat(r.selects(Instant.parse("2026-05-01T12:00:00Z"), DlqCause.TYPE_MISMATCH)).isTrue();
        assertThat(r.selects(Instant.parse("2026-05-02T00:00:00Z"), DlqCause.TYPE_MISMATCH)).isFalse();
        assertThat(r.selects(Instant.parse("2026-05-01T12:00:00Z"), DlqCause.MALFORMED_JSON)).isFalse();
    }

    static RedriveCode code(RedriveOutcome o) {
        return ((RedriveOutcome.Refused) o).refusal().code();
    }
}
