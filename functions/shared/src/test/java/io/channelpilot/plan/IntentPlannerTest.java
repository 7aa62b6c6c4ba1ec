package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.MANAGED_BY;
import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static io.channelpilot.plan.PlanFixtures.foreign;
import static io.channelpilot.plan.PlanFixtures.ours;
import static io.channelpilot.plan.PlanFixtures.plan;
import static io.channelpilot.plan.PlanFixtures.rules;
import static io.channelpilot.plan.PlanFixtures.spec;
import static io.channelpilot.plan.PlanFixtures.state;
import static io.channelpilot.plan.PlanFixtures.summary;
import static io.channelpilot.plan.PlanFixtures.topics;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.StackSettings;
import io.channelpilot.model.TestSpecs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class IntentPlannerTest {

    private static final ChannelSpec ORDERS = spec("orders", ORDERS_RULE);

    static Stream<Arguments> cases() {
        return Stream.of(
                row("rule selects topic, no channel", () -> state(rules("orders", ORDERS_RULE), topics("orders"), List.of()),
                        "CREATE/CHANNEL_MISSING"),
                row("channel matches fingerprint and freshness", () -> state(rules("orders", ORDERS_RULE), topics("orders"),
                        List.of(ours(ORDERS, "ACTIVE", 600))), "NOOP/IN_SYNC"),
                row("only freshness differs", () -> state(rules("orders", ORDERS_RULE + " freshness=900"), topics("orders"),
                        List.of(ours(ORDERS, "ACTIVE", 600))), "UPDATE_FRESHNESS/FRESHNESS_DRIFT"),
                row("partition column changed", () -> state(rules("orders", ORDERS_RULE.replace("event_time", "created_at")),
                        topics("orders"), List.of(ours(ORDERS, "ACTIVE", 600))), "REPLACE_NEEDS_APPROVAL/FINGERPRINT_CHANGED"),
                row("table renamed by the rule", () -> state(rules("orders", ORDERS_RULE + " table=orders_v2"), topics("orders"),
                        List.of(ours(ORDERS, "ACTIVE", 600))), "REPLACE_NEEDS_APPROVAL/TABLE_CHANGED"),
                row("rule removed", () -> state(Map.of(), topics("orders"), List.of(ours(ORDERS, "ACTIVE", 600))),
                        "DELETE/NOT_DESIRED"),
                row("topic deleted", () -> state(rules("orders", ORDERS_RULE), topics(), List.of(ours(ORDERS, "ACTIVE", 600))),
                        "DELETE/TOPIC_DELETED"),
                row("paused rule, topic deleted", () -> state(rules("orders", ORDERS_RULE + " paused=true"), topics(),
                        List.of(ours(ORDERS, "ACTIVE", 600))), "PAUSED/RULE_PAUSED"),
                row("channel without ownership tag on the same table", () -> state(rules("orders", ORDERS_RULE), topics("orders"),
                        List.of(foreign("iac-orders", "orders", "sales", "orders", Map.of("team", "data")))), "UNMANAGED/UNMANAGED_CHANNEL"),
                row("channel of another Channel Pilot stack", () -> state(rules("orders", ORDERS_RULE), topics("orders"),
                        List.of(foreign(ORDERS.channelName(), "orders", "sales", "orders", Map.of(OwnershipTags.MANAGED_BY, "other-stack")))),
                        "UNMANAGED/UNMANAGED_CHANNEL"),
                row("unmanaged channel on another table does not block ours", () -> state(rules("orders", ORDERS_RULE),
                        topics("orders"), List.of(foreign("iac-orders", "orders", "sales", "orders_raw", Map.of()))), "CREATE/CHANNEL_MISSING"),
                row("paused rule", () -> state(rules("orders", ORDERS_RULE + " paused=true"), topics("orders"),
                        List.of(ours(ORDERS, "ACTIVE", 300))), "PAUSED/RULE_PAUSED"),
                row("paused rule, nothing exists", () -> state(rules("orders", ORDERS_RULE + " paused=true"), topics("orders"), List.of()),
                        "PAUSED/RULE_PAUSED"),
                row("managed=false with our channel", () -> state(rules("orders", ORDERS_RULE + " managed=false"), topics("orders"),
                        List.of(ours(ORDERS, "ACTIVE", 600))), "RELEASE/RELEASE_REQUESTED"),
                row("managed=false, nothing of ours", () -> state(rules("orders", ORDERS_RULE + " managed=false"), topics("orders"),
                        List.of()), "NOOP/NOT_MANAGED"),
                row("our channel is being deleted", () -> state(rules("orders", ORDERS_RULE), topics("orders"),
                        List.of(ours(ORDERS, "DELETING", 600))), "NOOP/CHANNEL_DELETING"),
                row("tag problem on the topic leaves its channel alone", () -> state(rules("orders", ORDERS_RULE + " freshness=ten"),
                        topics("orders"), List.of(ours(ORDERS, "ACTIVE", 600))), "SKIP/TAG_PROBLEMS"),
                row("cluster with more than 50 tags", () -> state(tooManyTags(), topics("orders"), List.of(ours(ORDERS, "ACTIVE", 600))),
                        "SKIP/TAG_PROBLEMS"),
                row("topic not selected, nothing of ours", () -> state(rules("orders", ORDERS_RULE), topics("orders", "audit"), List.of()),
                        "CREATE/CHANNEL_MISSING"),
                row("fan-out: two rules, two tables", () -> state(rules("orders", ORDERS_RULE + " table=orders_a",
                        "orders-copy", ORDERS_RULE + " table=orders_b"), topics("orders"), List.of()),
                        "CREATE/CHANNEL_MISSING", "CREATE/CHANNEL_MISSING"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldPlanEveryPlanAndReasonWhenStateDiffers(String name, Supplier<ClusterState> state, List<String> expected) {
        // given a cluster state / when planned
        PlanOutcome outcome = plan(state.get());

        // then: the expected plans, each reason belonging to its plan
        assertThat(summary(outcome)).as(name).containsExactlyElementsOf(expected);
        outcome.intents().forEach(i -> assertThat(PlanReason.valueOf(i.reason()).plan()).as(name).isEqualTo(i.plan()));
    }

    @Test
    void shouldNameChannelAndTagsWhenCreating() {
        Intent intent = plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of())).intents().get(0);

        assertThat(intent.channelName()).isEqualTo(ORDERS.channelName());
        assertThat(intent.fingerprint()).isEqualTo(ORDERS.fingerprint());
        assertThat(intent.tableKey()).isEqualTo("sales.orders");
        assertThat(intent.channelTags()).containsEntry(OwnershipTags.MANAGED_BY, MANAGED_BY)
                .containsEntry(OwnershipTags.TOPIC, "orders").containsEntry(OwnershipTags.TABLE_KEY, "sales.orders")
                .containsEntry(OwnershipTags.FINGERPRINT, ORDERS.fingerprint());
        assertThat(intent.trigger()).isEqualTo("evt-1");
    }

    @Test
    void shouldFanOutToDistinctChannelsWhenTwoRulesNameDifferentTables() {
        List<Intent> intents = plan(state(rules("a", ORDERS_RULE + " table=orders_a", "b", ORDERS_RULE + " table=orders_b"),
                topics("orders"), List.of())).intents();

        assertThat(intents).extracting(Intent::tableKey).containsExactlyInAnyOrder("sales.orders_a", "sales.orders_b");
        assertThat(intents).extracting(Intent::channelName).doesNotHaveDuplicates();
    }

    @Test
    void shouldKeepExistingFanOutBranchAndCreateTheOtherWhenOneChannelExists() {
        ChannelSpec a = spec("orders", ORDERS_RULE + " table=orders_a");

        PlanOutcome outcome = plan(state(rules("a", ORDERS_RULE + " table=orders_a", "b", ORDERS_RULE + " table=orders_b"),
                topics("orders"), List.of(ours(a, "ACTIVE", 600))));

        assertThat(summary(outcome)).containsExactlyInAnyOrder("NOOP/IN_SYNC", "CREATE/CHANNEL_MISSING");
    }

    @Test
    void shouldTakeExactRuleOverPrefixRuleWhenBothSetFreshness() {
        Intent intent = plan(state(rules("all", "prefix=ord namespace=sales schema=sales-registry/orders partition=event_time freshness=300",
                "orders", "topic=orders freshness=900"), topics("orders"), List.of())).intents().get(0);

        assertThat(intent.desired().freshnessSeconds()).isEqualTo(900);
        assertThat(intent.desired().namespace()).isEqualTo("sales");
    }

    @Test
    void shouldTakeTopicTagsOverExactRuleWhenTopicIsTagged() {
        Map<String, Map<String, String>> tagged = Map.of("orders", Map.of("channel-pilot/enabled", "true", "channel-pilot/freshness", "700"));

        Intent intent = plan(state(rules("orders", ORDERS_RULE + " freshness=900"), tagged, List.of())).intents().get(0);

        assertThat(intent.desired().freshnessSeconds()).isEqualTo(700);
    }

    @Test
    void shouldPlanOnlyNamedTopicsWhenScopeNamesThem() {
        ClusterState state = state(rules("all", "prefix=o namespace=sales schema=sales-registry/orders partition=event_time"),
                topics("orders", "ops", "x"), List.of());

        PlanOutcome outcome = new IntentPlanner(PlanFixtures.stack()).plan(state, PlanScope.topics(Set.of("ops", "gone", "x")), "evt-2");

        assertThat(summary(outcome)).containsExactly("CREATE/CHANNEL_MISSING", "SKIP/TOPIC_NOT_FOUND", "SKIP/NO_RULE_MATCHES");
        assertThat(outcome.intents().get(0).topic()).isEqualTo("ops");
    }

    @Test
    void shouldPlanNothingAndNameTheParameterWhenClusterNotAllowed() {
        Map<String, String> env = new HashMap<>(TestSpecs.env());
        env.put("CHANNEL_PILOT_ALLOWED_CLUSTERS", "prod-cluster");
        PlanOutcome outcome = new IntentPlanner(StackSettings.from(env))
                .plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of(ours(ORDERS, "ACTIVE", 600))), PlanScope.all(), "e");

        assertThat(outcome.intents()).isEmpty();
        assertThat(outcome.skipped()).singleElement().satisfies(s -> {
            assertThat(s.reason()).isEqualTo(SkipReason.CLUSTER_NOT_ALLOWED);
            assertThat(s.message()).contains("AllowedClusters");
        });
    }

    @Test
    void shouldReportEachTagProblemWithItsFixWhenTopicTagsAreBroken() {
        Skip skip = plan(state(rules("orders", ORDERS_RULE + " freshness=ten"), topics("orders"), List.of())).skipped().get(0);

        assertThat(skip.topic()).isEqualTo("orders");
        assertThat(skip.details()).singleElement().asString().startsWith("FRESHNESS_OUT_OF_RANGE").contains("Fix: Use freshness=");
    }

    @Test
    void shouldMatchLegacyChannelByNameWhenItLacksTopicAndTableKeyTags() {
        Map<String, String> legacyTags = Map.of(OwnershipTags.MANAGED_BY, MANAGED_BY, OwnershipTags.FINGERPRINT, ORDERS.fingerprint());
        ObservedChannel legacy = PlanFixtures.channel(ORDERS, "ACTIVE", 600, legacyTags);

        assertThat(summary(plan(state(rules("orders", ORDERS_RULE), topics("orders"), List.of(legacy))))).containsExactly("NOOP/IN_SYNC");
    }

    private static Map<String, String> tooManyTags() {
        Map<String, String> tags = new HashMap<>(rules("orders", ORDERS_RULE));
        for (int i = 0; i < 50; i++) {
            tags.put("team/tag-" + i, "x");
        }
        return tags;
    }

    private static Arguments row(String name, Supplier<ClusterState> state, String... expected) {
        return Arguments.of(name, state, List.of(expected));
    }
}
