package io.channelpilot.store;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailureLedgerTest {

    private static final String STACK = "channel-pilot-test";
    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final FailureLedger ledger = new FailureLedger(store, STACK, 3, Duration.ofDays(7));
    private final ChannelSpec spec = TestSpecs.orders();

    private ObservedChannel channel(String arnSuffix, String status, String managedBy) {
        return new ObservedChannel("arn:aws:kafka:us-east-1:123456789012:channel/demo/x/" + spec.channelName() + "/" + arnSuffix,
                spec.channelName(), status, 600, OwnershipTags.of(spec, managedBy), spec.topic(), spec.namespace(), spec.table());
    }

    private FailureHistory historyOf(ObservedChannel c) {
        return ledger.enrich(new ClusterState(TestSpecs.CLUSTER_ARN, Map.of(), Map.of(), List.of(c))).failures().get(c.channelName());
    }

    @Test
    void shouldCountEachFailedInstanceOnceAcrossRepeatedPlanning() {
        // when the same FAILED instance is seen by two events and a sweep
        historyOf(channel("1", "FAILED", STACK));
        historyOf(channel("1", "FAILED", STACK));
        FailureHistory third = historyOf(channel("1", "FAILED", STACK));

        // then it counts once
        assertThat(third).isEqualTo(new FailureHistory(1, 3));
        assertThat(third.exhausted()).isFalse();
    }

    @Test
    void shouldExhaustAfterTheLimitOfRecreatedInstancesFails() {
        for (int i = 1; i <= 3; i++) {
            assertThat(historyOf(channel(Integer.toString(i), "FAILED", STACK)).exhausted()).isFalse();
        }

        assertThat(historyOf(channel("4", "FAILED", STACK))).satisfies(h -> {
            assertThat(h.failures()).isEqualTo(4);
            assertThat(h.exhausted()).isTrue();
        });
    }

    @Test
    void shouldForgetFailuresOutsideTheWindow() {
        historyOf(channel("1", "FAILED", STACK));
        clock.advance(Duration.ofDays(8));

        assertThat(historyOf(channel("2", "FAILED", STACK)).failures()).isEqualTo(1);
    }

    @Test
    void shouldNameOurChannelWhoseTableWasClaimedButWhoseProvisioningNeverFinished() throws Exception {
        // given provisioning claimed the table and the resolver recorded the desired spec, but no Provisioned=True followed
        ObservedChannel died = channel("1", "CREATING", STACK);
        ChannelKey key = new ChannelKey(TestSpecs.CLUSTER_ARN, spec.channelName());
        String desired = io.channelpilot.workflow.WorkflowJson.mapper().writeValueAsString(spec);
        store.update(key, spec.topic(), s -> s.withDesired(desired, spec.fingerprint()));
        store.claimTable(new io.channelpilot.plan.TableClaim(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table(),
                TestSpecs.CLUSTER_ARN, spec.channelName(), spec.topic()));
        ClusterState state = new ClusterState(TestSpecs.CLUSTER_ARN, Map.of(), Map.of(), List.of(died));

        // then it is incomplete until provisioning records Provisioned=True
        assertThat(ledger.enrich(state).incomplete()).containsExactly(spec.channelName());
        store.update(key, spec.topic(), s -> s.withCondition(ConditionType.PROVISIONED, ConditionStatus.TRUE, "ChannelCreated",
                "created", clock.instant()));
        assertThat(ledger.enrich(state).incomplete()).isEmpty();
    }

    @Test
    void shouldNotCallAChannelIncompleteWithoutItsTableClaim() throws Exception {
        // a channel provisioned before claims and conditions existed: its status holds the spec, nobody claimed the table
        String desired = io.channelpilot.workflow.WorkflowJson.mapper().writeValueAsString(spec);
        store.update(new ChannelKey(TestSpecs.CLUSTER_ARN, spec.channelName()), spec.topic(),
                s -> s.withDesired(desired, spec.fingerprint()));

        assertThat(ledger.enrich(new ClusterState(TestSpecs.CLUSTER_ARN, Map.of(), Map.of(),
                List.of(channel("1", "ACTIVE", STACK)))).incomplete()).isEmpty();
    }

    @Test
    void shouldIgnoreHealthyAndUnmanagedChannels() {
        ClusterState state = new ClusterState(TestSpecs.CLUSTER_ARN, Map.of(), Map.of(),
                List.of(channel("1", "ACTIVE", STACK), channel("2", "FAILED", "another-stack")));

        ClusterState enriched = ledger.enrich(state);
        assertThat(enriched.failures()).isEmpty();
        assertThat(enriched.channels()).isEqualTo(state.channels());
    }

    @Test
    void shouldReadTheLimitFromTheEnvironmentAndRefuseNonsense() {
        assertThat(FailureLedger.limitFrom(Map.of())).isEqualTo(FailureHistory.DEFAULT_LIMIT);
        assertThat(FailureLedger.limitFrom(Map.of(FailureHistory.LIMIT_VARIABLE, "0"))).isZero();
        assertThatThrownBy(() -> FailureLedger.limitFrom(Map.of(FailureHistory.LIMIT_VARIABLE, "many")))
                .hasMessageContaining(FailureHistory.LIMIT_VARIABLE);
    }
}
