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
import io.channelpilot.model.NameScope;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: a rule naming a table another channel owns is planned with that owner attached (validation refuses it,
 * TABLE_CLAIMED) instead of quietly moving to a new table generation; and a channel created before account-wide
 * names carried the cluster is adopted under its old names, never replaced or duplicated.
 */
class TenancyPlanningTest {

    private static final ChannelSpec ORDERS = spec("orders", ORDERS_RULE);
    private static final String BUCKET = ORDERS.infrastructure().tableBucketArn();
    private static final String OTHER_CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/billing/0a1b2c3d-0000-4000-8000-000000000002-1";

    private static TableClaims heldBy(String clusterArn, String channel, String table) {
        return (bucket, namespace, t) -> bucket.equals(BUCKET) && namespace.equals("sales") && t.equals(table)
                ? Optional.of(new TableClaim(bucket, namespace, t, clusterArn, channel, "orders")) : Optional.empty();
    }

    @Test
    void shouldPlanTheRulesTableWithItsForeignOwnerWhenAnotherClusterClaimedIt() {
        // GIVEN another cluster's channel claimed sales.orders and the table already exists (it delivered)
        ClusterState state = state(rules("orders", ORDERS_RULE), topics("orders"), List.of())
                .withTables(ExistingTables.of(Set.of(ExistingTables.key(BUCKET, "sales", "orders"))))
                .withClaims(heldBy(OTHER_CLUSTER, ORDERS.channelName(), "orders"));

        // WHEN planned
        PlanOutcome outcome = PlanFixtures.plan(state);

        // THEN no move to orders_v2 behind the owner's back: CREATE on the rule's table, carrying the owner
        assertThat(summary(outcome)).containsExactly("CREATE/CHANNEL_MISSING");
        Intent i = outcome.intents().get(0);
        assertThat(i.desired().table()).isEqualTo("orders");
        assertThat(i.tableOwner()).isNotNull();
        assertThat(i.tableOwner().clusterArn()).isEqualTo(OTHER_CLUSTER);
    }

    @Test
    void shouldIgnoreItsOwnClaimAndMoveToTheNextGenerationAsBefore() {
        // GIVEN our own (deleted out of band) channel still holds sales.orders
        ClusterState state = state(rules("orders", ORDERS_RULE), topics("orders"), List.of())
                .withTables(ExistingTables.of(Set.of(ExistingTables.key(BUCKET, "sales", "orders"))))
                .withClaims(heldBy(PlanFixtures.CLUSTER, ORDERS.channelName(), "orders"));

        PlanOutcome outcome = PlanFixtures.plan(state);

        assertThat(summary(outcome)).containsExactly("CREATE/NEW_TABLE_GENERATION");
        assertThat(outcome.intents().get(0).desired().table()).isEqualTo("orders_v2");
        assertThat(outcome.intents().get(0).tableOwner()).isNull();
    }

    @Test
    void shouldAdoptAChannelCreatedUnderTheChannelOnlyNamesAsInSyncKeepingItsNames() {
        // GIVEN a channel of ours created before the names carried the cluster: its fingerprint is of the old names
        ChannelSpec old = ORDERS.withNames(PlanFixtures.stack(), NameScope.CHANNEL);
        assertThat(old.fingerprint()).isNotEqualTo(ORDERS.fingerprint());
        ClusterState state = state(rules("orders", ORDERS_RULE), topics("orders"), List.of(ours(old, "ACTIVE", 600)));

        // WHEN planned
        PlanOutcome outcome = PlanFixtures.plan(state);

        // THEN in sync under its own names: no replacement, no second channel, the old log group and DLQ prefix kept
        assertThat(summary(outcome)).containsExactly("NOOP/IN_SYNC");
        ChannelSpec desired = outcome.intents().get(0).desired();
        assertThat(desired.infrastructure().names()).isEqualTo(NameScope.CHANNEL);
        assertThat(desired.infrastructure().logGroup()).isEqualTo(old.infrastructure().logGroup());
        assertThat(desired.infrastructure().dlqPrefix()).isEqualTo(old.infrastructure().dlqPrefix());
        assertThat(desired.fingerprint()).isEqualTo(old.fingerprint());
    }

    @Test
    void shouldGiveNewChannelsClusterScopedNames() {
        assertThat(ORDERS.infrastructure().names()).isEqualTo(NameScope.CLUSTER);
        assertThat(ORDERS.infrastructure().logGroup()).endsWith("/demo/" + ORDERS.channelName());
        assertThat(ORDERS.infrastructure().dlqPrefix()).endsWith("/demo/" + ORDERS.channelName() + "/");
    }
}
