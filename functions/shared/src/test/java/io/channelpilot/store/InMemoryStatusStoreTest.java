package io.channelpilot.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class InMemoryStatusStoreTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
    private final StatusStore store = new InMemoryStatusStore(clock);
    private final ChannelKey key = new ChannelKey("arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1", "orders-1");

    @Test
    void shouldMoveLastTransitionTimeOnlyWhenStatusFlips() {
        store.update(key, "orders", s -> s.withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelCreating", "", clock.instant()));
        Instant first = store.find(key).orElseThrow().condition(ConditionType.READY).orElseThrow().lastTransitionTime();

        clock.advance(Duration.ofMinutes(1));
        store.update(key, "orders", s -> s.withCondition(ConditionType.READY, ConditionStatus.FALSE, "ChannelCreating", "still", clock.instant()));
        assertThat(store.find(key).orElseThrow().condition(ConditionType.READY).orElseThrow().lastTransitionTime()).isEqualTo(first);

        clock.advance(Duration.ofMinutes(1));
        store.update(key, "orders", s -> s.withCondition(ConditionType.READY, ConditionStatus.TRUE, "ChannelActive", "", clock.instant()));
        assertThat(store.find(key).orElseThrow().condition(ConditionType.READY).orElseThrow().lastTransitionTime())
                .isEqualTo(first.plusSeconds(120));
    }

    @Test
    void shouldSkipWritesThatChangeNothingButTime() {
        ChannelStatus stored = store.update(key, "orders", s -> s.withDesired("{}", "fp1"));
        clock.advance(Duration.ofMinutes(5));

        ChannelStatus again = store.update(key, "orders", s -> s.withDesired("{}", "fp1"));

        assertThat(again.version()).isEqualTo(stored.version());
        assertThat(again.updatedAt()).isEqualTo(stored.updatedAt());
    }

    @Test
    void shouldBumpGenerationOnlyWhenDesiredSpecChanges() {
        store.update(key, "orders", s -> s.withDesired("{\"f\":600}", "fp1"));
        store.update(key, "orders", s -> s.withDesired("{\"f\":600}", "fp1"));
        ChannelStatus changed = store.update(key, "orders", s -> s.withDesired("{\"f\":300}", "fp1"));

        assertThat(changed.generation()).isEqualTo(2);
    }

    @Test
    void shouldGrantLeaseToOneOwnerUntilItExpires() {
        assertThat(store.acquireLease(key, "exec-a", Duration.ofMinutes(15))).isTrue();
        assertThat(store.acquireLease(key, "exec-b", Duration.ofMinutes(15))).isFalse();
        assertThat(store.acquireLease(key, "exec-a", Duration.ofMinutes(15))).isTrue();
        assertThat(store.leaseHolder(key)).contains("exec-a");

        clock.advance(Duration.ofMinutes(16));
        assertThat(store.acquireLease(key, "exec-b", Duration.ofMinutes(15))).isTrue();
        store.releaseLease(key, "exec-a");
        assertThat(store.leaseHolder(key)).contains("exec-b");
        store.releaseLease(key, "exec-b");
        assertThat(store.leaseHolder(key)).isEmpty();
    }

    @Test
    void shouldClaimEachEventOnce() {
        assertThat(store.claimEvent("evt-1", Duration.ofDays(1))).isTrue();
        assertThat(store.claimEvent("evt-1", Duration.ofDays(1))).isFalse();
        assertThat(store.claimEvent("evt-2", Duration.ofDays(1))).isTrue();
    }
}
