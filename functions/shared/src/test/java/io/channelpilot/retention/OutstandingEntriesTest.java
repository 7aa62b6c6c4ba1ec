package io.channelpilot.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.retention.OutstandingEntries.Band;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class OutstandingEntriesTest {

    static final ChannelKey KEY = new ChannelKey("arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1", "ch");
    static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

    static Band band(Instant oldest, Instant newest, long count, Instant at) {
        return Band.seen(Optional.of(oldest), Optional.of(newest), count, at);
    }

    @Test
    void shouldKeepTheOlderTimestampWhenALaterTriageSeesNewerEntries() {
        InMemoryOutstandingStore store = new InMemoryOutstandingStore(VirtualClock.startingAt(T0));
        store.update(KEY, "orders", e -> e.merge(1, Map.of(DlqCause.TYPE_MISMATCH, band(T0, T0.plusSeconds(60), 2, T0))));

        OutstandingEntries after = store.update(KEY, "orders", e -> e.merge(2, Map.of(
                DlqCause.TYPE_MISMATCH, band(T0.plusSeconds(600), T0.plusSeconds(900), 3, T0.plusSeconds(900)),
                DlqCause.MALFORMED_JSON, band(T0.plusSeconds(700), T0.plusSeconds(700), 1, T0.plusSeconds(900)))));

        assertThat(after.oldest()).contains(T0);
        assertThat(after.bands().get(DlqCause.TYPE_MISMATCH)).isEqualTo(band(T0, T0.plusSeconds(900), 5, T0.plusSeconds(900)));
        assertThat(after.count()).isEqualTo(6);
        assertThat(after.lastReport()).isEqualTo(2);
        assertThat(after.version()).isEqualTo(2);
    }

    @Test
    void shouldIgnoreAReportMergedBeforeWhenTriageIsDuplicated() {
        InMemoryOutstandingStore store = new InMemoryOutstandingStore(VirtualClock.startingAt(T0));
        OutstandingEntries first = store.update(KEY, "orders", e -> e.merge(1, Map.of(DlqCause.TYPE_MISMATCH,
                band(T0, T0, 2, T0))));

        OutstandingEntries again = store.update(KEY, "orders", e -> e.merge(1, Map.of(DlqCause.TYPE_MISMATCH,
                band(T0, T0, 2, T0))));

        assertThat(again).isEqualTo(first);
        assertThat(again.count()).isEqualTo(2);
    }

    @Test
    void shouldTakeAnOlderEntryFromALaterReport() {
        OutstandingEntries e = OutstandingEntries.none(KEY, "orders", T0)
                .merge(1, Map.of(DlqCause.TYPE_MISMATCH, band(T0.plusSeconds(600), T0.plusSeconds(600), 1, T0)))
                .merge(2, Map.of(DlqCause.TYPE_MISMATCH, band(T0, T0, 1, T0.plusSeconds(60))));

        assertThat(e.oldest()).contains(T0);
    }

    @Test
    void shouldListOnlyTheClustersChannels() {
        InMemoryOutstandingStore store = new InMemoryOutstandingStore(VirtualClock.startingAt(T0));
        store.update(KEY, "orders", e -> e.merge(1, Map.of(DlqCause.UNKNOWN, band(T0, T0, 1, T0))));
        store.update(new ChannelKey("arn:aws:kafka:us-east-1:123456789012:cluster/other/u-2", "x"), "t",
                e -> e.merge(1, Map.of(DlqCause.UNKNOWN, band(T0, T0, 1, T0))));

        assertThat(store.list(KEY.clusterArn())).extracting(r -> r.key().channelName()).containsExactly("ch");
        assertThat(store.find(KEY)).isPresent();
        assertThat(store.find(new ChannelKey(KEY.clusterArn(), "none"))).isEmpty();
    }

    @Test
    void shouldNotWriteWhenNothingChanged() {
        InMemoryOutstandingStore store = new InMemoryOutstandingStore(VirtualClock.startingAt(T0));

        OutstandingEntries untouched = store.update(KEY, "orders", e -> e);

        assertThat(untouched.version()).isZero();
        assertThat(store.find(KEY)).isEmpty();
    }
}
