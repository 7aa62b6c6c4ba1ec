package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static io.channelpilot.plan.PlanFixtures.ours;
import static io.channelpilot.plan.PlanFixtures.rules;
import static io.channelpilot.plan.PlanFixtures.spec;
import static io.channelpilot.plan.PlanFixtures.state;
import static io.channelpilot.plan.PlanFixtures.summary;
import static io.channelpilot.plan.PlanFixtures.topics;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 16.1 (docs/developer-guide.md#crash-points): a channel of ours whose provisioning never finished — the function died after
 * CreateChannel, before its alarms, grants and status write — is planned CREATE again, so provisioning adopts it and
 * completes the rest; without the status store's word it stays IN_SYNC as before.
 */
class IncompleteProvisioningPlanningTest {

    private static final ChannelSpec ORDERS = spec("orders", ORDERS_RULE);

    @Test
    void shouldCreateAgainWhenTheStatusStoreSaysProvisioningNeverFinished() {
        ObservedChannel creating = ours(ORDERS, "CREATING", 600);

        PlanOutcome outcome = PlanFixtures.plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of(creating))
                .withIncomplete(Set.of(ORDERS.channelName())));

        assertThat(summary(outcome)).containsExactly("CREATE/PROVISIONING_INCOMPLETE");
        Intent i = outcome.intents().get(0);
        assertThat(i.needsWork()).isTrue();
        assertThat(i.channelName()).isEqualTo(ORDERS.channelName());
        assertThat(i.desired()).isEqualTo(ORDERS);
        assertThat(i.message()).contains("no finished provisioning").contains("adopted");
    }

    @Test
    void shouldStayInSyncWhenNothingIsKnownToBeIncomplete() {
        PlanOutcome outcome = PlanFixtures.plan(state(rules("orders", ORDERS_RULE), topics("orders"),
                List.of(ours(ORDERS, "ACTIVE", 600))));

        assertThat(summary(outcome)).containsExactly("NOOP/IN_SYNC");
    }
}
