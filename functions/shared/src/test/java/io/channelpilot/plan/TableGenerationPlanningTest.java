package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.MANAGED_BY;
import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static io.channelpilot.plan.PlanFixtures.ours;
import static io.channelpilot.plan.PlanFixtures.rules;
import static io.channelpilot.plan.PlanFixtures.spec;
import static io.channelpilot.plan.PlanFixtures.state;
import static io.channelpilot.plan.PlanFixtures.summary;
import static io.channelpilot.plan.PlanFixtures.topics;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.S3TablesNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Issue 7: a desired channel whose table already exists moves to the next table generation, exactly once. */
class TableGenerationPlanningTest {

    private static final ChannelSpec ORDERS = spec("orders", ORDERS_RULE);
    private static final String BUCKET = ORDERS.infrastructure().tableBucketArn();

    private static ExistingTables existing(String... tables) {
        Set<String> keys = new java.util.HashSet<>();
        for (String t : tables) {
            keys.add(ExistingTables.key(BUCKET, "sales", t));
        }
        return ExistingTables.of(keys);
    }

    private static PlanOutcome plan(List<ObservedChannel> channels, ExistingTables tables) {
        return PlanFixtures.plan(state(rules("orders", ORDERS_RULE), topics("orders"), channels).withTables(tables));
    }

    @Test
    void shouldCreateOnTheRulesTableWhenItDoesNotExist() {
        PlanOutcome outcome = plan(List.of(), existing());

        assertThat(summary(outcome)).containsExactly("CREATE/CHANNEL_MISSING");
        assertThat(outcome.intents().get(0).desired().table()).isEqualTo("orders");
        assertThat(outcome.intents().get(0).channelName()).isEqualTo(ORDERS.channelName());
    }

    @Test
    void shouldMoveToTheSecondGenerationAndStateTheSplitWhenTheTableExists() {
        PlanOutcome outcome = plan(List.of(), existing("orders"));

        assertThat(summary(outcome)).containsExactly("CREATE/NEW_TABLE_GENERATION");
        Intent i = outcome.intents().get(0);
        assertThat(i.desired().table()).isEqualTo("orders_v2");
        assertThat(i.channelName()).isEqualTo(ChannelNames.of("orders", "sales", "orders_v2")).isNotEqualTo(ORDERS.channelName());
        assertThat(i.fingerprint()).isEqualTo(i.desired().fingerprint());
        assertThat(i.tableKey()).isEqualTo("sales.orders");
        assertThat(i.channelTags()).containsEntry(OwnershipTags.TABLE_KEY, "sales.orders")
                .containsEntry(OwnershipTags.FINGERPRINT, i.desired().fingerprint());
        assertThat(i.desired().infrastructure().logGroup()).isNotEqualTo(ORDERS.infrastructure().logGroup());
        assertThat(i.message()).contains("sales.orders already exists").contains("NEW table sales.orders_v2")
                .contains("keeps every row").contains("starts empty").contains("nothing is backfilled")
                .contains("SELECT * FROM sales.orders UNION ALL SELECT * FROM sales.orders_v2");
        assertThat(TableGenerations.split(i)).hasValueSatisfying(s -> {
            assertThat(s.oldTables()).containsExactly("sales.orders");
            assertThat(s.newTable()).isEqualTo("sales.orders_v2");
            assertThat(s.sentence()).contains("kept with its rows").contains("starts empty").contains("no backfill");
        });
    }

    @Test
    void shouldMoveToTheFirstFreeGenerationWhenSeveralExist() {
        PlanOutcome outcome = plan(List.of(), existing("orders", "orders_v2"));

        Intent i = outcome.intents().get(0);
        assertThat(i.reason()).isEqualTo("NEW_TABLE_GENERATION");
        assertThat(i.desired().table()).isEqualTo("orders_v3");
        assertThat(TableGenerations.split(i).orElseThrow().oldTables()).containsExactly("sales.orders", "sales.orders_v2");
        assertThat(i.message()).contains("tables sales.orders, sales.orders_v2 already exist");
    }

