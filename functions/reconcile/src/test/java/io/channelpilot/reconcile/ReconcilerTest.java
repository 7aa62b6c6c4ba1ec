package io.channelpilot.reconcile;

import static io.channelpilot.reconcile.Fixtures.CLUSTER;
import static io.channelpilot.reconcile.Fixtures.OTHER;
import static io.channelpilot.reconcile.Fixtures.STACK;
import static io.channelpilot.reconcile.Fixtures.TAGS;
import static io.channelpilot.reconcile.Fixtures.ours;
import static io.channelpilot.reconcile.Fixtures.unmanaged;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.StackSettings;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.TableClaim;
import io.channelpilot.retention.InMemoryOutstandingStore;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.store.StatusStore;
import io.channelpilot.store.RecordedAlarm;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import io.channelpilot.reconcile.gateway.ApiCalls;

class ReconcilerTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-03-01T10:05:00Z"), ZoneOffset.UTC);
    private final ApiCalls calls = new ApiCalls();
    private final FakeFleet fleet = new FakeFleet(calls);
    private final RecordingExecutions executions = new RecordingExecutions();
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);

    private SweepReport sweep(String sweepId) {
        return reconciler(STACK, 50).run(new SweepRequest(sweepId, Optional.empty(), 1));
    }

    private Reconciler reconciler(StackSettings stack, int budget) {
        return new Reconciler(fleet, executions, store, new RetentionCheck(new InMemoryOutstandingStore(clock), store,
                (cluster, topic) -> Optional.empty(), RetentionSettings.DEFAULTS, m -> "m", NotificationRenderer.create(), clock),
                stack, clock, Duration.ofMinutes(15), budget, calls);
    }

    @Test
    void shouldStartOneSweepExecutionWhenATopicHasNoChannel() {
        // given a topic created without any event
        fleet.cluster(CLUSTER, TAGS, "orders.created");

        // when
        SweepReport report = sweep("s1");

        // then one execution, scoped to the topic, as a sweep trigger resolve-intents accepts
        assertThat(report.executionsStarted()).isEqualTo(1);
        ClusterReport.StartedExecution e = report.clusters().get(0).executions().get(0);
        assertThat(e.topic()).isEqualTo("orders.created");
        assertThat(e.reasons()).singleElement().asString().endsWith(":CREATE:CHANNEL_MISSING");
        assertThat(executions.started.get(e.executionName()))
                .isEqualTo("{\"source\":\"channel-pilot.sweep\",\"sweepId\":\"s1\",\"clusterArn\":\"" + CLUSTER + "\",\"topics\":[\"orders.created\"]}");
        assertThat(report.worthNotifying()).isTrue();
    }

    @Test
    void shouldStartNothingAndNotNotifyWhenEverythingIsInSync() {
        // given
        fleet.cluster(CLUSTER, TAGS, "orders.created").channel(CLUSTER, ours(CLUSTER, "orders.created", 600, "ACTIVE"));
        sweep("s0");

        // when the second sweep finds the status already recorded
        SweepReport report = sweep("s1");

        // then
        assertThat(report.executionsStarted()).isZero();
        assertThat(report.drifted()).isZero();
        assertThat(report.corrections()).isZero();
        assertThat(report.worthNotifying()).isFalse();
    }

    /** Issue 13: a channel provisioned before claims and alarm records is adopted by the sweep, once. */
    @Test
    void shouldClaimTheTableAndRecordTheAlarmsOfAChannelProvisionedBeforeEitherExisted() {
        // GIVEN our in-sync channel created under the channel-only names, its status recorded without claim or alarms
        ChannelSpec old = Fixtures.spec(CLUSTER, TAGS, "orders.created").withNames(STACK, NameScope.CHANNEL);
        ObservedChannel channel = new ObservedChannel(CLUSTER.replace(":cluster/", ":channel/") + "/" + old.channelName(),
                old.channelName(), "ACTIVE", 600, OwnershipTags.of(old, STACK.managedBy()), "orders.created", old.namespace(), old.table());
        fleet.cluster(CLUSTER, TAGS, "orders.created").channel(CLUSTER, channel);
        ChannelKey key = new ChannelKey(CLUSTER, old.channelName());
        store.update(key, "orders.created", st -> st.withDesired("{\"legacy\":true}", old.fingerprint()).withObserved(channel.channelArn(), "ACTIVE"));

        // WHEN two sweeps run
        SweepReport first = sweep("s1");
        SweepReport second = sweep("s2");

        // THEN the first claims the table for it and records the channel-only alarm names it was given; the second does nothing
        assertThat(store.tableClaim(old.infrastructure().tableBucketArn(), old.namespace(), old.table()))
                .hasValueSatisfying(c -> assertThat(c.channelName()).isEqualTo(old.channelName()));
        assertThat(store.find(key).orElseThrow().alarms()).extracting(RecordedAlarm::name)
                .containsExactlyInAnyOrder("channel-pilot-" + old.channelName() + "-DataFreshness",
                        "channel-pilot-" + old.channelName() + "-FailedRowCount", "channel-pilot-" + old.channelName() + "-DLQDeliverySuccess");
        assertThat(first.clusters().get(0).corrections()).extracting(StatusCorrector.Correction::reason)
                .containsExactly(StatusCorrector.RECORDED);
        assertThat(first.executionsStarted()).as("adopted, never replaced or duplicated").isZero();
        assertThat(second.corrections()).isZero();
    }

    @Test
    void shouldReportButNeverTakeOverATableAnotherChannelClaimed() {
        ChannelSpec spec = Fixtures.spec(CLUSTER, TAGS, "orders.created");
        fleet.cluster(CLUSTER, TAGS, "orders.created").channel(CLUSTER, ours(CLUSTER, "orders.created", 600, "ACTIVE"));
        ChannelKey key = new ChannelKey(CLUSTER, spec.channelName());
        store.update(key, "orders.created", st -> st.withDesired("{\"legacy\":true}", spec.fingerprint()));
        store.claimTable(new TableClaim(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table(), OTHER,
                spec.channelName(), "orders.created"));

        SweepReport report = sweep("s1");

        assertThat(report.clusters().get(0).corrections()).extracting(StatusCorrector.Correction::reason)
                .contains(StatusCorrector.TABLE_CLAIMED_BY_ANOTHER).doesNotContain(StatusCorrector.RECORDED);
        assertThat(store.tableClaim(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table()))
                .hasValueSatisfying(c -> assertThat(c.clusterArn()).isEqualTo(OTHER));
        assertThat(store.find(key).orElseThrow().alarms()).isEmpty();
    }

    @Test
    void shouldStartUpdateWhenFreshnessWasChangedOutOfBand() {
        // given freshness 900 on the channel, 600 in the rule
        fleet.cluster(CLUSTER, TAGS, "orders.created").channel(CLUSTER, ours(CLUSTER, "orders.created", 900, "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.clusters().get(0).executions()).singleElement()
                .satisfies(e -> assertThat(e.reasons()).singleElement().asString().endsWith(":UPDATE_FRESHNESS:FRESHNESS_DRIFT"));
    }

    @Test
    void shouldLeaveAnUnmanagedChannelAloneAndReportIt() {
        // given an IaC channel on a topic our rule selects
        fleet.cluster(CLUSTER, TAGS, "orders.iac").channel(CLUSTER, unmanaged(CLUSTER, "iac-orders", "orders.iac"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.executionsStarted()).isZero();
        assertThat(report.clusters().get(0).unmanaged()).containsExactly("iac-orders (orders.iac)");
        assertThat(store.list(CLUSTER)).isEmpty();
    }

    @Test
    void shouldDoNothingWhenTheRuleIsPaused() {
        // given a paused rule, a missing channel and a drifted one
        Map<String, String> paused = Map.of("channel-pilot/orders", Fixtures.ORDERS_RULE + " paused=true");
        fleet.cluster(CLUSTER, paused, "orders.a", "orders.b").channel(CLUSTER, ours(CLUSTER, "orders.b", 900, "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(executions.attempts).isEmpty();
        assertThat(report.clusters().get(0).paused()).hasSize(2);
    }

    @Test
    void shouldStartAReleaseWhenTheRuleSaysManagedFalse() {
        // given
        Map<String, String> released = Map.of("channel-pilot/orders", Fixtures.ORDERS_RULE + " managed=false");
        fleet.cluster(CLUSTER, released, "orders.a").channel(CLUSTER, ours(CLUSTER, "orders.a", 600, "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.clusters().get(0).executions()).singleElement()
                .satisfies(e -> assertThat(e.reasons()).singleElement().asString().endsWith(":RELEASE:RELEASE_REQUESTED"));
    }

    @Test
    void shouldCorrectARecordedStatusThatDiffersFromMsk() {
        // given the store says ACTIVE, MSK says FAILED
        var channel = ours(CLUSTER, "orders.a", 600, "FAILED");
        fleet.cluster(CLUSTER, TAGS, "orders.a").channel(CLUSTER, channel);
        store.update(new ChannelKey(CLUSTER, channel.channelName()), "orders.a", s -> s.withObserved(channel.channelArn(), "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.clusters().get(0).corrections()).singleElement()
                .satisfies(c -> assertThat(c.recorded() + "->" + c.actual()).isEqualTo("ACTIVE->FAILED"));
        var stored = store.find(new ChannelKey(CLUSTER, channel.channelName())).orElseThrow();
        assertThat(stored.observedStatus()).isEqualTo("FAILED");
        assertThat(stored.condition(ConditionType.DEGRADED).orElseThrow().status()).isEqualTo(ConditionStatus.TRUE);
        assertThat(stored.condition(ConditionType.READY).orElseThrow().reason()).isEqualTo("ChannelFAILED");
    }

    @Test
    void shouldMarkAChannelDeletedOutOfBandAndRecreateIt() {
        // given the store knows an ACTIVE channel that MSK no longer lists
        var gone = ours(CLUSTER, "orders.a", 600, "ACTIVE");
        fleet.cluster(CLUSTER, TAGS, "orders.a");
        store.update(new ChannelKey(CLUSTER, gone.channelName()), "orders.a", s -> s.withObserved(gone.channelArn(), "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.clusters().get(0).deletedOutOfBand()).singleElement()
                .satisfies(d -> assertThat(d.reason()).isEqualTo(StatusCorrector.DELETED_OUT_OF_BAND));
        assertThat(report.executionsStarted()).isEqualTo(1);
        var stored = store.find(new ChannelKey(CLUSTER, gone.channelName())).orElseThrow();
        assertThat(stored.condition(ConditionType.PROVISIONED).orElseThrow().reason()).isEqualTo("ChannelDeletedOutOfBand");
        assertThat(SweepSummary.of(report).summary()).contains("new table").contains("NOT backfilled");
    }

    @Test
    void shouldRecreateOnANewTableWhenTheDeletedChannelsTableHasRows() {
        // given a channel of ours that delivered (its table exists) was deleted out of band
        var gone = ours(CLUSTER, "orders.a", 600, "ACTIVE");
        fleet.cluster(CLUSTER, TAGS, "orders.a");
        fleet.tables.add(ExistingTables.key(STACK.tableBucketArn(), gone.namespace(), gone.table()));
        store.update(new ChannelKey(CLUSTER, gone.channelName()), "orders.a", s -> s.withObserved(gone.channelArn(), "ACTIVE"));

        // when
        SweepReport report = sweep("s1");

        // then the execution creates on <table>_v2 and the summary names both tables and the view
        ClusterReport cluster = report.clusters().get(0);
        assertThat(cluster.executions()).singleElement().satisfies(e ->
                assertThat(e.reasons()).singleElement().asString().endsWith(":CREATE:NEW_TABLE_GENERATION")
                        .doesNotStartWith(gone.channelName()));
        String oldTable = "sales." + gone.table();
        assertThat(cluster.tableSplits()).singleElement().asString()
                .contains("old table " + oldTable + " kept with its rows").contains("new table " + oldTable + "_v2 starts empty")
                .contains("no backfill").contains("SELECT * FROM " + oldTable + " UNION ALL SELECT * FROM " + oldTable + "_v2");
        var summary = SweepSummary.of(report);
        assertThat(summary.severity()).isEqualTo(io.channelpilot.notification.NotificationSeverity.WARNING);
        assertThat(summary.facts().values()).anySatisfy(v -> assertThat(v).contains("table split").contains(oldTable + "_v2"));
        assertThat(calls.snapshot()).containsEntry("s3tables:GetTable", 2L);
    }

    @Test
    void shouldStopRecreatingAFailedChannelAfterTheLimitAndAskAHumanOnce() {
        // given a FAILED channel whose three earlier instances (same name and fingerprint) failed too
        var failed = ours(CLUSTER, "orders.a", 600, "FAILED");
        fleet.cluster(CLUSTER, TAGS, "orders.a").channel(CLUSTER, failed);
        ChannelKey key = new ChannelKey(CLUSTER, failed.channelName());
        String fingerprint = failed.tags().get(io.channelpilot.model.OwnershipTags.FINGERPRINT);
        for (int i = 1; i <= 3; i++) {
            store.recordFailure(key, fingerprint, failed.channelArn() + "-earlier-" + i, Duration.ofDays(7));
        }

        // when two sweeps run
        SweepReport first = sweep("s1");
        SweepReport second = sweep("s2");

        // then nothing is started, the channel is Degraded for a human, and only the first sweep says so
        assertThat(first.executionsStarted()).isZero();
        assertThat(first.clusters().get(0).newlyFailedTooOften()).singleElement().asString().contains("recreate limit 3");
        assertThat(first.worthNotifying()).isTrue();
        assertThat(SweepSummary.of(first).facts().values()).anySatisfy(v -> assertThat(v).contains("FAILED too often"));
        var degraded = store.find(key).orElseThrow().condition(ConditionType.DEGRADED).orElseThrow();
        assertThat(degraded.status()).isEqualTo(ConditionStatus.TRUE);
        assertThat(degraded.reason()).isEqualTo(StatusCorrector.RECREATE_LIMIT_REACHED);
        assertThat(second.executionsStarted()).isZero();
        assertThat(second.clusters().get(0).newlyFailedTooOften()).isEmpty();
        assertThat(second.worthNotifying()).isFalse();
    }

    @Test
    void shouldRecreateAFailedChannelWithinTheLimit() {
        // given
        var failed = ours(CLUSTER, "orders.a", 600, "FAILED");
        fleet.cluster(CLUSTER, TAGS, "orders.a").channel(CLUSTER, failed);

        // when
        SweepReport report = sweep("s1");

        // then the FAILED channel is deleted by an execution (the next sweep creates it again)
        assertThat(report.clusters().get(0).executions()).singleElement().satisfies(e ->
                assertThat(e.reasons()).containsExactly(failed.channelName() + ":DELETE:FAILED_RECREATE"));
    }

    @Test
    void shouldCountAlreadyStartedWhenASecondSweepWithTheSameIdOverlaps() {
        // given
        fleet.cluster(CLUSTER, TAGS, "orders.a", "orders.b");

        // when two sweeps of the same slot run before either execution created anything
        SweepReport first = sweep("slot-7");
        SweepReport second = sweep("slot-7");

        // then each execution is started once
        assertThat(first.executionsStarted()).isEqualTo(2);
        assertThat(second.executionsStarted()).isZero();
        assertThat(second.executionsAlreadyStarted()).isEqualTo(2);
        assertThat(executions.started).hasSize(2);
    }

    @Test
    void shouldSkipClustersOutsideTheGuardrail() {
        // given only the demo cluster is allowed
        Map<String, String> env = new HashMap<>(Fixtures.ENV);
        env.put("CHANNEL_PILOT_ALLOWED_CLUSTERS", CLUSTER);
        fleet.cluster(CLUSTER, TAGS, "orders.a").cluster(OTHER, TAGS, "orders.b");

        // when
        SweepReport report = reconciler(StackSettings.from(env), 50).run(new SweepRequest("s1", Optional.empty(), 0));

        // then the other cluster is not even read
        assertThat(report.clusters()).extracting(ClusterReport::clusterArn).containsExactly(CLUSTER);
        assertThat(calls.of("kafka:ListTopics")).isEqualTo(1);
    }

    @Test
    void shouldReportAThrottledClusterAndStillSweepTheOthers() {
        // given
        fleet.cluster(CLUSTER, TAGS, "orders.a").cluster(OTHER, TAGS, "orders.b");
        fleet.throttledClusters.add(CLUSTER);

        // when
        SweepReport report = sweep("s1");

        // then
        assertThat(report.clusters().get(0).errors()).singleElement()
                .satisfies(e -> assertThat(e.code()).isEqualTo(ReconcileErrorCode.CLUSTER_THROTTLED))
                .satisfies(e -> assertThat(e.remediation()).contains("next sweep"));
        assertThat(report.clusters().get(1).executions()).hasSize(1);
    }

    /** Found under the fault suite with the faults on (issue 16): a status-table error escaped the sweep uncoded. */
    @Test
    void shouldCodeAStatusTableErrorPerClusterAndStillSweepTheOthers() {
        // given the status table throttles the rules write of one cluster and misses for the other
        fleet.cluster(CLUSTER, TAGS, "orders.a").cluster(OTHER, TAGS, "orders.b");
        StatusStore failing = org.mockito.Mockito.spy(store);
        org.mockito.Mockito.doThrow(dynamoError(400, "ProvisionedThroughputExceededException"))
                .when(failing).recordRules(org.mockito.ArgumentMatchers.eq(CLUSTER), org.mockito.ArgumentMatchers.anyString());
        org.mockito.Mockito.doThrow(dynamoError(400, "ResourceNotFoundException"))
                .when(failing).recordRules(org.mockito.ArgumentMatchers.eq(OTHER), org.mockito.ArgumentMatchers.anyString());

        // when
        SweepReport report = new Reconciler(fleet, executions, failing, new RetentionCheck(new InMemoryOutstandingStore(clock),
                failing, (cluster, topic) -> Optional.empty(), RetentionSettings.DEFAULTS, m -> "m", NotificationRenderer.create(),
                clock), STACK, clock, Duration.ofMinutes(15), 50, calls).run(new SweepRequest("s1", Optional.empty(), 1));

        // then a coded finding per cluster, the transient one for the next sweep, the other naming service and code
        assertThat(report.clusters().get(0).errors()).singleElement()
                .satisfies(e -> assertThat(e.code()).isEqualTo(ReconcileErrorCode.CLUSTER_THROTTLED));
        assertThat(report.clusters().get(1).errors()).singleElement()
                .satisfies(e -> assertThat(e.code()).isEqualTo(ReconcileErrorCode.CLUSTER_SWEEP_FAILED))
                .satisfies(e -> assertThat(e.message()).contains("DynamoDb ResourceNotFoundException (HTTP 400)"))
                .satisfies(e -> assertThat(e.remediation()).contains("status table"));
    }

    private static software.amazon.awssdk.services.dynamodb.model.DynamoDbException dynamoError(int status, String code) {
        return (software.amazon.awssdk.services.dynamodb.model.DynamoDbException)
                software.amazon.awssdk.services.dynamodb.model.DynamoDbException.builder().statusCode(status)
                        .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder().errorCode(code)
                                .serviceName("DynamoDb").errorMessage(code).build()).build();
    }

    @Test
    void shouldDescribeOnlyAmbiguousChannelsAndTheVerificationSlice() {
        // given 300 in-sync channels of ours and one unmanaged channel, a budget of 100 per cluster
        String[] topics = new String[300];
        for (int i = 0; i < topics.length; i++) {
            topics[i] = "orders.t" + i;
        }
        fleet.cluster(CLUSTER, TAGS, topics);
        for (String t : topics) {
            fleet.channel(CLUSTER, ours(CLUSTER, t, 600, "ACTIVE"));
        }
        fleet.channel(CLUSTER, unmanaged(CLUSTER, "iac-x", "orders.t0"));

        // when
        SweepReport report = reconciler(STACK, 100).run(new SweepRequest("s1", Optional.empty(), 5));

        // then pages (3 + 4) plus the budget's window (slot 5 → the last 100 names), the unmanaged channel, and our channel
        // of its topic orders.t0 (outside the window: a topic with an ambiguous channel is always read for real)
        assertThat(calls.of("kafka:ListTopics")).isEqualTo(3);
        assertThat(calls.of("kafka:ListChannels")).isEqualTo(4);
        assertThat(calls.of("kafka:DescribeChannel")).isEqualTo(100L + 1L + 1L);
        assertThat(report.clusters().get(0).unmanaged()).containsExactly("iac-x (orders.t0)");
        assertThat(report.executionsStarted()).isZero();
    }

    @Test
    void shouldNotStartAnUnapprovedReplacementButMarkItPendingOnce() {
        // given the channel's fingerprint no longer matches (partition column changed)
        fleet.cluster(CLUSTER, Map.of("channel-pilot/orders", Fixtures.ORDERS_RULE.replace("event_time", "created_at")), "orders.a")
                .channel(CLUSTER, ours(CLUSTER, "orders.a", 600, "ACTIVE"));

        // when
        SweepReport first = sweep("s1");
        SweepReport second = sweep("s2");

        // then
        assertThat(executions.attempts).isEmpty();
        assertThat(first.clusters().get(0).pendingApproval()).hasSize(1);
        assertThat(first.clusters().get(0).newlyPendingApproval()).hasSize(1);
        assertThat(first.worthNotifying()).isTrue();
        assertThat(second.clusters().get(0).newlyPendingApproval()).isEmpty();
        assertThat(second.worthNotifying()).isFalse();
    }

    @Test
    void shouldOnlySweepTheRequestedCluster() {
        // given
        fleet.cluster(CLUSTER, TAGS, "orders.a").cluster(OTHER, TAGS, "orders.b");

        // when
        SweepReport report = reconciler(STACK, 50).run(new SweepRequest("s1", Optional.of(OTHER), 0));

        // then
        assertThat(report.clusters()).extracting(ClusterReport::clusterArn).containsExactly(OTHER);
        assertThat(report.errors()).isEmpty();
    }

    @Test
    void shouldNameAnUnknownRequestedCluster() {
        // given
        fleet.cluster(CLUSTER, TAGS, "orders.a");

        // when
        SweepReport report = reconciler(STACK, 50).run(new SweepRequest("s1", Optional.of(OTHER), 0));

        // then
        assertThat(report.errors()).singleElement()
                .satisfies(e -> assertThat(e.code()).isEqualTo(ReconcileErrorCode.CLUSTER_READ_FAILED))
                .satisfies(e -> assertThat(e.message()).contains(OTHER));
        assertThat(report.clusters()).isEmpty();
        assertThat(List.of(report.worthNotifying())).containsExactly(true);
    }

    @Test
    void shouldDescribeEveryChannelOfATopicThatHasAnAmbiguousChannel() {
        // given three in-sync channels, and on orders.a also a leftover of ours for another table
        fleet.cluster(CLUSTER, TAGS, "orders.a", "orders.b", "orders.c");
        var a = ours(CLUSTER, "orders.a", 600, "ACTIVE");
        fleet.channel(CLUSTER, a).channel(CLUSTER, ours(CLUSTER, "orders.b", 600, "ACTIVE")).channel(CLUSTER, ours(CLUSTER, "orders.c", 600, "ACTIVE"));
        Map<String, String> leftoverTags = new HashMap<>(a.tags());
        leftoverTags.put("channel-pilot/table-key", "sales.old_orders");
        fleet.channel(CLUSTER, new io.channelpilot.plan.ObservedChannel(a.channelArn() + "-old", "orders.a-old", "ACTIVE", 600,
                leftoverTags, "orders.a", "sales", "old_orders"));
        // a slot whose verification window (budget 1 → K = 3, sorted names) is not orders.a's channel
        List<String> sorted = fleet.channels.get(CLUSTER).stream().limit(3).map(io.channelpilot.plan.ObservedChannel::channelName).sorted().toList();
        long slot = (sorted.indexOf(a.channelName()) + 1) % 3;

        // when
        SweepReport report = reconciler(STACK, 1).run(new SweepRequest("s1", Optional.empty(), slot));

        // then orders.a is planned from real channels: the leftover is deleted, the live channel kept
        assertThat(fleet.described).contains(a.channelArn(), a.channelArn() + "-old");
        assertThat(report.clusters().get(0).executions()).singleElement()
                .satisfies(e -> assertThat(e.reasons()).containsExactly("orders.a-old:DELETE:NOT_DESIRED"));
    }
}
