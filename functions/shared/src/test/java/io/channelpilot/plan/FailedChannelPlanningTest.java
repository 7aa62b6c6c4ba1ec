package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static io.channelpilot.plan.PlanFixtures.ours;
import static io.channelpilot.plan.PlanFixtures.rules;
import static io.channelpilot.plan.PlanFixtures.spec;
import static io.channelpilot.plan.PlanFixtures.state;
import static io.channelpilot.plan.PlanFixtures.summary;
import static io.channelpilot.plan.PlanFixtures.topics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.model.ChannelSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 5 follow-up: a FAILED channel with the desired fingerprint is recreated, a bounded number of times. */
class FailedChannelPlanningTest {

    private static final ChannelSpec ORDERS = spec("orders", ORDERS_RULE);
    private static final ObservedChannel FAILED = ours(ORDERS, "FAILED", 600);

    private static PlanOutcome plan(Map<String, FailureHistory> history) {
        return PlanFixtures.plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of(FAILED)).withFailures(history));
    }

    @Test
    void shouldDeleteAFailedChannelSoItIsCreatedAgainWhenNoHistoryIsRecorded() {
        PlanOutcome outcome = plan(Map.of());

        assertThat(summary(outcome)).containsExactly("DELETE/FAILED_RECREATE");
        Intent i = outcome.intents().get(0);
        assertThat(i.existing()).isEqualTo(FAILED);
        assertThat(i.channelName()).isEqualTo(ORDERS.channelName());
        assertThat(i.fingerprint()).isEqualTo(ORDERS.fingerprint());
        assertThat(i.message()).contains("FAILED").contains("recreate 1 of at most 3").contains("table is kept");
    }

    @Test
    void shouldRecreateUpToTheLimit() {
        PlanOutcome outcome = plan(Map.of(ORDERS.channelName(), new FailureHistory(3, 3)));

        assertThat(summary(outcome)).containsExactly("DELETE/FAILED_RECREATE");
        assertThat(outcome.intents().get(0).message()).contains("recreate 3 of at most 3");
    }

    @Test
    void shouldLeaveTheChannelFailedForAHumanPastTheLimit() {
        PlanOutcome outcome = plan(Map.of(ORDERS.channelName(), new FailureHistory(4, 3)));

        assertThat(summary(outcome)).containsExactly("NOOP/FAILED_RECREATE_LIMIT");
        Intent i = outcome.intents().get(0);
        assertThat(i.needsWork()).isFalse();
        assertThat(i.desired()).isEqualTo(ORDERS);
        assertThat(i.message()).contains("FAILED for the 4. time").contains("recreate limit 3").contains("fix the cause");
    }

    @Test
    void shouldNeverRecreateWhenTheLimitIsZero() {
        assertThat(summary(plan(Map.of(ORDERS.channelName(), new FailureHistory(1, 0))))).containsExactly("NOOP/FAILED_RECREATE_LIMIT");
    }

    @Test
    void shouldCreateOnTheSameTableOnceTheFailedChannelIsGoneAndNeverDelivered() {
        // given the FAILED channel was deleted; it never delivered, so its table does not exist
        PlanOutcome outcome = PlanFixtures.plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of())
                .withTables(ExistingTables.of(java.util.Set.of())));

        assertThat(summary(outcome)).containsExactly("CREATE/CHANNEL_MISSING");
        assertThat(outcome.intents().get(0).channelName()).isEqualTo(ORDERS.channelName());
    }

    @Test
    void shouldStillAskForApprovalWhenAFailedChannelHasAnotherFingerprint() {
        PlanOutcome outcome = PlanFixtures.plan(state(rules("orders", ORDERS_RULE.replace("event_time", "created_at")),
                topics("orders"), List.of(FAILED)));

        assertThat(summary(outcome)).containsExactly("REPLACE_NEEDS_APPROVAL/FINGERPRINT_CHANGED");
    }

    @Test
    void shouldRefuseANegativeHistory() {
        assertThatThrownBy(() -> new FailureHistory(-1, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
