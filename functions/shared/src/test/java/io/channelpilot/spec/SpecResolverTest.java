package io.channelpilot.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.TestSpecs;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecResolverTest {

    private final SpecResolver resolver = new SpecResolver(TestSpecs.stack());

    @Test
    void shouldApplyPrecedenceTopicTagsOverExactOverLongestPrefixOverDefaultsOverStack() {
        // given
        Map<String, String> cluster = Map.of(
                "channel-pilot/defaults", "schema=reg/default partition=ts freshness=900 owner=platform compression=snappy",
                "channel-pilot/all", "prefix=o freshness=800 owner=prefix-short redrive=off",
                "channel-pilot/orders-prefix", "prefix=orders. freshness=700 owner=prefix-long",
                "channel-pilot/orders", "topic=orders.eu freshness=600 schema=sales/orders");
        Map<String, String> topic = Map.of("channel-pilot/enabled", "true", "channel-pilot/freshness", "300");
        // when
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders.eu", topic);
        // then
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).singleElement().satisfies(s -> {
            assertThat(s.freshnessSeconds()).isEqualTo(300);
            assertThat(s.schema().toString()).isEqualTo("sales/orders");
            assertThat(s.operations().owner()).isEqualTo("prefix-long");
            assertThat(s.operations().redrive()).isEqualTo(RedrivePolicy.OFF);
            assertThat(s.compression()).isEqualTo(Compression.SNAPPY);
            assertThat(s.partitionColumn()).isEqualTo("ts");
            assertThat(s.namespace()).isEqualTo("streaming");
            assertThat(s.table()).isEqualTo("orders_eu");
            assertThat(s.format()).isEqualTo(RecordFormat.JSON);
            // account-wide names carry the cluster (issue 13): two clusters' channels of one name never share them
            assertThat(s.infrastructure().logGroup()).isEqualTo("/aws/msk/streaming-tables/demo/" + s.channelName());
            assertThat(s.infrastructure().dlqPrefix()).isEqualTo("dlq/demo/" + s.channelName() + "/");
            assertThat(s.infrastructure().names()).isEqualTo(NameScope.CLUSTER);
        });
    }

    @Test
    void shouldFanOutOneChannelPerTableWhenRulesNameDifferentTables() {
        Map<String, String> cluster = Map.of(
                "channel-pilot/defaults", "schema=reg/orders partition=ts",
                "channel-pilot/raw", "prefix=orders table=orders_raw",
                "channel-pilot/audit", "topic=orders table=orders_audit namespace=audit",
                "channel-pilot/shared", "prefix=ord owner=team");
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders", Map.of());
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).extracting(ChannelSpec::table).containsExactlyInAnyOrder("orders_raw", "orders_audit");
        assertThat(r.specs()).extracting(ChannelSpec::channelName).doesNotHaveDuplicates();
        assertThat(r.specs()).allSatisfy(s -> assertThat(s.operations().owner()).isEqualTo("team"));
        assertThat(r.specs()).filteredOn(s -> s.table().equals("orders_raw")).singleElement()
                .satisfies(s -> assertThat(s.namespace()).isEqualTo("streaming"));
    }

    @Test
    void shouldSelectNothingWhenNoRuleMatches() {
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN,
                Map.of("channel-pilot/defaults", "schema=reg/x partition=ts", "channel-pilot/orders", "prefix=orders"),
                "payments", Map.of("channel-pilot/freshness", "300"));
        assertThat(r.isSelected()).isFalse();
    }

    @Test
    void shouldCarryRepairsPausedManagedAndApprovalIntoOperations() {
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, Map.of("channel-pilot/orders",
                        "topic=orders schema=reg/orders partition=ts repair=default@/currency=EUR repair=drop@/debug paused=true managed=false approve=0a1b2c3d"),
                "orders", Map.of());
        assertThat(r.specs()).singleElement().satisfies(s -> {
            assertThat(s.operations().repair()).containsExactly(RepairRule.parse("default:/currency=\"EUR\""), RepairRule.parse("drop:/debug"));
            assertThat(s.operations().paused()).isTrue();
            assertThat(s.operations().managed()).isFalse();
            assertThat(s.operations().approve()).isEqualTo("0a1b2c3d");
        });
    }

    @Test
    void shouldAgreeWithoutConflictWhenEqualRankRulesSetTheSameValue() {
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, Map.of(
                "channel-pilot/a", "topic=orders schema=reg/orders partition=ts freshness=300",
                "channel-pilot/b", "topic=orders freshness=300"), "orders", Map.of());
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).hasSize(1);
    }

    @Test
    void shouldIgnoreTagsOutsideTheChannelPilotNamespace() {
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, Map.of("env", "prod:eu", "channel-pilot/o",
                "topic=orders schema=reg/orders partition=ts"), "orders", Map.of());
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).hasSize(1);
    }

    @Test
    void shouldLetATopicTagTableWinOverFanOutAndReadSeveralRepairsFromOneTopicTag() {
        Map<String, String> cluster = Map.of(
                "channel-pilot/defaults", "schema=reg/orders partition=ts",
                "channel-pilot/raw", "prefix=orders table=orders_raw",
                "channel-pilot/audit", "topic=orders table=orders_audit");
        Map<String, String> topic = Map.of("channel-pilot/enabled", "true", "channel-pilot/table", "orders_main",
                "channel-pilot/repair", "drop@/debug coerce@/qty=integer");
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders", topic);
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).singleElement().satisfies(s -> {
            assertThat(s.table()).isEqualTo("orders_main");
            assertThat(s.operations().repair()).containsExactly(RepairRule.parse("drop:/debug"), RepairRule.parse("coerce:/qty=integer"));
        });
    }

    @Test
    void shouldIgnoreTopicTagsUnlessEnabled() {
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, Map.of("channel-pilot/o", "topic=orders schema=reg/orders partition=ts"),
                "orders", Map.of("channel-pilot/enabled", "false", "channel-pilot/freshness", "300"));
        assertThat(r.specs()).singleElement().satisfies(s -> assertThat(s.freshnessSeconds()).isEqualTo(600));
    }

    @Test
    void shouldLeaveTheFreshnessRangeToValidationWhenTheValueIsAWholeNumber() {
        // given a rule below the 300 s minimum
        Map<String, String> cluster = Map.of("channel-pilot/o", "topic=orders schema=reg/orders partition=ts freshness=120");
        // when
        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders", Map.of());
        // then it resolves, so the Validate step refuses it with FRESHNESS_RANGE and the owner is notified
        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).singleElement().satisfies(s -> assertThat(s.freshnessSeconds()).isEqualTo(120));
    }

    @Test
    void shouldRefuseWithTheTableFanOutFixWhenTwoEqualRankRulesDifferOnlyInNamespace() {
        Map<String, String> cluster = Map.of(
                "channel-pilot/sales", "topic=orders namespace=sales schema=reg/orders partition=ts",
                "channel-pilot/finance", "topic=orders namespace=finance schema=reg/orders partition=ts");

        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders", Map.of());

        assertThat(r.specs()).isEmpty();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.code()).isEqualTo(SpecError.RULE_CONFLICT);
            assertThat(p.setting()).isEqualTo("namespace");
            assertThat(p.tag()).isEqualTo("channel-pilot/finance | channel-pilot/sales");
            assertThat(p.remediation()).isEqualTo(SpecResolver.NAMESPACE_CONFLICT_FIX);
        });
    }

    @Test
    void shouldFanOutByTableWhenEachNamespaceHasItsOwnTable() {
        Map<String, String> cluster = Map.of(
                "channel-pilot/sales", "topic=orders namespace=sales table=orders_sales schema=reg/orders partition=ts",
                "channel-pilot/finance", "topic=orders namespace=finance table=orders_finance schema=reg/orders partition=ts");

        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders", Map.of());

        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).extracting(s -> s.namespace() + "." + s.table())
                .containsExactlyInAnyOrder("sales.orders_sales", "finance.orders_finance");
    }

    @Test
    void shouldLetTheMoreSpecificRuleMoveOneTopicToAnotherNamespace() {
        Map<String, String> cluster = Map.of(
                "channel-pilot/all", "prefix=orders namespace=sales schema=reg/orders partition=ts",
                "channel-pilot/audit", "topic=orders.audit namespace=audit");

        Resolution r = resolver.resolve(TestSpecs.CLUSTER_ARN, cluster, "orders.audit", Map.of());

        assertThat(r.problems()).isEmpty();
        assertThat(r.specs()).singleElement().satisfies(s -> assertThat(s.namespace()).isEqualTo("audit"));
    }
}
