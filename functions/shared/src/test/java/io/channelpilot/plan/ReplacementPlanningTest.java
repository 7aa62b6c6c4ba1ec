package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static io.channelpilot.plan.PlanFixtures.ours;
import static io.channelpilot.plan.PlanFixtures.plan;
import static io.channelpilot.plan.PlanFixtures.rules;
import static io.channelpilot.plan.PlanFixtures.spec;
import static io.channelpilot.plan.PlanFixtures.state;
import static io.channelpilot.plan.PlanFixtures.summary;
import static io.channelpilot.plan.PlanFixtures.topics;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Fingerprint;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.S3TablesNames;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DESIGN §5 replacement guard: approval, the new physical table, and finishing the pair. */
class ReplacementPlanningTest {

    private static final ChannelSpec OLD = spec("orders", ORDERS_RULE);
    private static final String NEW_RULE = ORDERS_RULE.replace("event_time", "created_at");
    private static final ChannelSpec NEW_LOGICAL = spec("orders", NEW_RULE);
    private static final ChannelSpec NEW_PHYSICAL = ReplacementSpecs.replacement(NEW_LOGICAL, PlanFixtures.stack());

    @Test
    void shouldAskForApprovalNamingFingerprintAndTableSplitWhenNonUpdatableFieldChanges() {
        // given the live channel was created for event_time; the rule now says created_at
        Intent intent = plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(ours(OLD, "ACTIVE", 600)))).intents().get(0);

        // then
        assertThat(intent.plan()).isEqualTo(Plan.REPLACE_NEEDS_APPROVAL);
        assertThat(intent.approved()).isFalse();
        assertThat(intent.replaces()).isNull();
        assertThat(intent.existing().channelName()).isEqualTo(OLD.channelName());
        assertThat(intent.fingerprint()).isEqualTo(NEW_PHYSICAL.fingerprint());
        assertThat(intent.message()).contains("approve=" + Fingerprint.approvalPrefix(intent.fingerprint()))
                .contains("NEW table sales." + NEW_PHYSICAL.table()).contains("not backfilled");
    }

    @Test
    void shouldWriteToNewPhysicalTableAndKeepLogicalKeyWhenReplacing() {
        Intent intent = plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(ours(OLD, "ACTIVE", 600)))).intents().get(0);

        assertThat(intent.desired().table()).isEqualTo("orders_" + NEW_LOGICAL.fingerprint().substring(0, 8));
        assertThat(intent.channelName()).isEqualTo(NEW_PHYSICAL.channelName()).isNotEqualTo(OLD.channelName());
        assertThat(intent.desired().infrastructure().logGroup()).endsWith(NEW_PHYSICAL.channelName());
        assertThat(intent.tableKey()).isEqualTo("sales.orders");
        assertThat(intent.channelTags()).containsEntry(OwnershipTags.TABLE_KEY, "sales.orders")
                .containsEntry(OwnershipTags.FINGERPRINT, NEW_PHYSICAL.fingerprint());
    }

    @Test
    void shouldApproveAndNameOldChannelWhenApproveMatchesNewFingerprintPrefix() {
        String approve = " approve=" + NEW_PHYSICAL.fingerprint().substring(0, 8);

        Intent intent = plan(state(rules("orders", NEW_RULE + approve), topics("orders"), List.of(ours(OLD, "ACTIVE", 600))))
                .intents().get(0);

        assertThat(intent.reason()).isEqualTo(PlanReason.REPLACEMENT_APPROVED.name());
        assertThat(intent.approved()).isTrue();
        assertThat(intent.replaces().channelName()).isEqualTo(OLD.channelName());
    }

    @Test
    void shouldNotApproveWhenApproveMatchesAnotherFingerprint() {
        Intent intent = plan(state(rules("orders", NEW_RULE + " approve=" + OLD.fingerprint().substring(0, 8)), topics("orders"),
                List.of(ours(OLD, "ACTIVE", 600)))).intents().get(0);

        assertThat(intent.reason()).isEqualTo(PlanReason.FINGERPRINT_CHANGED.name());
        assertThat(intent.approved()).isFalse();
    }

    @Test
    void shouldWaitWhileReplacementIsCreatingAndDeleteOldOnceItIsActive() {
        ObservedChannel oldLive = ours(OLD, "ACTIVE", 600);
        ObservedChannel creating = PlanFixtures.channel(NEW_PHYSICAL, "CREATING", 600,
                OwnershipTags.of(NEW_PHYSICAL, PlanFixtures.MANAGED_BY, "sales.orders"));
        ObservedChannel active = PlanFixtures.channel(NEW_PHYSICAL, "ACTIVE", 600,
                OwnershipTags.of(NEW_PHYSICAL, PlanFixtures.MANAGED_BY, "sales.orders"));

        PlanOutcome during = plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(oldLive, creating)));
        PlanOutcome after = plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(oldLive, active)));

        assertThat(summary(during)).containsExactly("NOOP/IN_SYNC", "NOOP/REPLACEMENT_IN_PROGRESS");
        assertThat(summary(after)).containsExactly("NOOP/IN_SYNC", "DELETE/SUPERSEDED");
        assertThat(after.intents().get(1).channelName()).isEqualTo(OLD.channelName());
        assertThat(after.intents().get(0).desired().table()).isEqualTo(NEW_PHYSICAL.table());
    }

    @Test
    void shouldNotDeleteTheOldChannelAgainWhenItIsAlreadyDeleting() {
        // given the approved replacement is ACTIVE and DeleteReplaced has already started deleting the old channel
        ObservedChannel deleting = ours(OLD, "DELETING", 600);
        ObservedChannel active = PlanFixtures.channel(NEW_PHYSICAL, "ACTIVE", 600,
                OwnershipTags.of(NEW_PHYSICAL, PlanFixtures.MANAGED_BY, "sales.orders"));

        // when a duplicate trigger (the aws.tag twin of the approving TagResource) plans the topic again
        PlanOutcome again = plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(deleting, active)));

        // then nothing is deleted twice
        assertThat(summary(again)).containsExactly("NOOP/IN_SYNC", "NOOP/CHANNEL_DELETING");
        assertThat(again.intents().get(1).channelName()).isEqualTo(OLD.channelName());
    }

    @Test
    void shouldStayInSyncWhenReplacementWasTaggedWithItsPhysicalTableKey() {
        // given Provision tagged the replacement from its physical spec (table-key sales.orders_<fp8>), and the old one is gone
        ObservedChannel replacement = ours(NEW_PHYSICAL, "ACTIVE", 600);

        assertThat(summary(plan(state(rules("orders", NEW_RULE), topics("orders"), List.of(replacement))))).containsExactly("NOOP/IN_SYNC");
    }

    @Test
    void shouldReplaceIntoTheNamedTableWhenRuleRenamesTable() {
        ChannelSpec renamed = spec("orders", ORDERS_RULE + " table=orders_v2");

        Intent intent = plan(state(rules("orders", ORDERS_RULE + " table=orders_v2"), topics("orders"),
                List.of(ours(OLD, "ACTIVE", 600)))).intents().get(0);

        assertThat(intent.desired().table()).isEqualTo("orders_v2");
        assertThat(intent.fingerprint()).isEqualTo(renamed.fingerprint());
        assertThat(intent.existing().channelName()).isEqualTo(OLD.channelName());
        assertThat(intent.message()).contains("from sales.orders to sales.orders_v2");
    }

    @Test
    void shouldKeepPhysicalTableValidWhenLogicalTableIsAtTheLengthLimit() {
        String longTable = "t".repeat(255);

        String physical = ReplacementSpecs.physicalTable(longTable, "abcdef0123456789");

        assertThat(physical).hasSize(255).endsWith("_abcdef01");
        assertThat(S3TablesNames.isValidTable(physical)).isTrue();
    }
}