    @Test
    void shouldPlanTheSameChannelForDuplicateTriggers() {
        // given the same state planned twice (CloudTrail + aws.tag, or two sweeps of the same slot)
        Intent first = plan(List.of(), existing("orders")).intents().get(0);
        Intent second = plan(List.of(), existing("orders")).intents().get(0);

        assertThat(second.channelName()).isEqualTo(first.channelName());
        assertThat(second.fingerprint()).isEqualTo(first.fingerprint());
        assertThat(second.desired()).isEqualTo(first.desired());
    }

    @Test
    void shouldPlanTheMovedChannelInSyncSoTheNextSweepCreatesNoThirdTable() {
        // given the channel recreated on orders_v2, which has delivered too
        ChannelSpec moved = TableGenerations.at(ORDERS, 2, PlanFixtures.stack());
        ObservedChannel channel = PlanFixtures.channel(moved, "ACTIVE", 600, OwnershipTags.of(moved, MANAGED_BY, "sales.orders"));
        List<String> asked = new ArrayList<>();
        ExistingTables recording = (b, n, t) -> {
            asked.add(t);
            return Optional.of(true);
        };

        PlanOutcome outcome = plan(List.of(channel), recording);

        assertThat(summary(outcome)).containsExactly("NOOP/IN_SYNC");
        assertThat(outcome.intents().get(0).channelName()).isEqualTo(moved.channelName());
        assertThat(asked).as("a served table key needs no table lookup").isEmpty();
    }

    @Test
    void shouldAskForApprovalWhenASettingOfTheMovedChannelChanged() {
        ChannelSpec moved = TableGenerations.at(ORDERS, 2, PlanFixtures.stack());
        ObservedChannel channel = PlanFixtures.channel(moved, "ACTIVE", 600, OwnershipTags.of(moved, MANAGED_BY, "sales.orders"));

        PlanOutcome outcome = PlanFixtures.plan(state(rules("orders", ORDERS_RULE.replace("event_time", "created_at")),
                topics("orders"), List.of(channel)).withTables(existing("orders", "orders_v2")));

        assertThat(summary(outcome)).containsExactly("REPLACE_NEEDS_APPROVAL/FINGERPRINT_CHANGED");
    }

    @Test
    void shouldKeepTheRulesTableWhenTheLookupCannotAnswer() {
        PlanOutcome outcome = plan(List.of(), ExistingTables.UNKNOWN);

        assertThat(summary(outcome)).containsExactly("CREATE/CHANNEL_MISSING");
        assertThat(outcome.intents().get(0).desired().table()).isEqualTo("orders");
    }

    @Test
    void shouldNameGenerationsDeterministicallyAndRecogniseOnlyThem() {
        assertThat(TableGenerations.name("orders", 1)).isEqualTo("orders");
        assertThat(TableGenerations.name("orders", 2)).isEqualTo("orders_v2");
        assertThat(TableGenerations.generationOf("orders", "orders_v12")).hasValue(12);
        assertThat(TableGenerations.generationOf("orders", "orders")).hasValue(1);
        assertThat(TableGenerations.generationOf("orders", "orders_v02")).isEmpty();
        assertThat(TableGenerations.generationOf("orders", "orders_v1")).isEmpty();
        assertThat(TableGenerations.generationOf("orders", "orders_v2x")).isEmpty();
        assertThat(TableGenerations.generationOf("orders", "refunds_v2")).isEmpty();
        String longest = "t".repeat(S3TablesNames.MAX_LENGTH);
        assertThat(TableGenerations.name(longest, 7)).hasSize(S3TablesNames.MAX_LENGTH).endsWith("_v7")
                .satisfies(n -> assertThat(S3TablesNames.isValidTable(n)).isTrue());
        assertThat(TableGenerations.generationOf(longest, TableGenerations.name(longest, 7))).hasValue(7);
    }
}
