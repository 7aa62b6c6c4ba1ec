package io.channelpilot.refusal;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.TestSpecs;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.store.RefusalCondition;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Refusal conditions follow the latest plan: True while refused, False (Resolved, expiring) once fixed (issue 15). */
class RefusalRecorderTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final RefusalRecorder recorder = new RefusalRecorder(store, clock);

    static Refusal topic(String topic) {
        return new Refusal(NotificationKind.TAG_CONTRACT_ERROR, TestSpecs.CLUSTER_ARN, topic, "", "team", "refused",
                List.of(new Refusal.Problem("RULE_CONFLICT", "channel-pilot/a | channel-pilot/b", "freshness", "m", "fix it")), "e1");
    }

    @Test
    void shouldRecordAStandingRefusalOnceAndKeepItsFirstSeenTime() {
        recorder.record(TestSpecs.CLUSTER_ARN, List.of(topic("payments")), PlanScope.all());
        Instant since = clock.instant();
        clock.advance(Duration.ofMinutes(15));
        recorder.record(TestSpecs.CLUSTER_ARN, List.of(topic("payments")), PlanScope.all());

        RefusalCondition c = store.refusals(TestSpecs.CLUSTER_ARN).get(0);
        assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
        assertThat(c.reason()).isEqualTo("RULE_CONFLICT");
        assertThat(c.tags()).containsExactly("channel-pilot/a", "channel-pilot/b");
        assertThat(c.since()).isEqualTo(since);
        assertThat(c.updatedAt()).isEqualTo(since); // nothing it says changed: not rewritten
        assertThat(c.expiresAt()).isNull();
    }

    @Test
    void shouldResolveOnlyWhatThePlanLookedAtWhenARefusalIsGone() {
        recorder.record(TestSpecs.CLUSTER_ARN, List.of(topic("payments"), topic("refunds")), PlanScope.all());
        clock.advance(Duration.ofMinutes(1));

        recorder.record(TestSpecs.CLUSTER_ARN, List.of(), new PlanScope.Topics(Set.of("payments")));

        List<RefusalCondition> all = store.refusals(TestSpecs.CLUSTER_ARN);
        assertThat(all).extracting(RefusalCondition::subject, RefusalCondition::status, RefusalCondition::reason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("topic/payments", ConditionStatus.FALSE, "Resolved"),
                org.assertj.core.groups.Tuple.tuple("topic/refunds", ConditionStatus.TRUE, "RULE_CONFLICT"));
        assertThat(all.get(0).expiresAt()).isEqualTo(clock.instant().plus(RefusalRecorder.RESOLVED_TTL));
    }

    @Test
    void shouldKeepAOneOffRefusalUntilItExpiresWhateverLaterPlansSay() {
        Refusal rejected = new Refusal(NotificationKind.TAG_KEY_HINT, TestSpecs.CLUSTER_ARN, "", "", "", "MSK rejected it",
                List.of(new Refusal.Problem("TAG_KEY_LOOKALIKE", "channel-pilot:orders", "", "m", "rename")), "evt-9", true);
        recorder.recordOneOff(rejected);

        recorder.record(TestSpecs.CLUSTER_ARN, List.of(), PlanScope.all());

        RefusalCondition c = store.refusals(TestSpecs.CLUSTER_ARN).get(0);
        assertThat(c.subject()).isEqualTo("tag/channel-pilot:orders");
        assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
        assertThat(c.expiresAt()).isEqualTo(clock.instant().plus(RefusalRecorder.TRIGGER_TTL));
    }
}
