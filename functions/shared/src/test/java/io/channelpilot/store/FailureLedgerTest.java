package io.channelpilot.store;

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
