package io.channelpilot.tests.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.HistoryEvent;
import io.channelpilot.tests.provision.ProvisioningWorld.Mark;
import io.channelpilot.tests.provision.ProvisioningWorld.Note;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.kafka.model.ChannelStatus;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * Issue 5 "Done means", when the channel does not reach ACTIVE: FAILED with stateInfo (a world timing override scripts
 * the failure for channels named {@code failing-*}), and stuck in CREATING ({@code stuck-*} never leaves it) until
 * the poll's Retry is exhausted on the virtual clock. Also the provisioning cost of one create with a 2-minute
 * CREATING ({@code slow2m-*}), measured from the runner's history (docs/BENCHMARKS.md). Cluster {@code it-ops}: its
 * rules are seeded in the world file and each test starts a manual request for its own topic, so no test re-plans
 * another's topic.
 */
@ExtendWith(SharedProvisioningWorld.class)
class ProvisionFailureTest {

    static final String CLUSTER = "it-ops";

    private static ProvisioningWorld pw;

    @BeforeAll
    static void world(ProvisioningWorld shared) {
        pw = shared;
    }

    @Test
    void shouldNotifyTheStateInfoWhenTheChannelFails() {
        Mark mark = pw.mark();

        ExecutionDescription run = pw.startManual(CLUSTER, "failing-orders", "it-failing-orders");

        // THEN the channel is FAILED with the stateInfo the world scripted
        DescribeChannelResponse channel = pw.channels(CLUSTER, "failing-orders").get(0);
        assertThat(channel.status()).isEqualTo(ChannelStatus.FAILED);
        assertThat(channel.stateInfo().code()).isEqualTo("InsufficientPermissions");
        // AND the terminal error was caught and notified, never retried: no retry after the FAILED read
        assertThat(run.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(run.statesVisited()).containsSubsequence("Provision", "PollUntilActive", "NotifyOutcome");
        assertThat(errorsCaught(run)).containsExactly("io.channelpilot.workflow.ChannelFailed");
        assertThat(retriesOf(run, "io.channelpilot.workflow.ChannelFailed")).isZero();
        assertThat(pw.countSince(mark, "kafka:CreateChannel")).isEqualTo(1);
        List<Note> notes = pw.notificationsSince(mark, "failing-orders");
        assertThat(notes).extracting(Note::kind).containsExactly("CHANNEL_FAILED");
        Note failed = notes.get(0);
        assertThat(failed.severity()).isEqualTo("CRITICAL");
        assertThat(failed.fact("status")).isEqualTo("FAILED");
        assertThat(failed.fact("stateCode")).isEqualTo("InsufficientPermissions");
        assertThat(failed.fact("stateMessage")).contains("s3tables:PutTableData");
        assertThat(failed.fact("channelArn")).isEqualTo(channel.channelArn());
        assertThat(failed.actionCommands()).anySatisfy(c -> assertThat(c).startsWith("aws logs tail")
                .contains(channel.channelName()));
    }

    @Test
    void shouldNotifyATimeoutWhenTheChannelStaysCreating() {
        Mark mark = pw.mark();

        ExecutionDescription run = pw.startManual(CLUSTER, "stuck-orders", "it-stuck-orders");

        // THEN the channel is still CREATING, the poll's Retry ran out (30 retries on the virtual clock) and was caught
        DescribeChannelResponse channel = pw.channels(CLUSTER, "stuck-orders").get(0);
        assertThat(channel.status()).isEqualTo(ChannelStatus.CREATING);
        assertThat(run.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(retriesOf(run, "io.channelpilot.workflow.ChannelNotReady")).isEqualTo(30);
        assertThat(errorsCaught(run)).containsExactly("io.channelpilot.workflow.ChannelNotReady");
        assertThat(pw.countSince(mark, "kafka:CreateChannel")).isEqualTo(1);
        List<Note> notes = pw.notificationsSince(mark, "stuck-orders");
        assertThat(notes).extracting(Note::kind).containsExactly("CHANNEL_TIMEOUT");
        Note timeout = notes.get(0);
        assertThat(timeout.severity()).isEqualTo("CRITICAL");
        assertThat(timeout.fact("lastStatus")).isEqualTo("CREATING");
        assertThat(timeout.fact("clusterOperationArn")).isEqualTo(channel.clusterOperationArn()).isNotBlank();
        assertThat(timeout.actionCommands()).anySatisfy(c -> assertThat(c).startsWith("aws kafka describe-channel"))
                .anySatisfy(c -> assertThat(c).contains("describe-cluster-operation-v2"));
    }

    /**
     * Provisioning cost of one create whose channel stays CREATING for 2 minutes (DESIGN §10 budgets ≤ 15 state
     * transitions). Asserts nothing about time: it records transitions and Lambda invocations from the runner's
     * history for docs/BENCHMARKS.md and checks that the two counts agree with the history they come from.
     */
    @Test
    void shouldMeasureTransitionsAndInvocationsForOneCreateWithATwoMinuteCreating() {
        Mark mark = pw.mark();

        ExecutionDescription run = pw.startManual(CLUSTER, "slow2m-orders", "it-cost-slow2m");

        assertThat(run.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(pw.notificationsSince(mark, "slow2m-orders")).extracting(Note::kind).containsExactly("CHANNEL_ACTIVE");
        Map<String, Long> invocations = new TreeMap<>();
        run.events().stream().filter(e -> e.type().equals("TaskScheduled"))
                .forEach(e -> invocations.merge(e.stateName(), 1L, Long::sum));
        long lambdaInvocations = invocations.values().stream().mapToLong(Long::longValue).sum();
        long entered = run.events().stream().filter(e -> e.type().equals("StateEntered")).count();
        long retries = run.events().stream().filter(e -> e.type().equals("RetryScheduled")).count();
        // Standard-workflow billing as the runner counts it: one per state entered, one per retry attempt
        assertThat(run.transitions()).isEqualTo(entered + retries);
        assertThat(invocations).containsKeys("ResolveIntents", "Validate", "Provision", "PollUntilActive", "NotifyOutcome");
        assertThat(invocations.get("PollUntilActive")).isEqualTo(1 + retriesOf(run, "io.channelpilot.workflow.ChannelNotReady"));
        System.out.printf("PROVISIONING COST (2-minute CREATING): state transitions=%d, Lambda invocations=%d %s,"
                        + " ChannelNotReady retries=%d, virtual duration=%s%n", run.transitions(), lambdaInvocations,
                invocations, retriesOf(run, "io.channelpilot.workflow.ChannelNotReady"),
                java.time.Duration.between(run.startDate(), run.stopDate()));
    }

    static List<String> errorsCaught(ExecutionDescription run) {
        return run.events().stream().filter(e -> e.type().equals("ErrorCaught"))
                .map(e -> e.details().path("Error").asText()).toList();
    }

    /** Retry attempts scheduled for {@code error}: each RetryScheduled follows the TaskFailed it retries. */
    static long retriesOf(ExecutionDescription run, String error) {
        long retries = 0;
        String lastError = null;
        for (HistoryEvent e : run.events()) {
            if (e.type().equals("TaskFailed") || e.type().equals("StateFailed")) {
                lastError = e.details().path("Error").asText();
            } else if (e.type().equals("RetryScheduled") && error.equals(lastError)) {
                retries++;
            }
        }
        return retries;
    }
}
