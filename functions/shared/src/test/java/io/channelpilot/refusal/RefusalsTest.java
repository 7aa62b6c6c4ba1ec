package io.channelpilot.refusal;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.TestSpecs;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.PlanScope;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every silent outcome of a plan becomes a coded refusal with its owner and a message with the fix (issue 15). */
class RefusalsTest {

    static final String CLUSTER = TestSpecs.CLUSTER_ARN;
    static final String RULE = " namespace=sales schema=sales-registry/orders partition=event_time";

    static PlanOutcome plan(Map<String, String> tags, List<ObservedChannel> channels, String... topics) {
        Map<String, Map<String, String>> t = new java.util.HashMap<>();
        for (String name : topics) {
            t.put(name, Map.of());
        }
        return new IntentPlanner(TestSpecs.stack()).plan(new ClusterState(CLUSTER, tags, t, channels), PlanScope.all(), "evt-1");
    }

    @Test
    void shouldNameBothTagsAndTheOwnerWhenEqualRankRulesConflict() {
        Map<String, String> tags = Map.of("channel-pilot/a", "topic=payments freshness=300 owner=team-pay" + RULE,
                "channel-pilot/b", "topic=payments freshness=600" + RULE);

        List<Refusal> refusals = Refusals.of(plan(tags, List.of(), "payments"), tags, "evt-1");

        assertThat(refusals).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(NotificationKind.TAG_CONTRACT_ERROR);
            assertThat(r.subject()).isEqualTo("topic/payments");
            assertThat(r.owner()).isEqualTo("team-pay");
            assertThat(r.codes()).containsExactly("RULE_CONFLICT");
            assertThat(r.tags()).containsExactly("channel-pilot/a", "channel-pilot/b");
            assertThat(r.problems().get(0).field()).isEqualTo("freshness");
        });
        Notification n = RefusalNotices.of(refusals.get(0));
        assertThat(n.title()).isEqualTo("Tags for topic payments refused: RULE_CONFLICT");
        assertThat(n.facts()).containsEntry("code.1", "RULE_CONFLICT").containsEntry("tag.1", "channel-pilot/a | channel-pilot/b")
                .containsEntry("setting.1", "freshness");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).isEqualTo("channel-pilot plan --cluster " + CLUSTER
                + " --topic payments"));
        assertThat(n.runbook()).isEqualTo("docs/runbook.md#tag_contract_error");
    }

    @Test
    void shouldHintTheRightSpellingWithTheLookalikeRulesOwnerAndKeepValidRules() {
        Map<String, String> tags = Map.of("channel-pilot/orders", "topic=orders" + RULE,
                "channelpilot/pay", "topic=payments owner=team-hint" + RULE);

        PlanOutcome outcome = plan(tags, List.of(), "orders", "payments");
        List<Refusal> refusals = Refusals.of(outcome, tags, "evt-1");

        assertThat(outcome.intents()).extracting(i -> i.topic() + ":" + i.plan()).containsExactly("orders:CREATE");
        assertThat(refusals).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(NotificationKind.TAG_KEY_HINT);
            assertThat(r.subject()).isEqualTo("tag/channelpilot/pay");
            assertThat(r.owner()).isEqualTo("team-hint");
        });
        Notification n = RefusalNotices.of(refusals.get(0));
        assertThat(n.title()).isEqualTo("Tag key channelpilot/pay is ignored: did you mean channel-pilot/pay?");
        assertThat(n.facts()).containsEntry("rightSpelling", "channel-pilot/pay");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command())
                .isEqualTo("aws kafka untag-resource --resource-arn " + CLUSTER + " --tag-keys 'channelpilot/pay'"));
    }

    @Test
    void shouldReportAnUnmanagedChannelOnASelectedTopicToTheRulesOwner() {
        Map<String, String> tags = Map.of("channel-pilot/iac", "topic=iac owner=team-iac" + RULE);
        ObservedChannel iac = new ObservedChannel("arn:aws:kafka:us-east-1:123456789012:channel/demo/x/iac-1/1", "iac-1", "ACTIVE",
                600, Map.of("owner", "platform"), "iac", "sales", "iac");

        List<Refusal> refusals = Refusals.of(plan(tags, List.of(iac), "iac"), tags, "evt-1");

        assertThat(refusals).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(NotificationKind.UNMANAGED_CHANNEL);
            assertThat(r.subject()).isEqualTo("channel/iac-1");
            assertThat(r.owner()).isEqualTo("team-iac");
            assertThat(r.codes()).containsExactly("UNMANAGED_CHANNEL");
        });
        assertThat(RefusalNotices.of(refusals.get(0)).actions()).anySatisfy(a -> assertThat(a.label()).contains("managed=false"));
    }

    @Test
    void shouldRefuseNothingWhenEveryRuleIsValidAndNoChannelIsForeign() {
        Map<String, String> tags = Map.of("channel-pilot/orders", "prefix=orders" + RULE, "team", "commerce");

        assertThat(Refusals.of(plan(tags, List.of(), "orders.a", "orders.b"), tags, "evt-1")).isEmpty();
    }
}
