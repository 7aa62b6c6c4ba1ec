package io.channelpilot.local.world.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.gateway.DynamoDbOutstandingStore;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.OutstandingEntries.Band;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Channel Pilot's {@link DynamoDbOutstandingStore} (the retention race's per-channel record, next to the status item and
 * the triage watermark) against the emulator: item round trip, the cluster Query, and version-conditioned writes
 * that never lose a concurrent writer's change.
 */
class OutstandingStoreOnEmulatorTest extends DynamoDbTestBase {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1";
    private static final Instant AT = Instant.parse("2026-05-01T10:00:00Z");
    private final ChannelKey key = new ChannelKey(CLUSTER, "orders-1");
    private DynamoDbOutstandingStore store;

    @BeforeEach
    void store() {
        store = new DynamoDbOutstandingStore(ddb, "state", clock);
    }

    @Test
    void shouldRoundTripBandsWithAndWithoutTimestamps() {
        store.update(key, "orders", e -> e.merge(3, Map.of(
                DlqCause.TYPE_MISMATCH, Band.seen(Optional.of(AT), Optional.of(AT.plusSeconds(60)), 2, AT),
                DlqCause.UNKNOWN, Band.seen(Optional.empty(), Optional.empty(), 1, AT))).withNotified(RetentionRace.Level.WARN));

        OutstandingEntries read = store.find(key).orElseThrow();

        assertThat(read.topic()).isEqualTo("orders");
        assertThat(read.bands().get(DlqCause.TYPE_MISMATCH)).isEqualTo(Band.seen(Optional.of(AT), Optional.of(AT.plusSeconds(60)), 2, AT));
        assertThat(read.bands().get(DlqCause.UNKNOWN).oldest()).isEmpty();
        assertThat(read.lastReport()).isEqualTo(3);
        assertThat(read.notifiedLevel()).isEqualTo(RetentionRace.Level.WARN);
        assertThat(read.oldest()).contains(AT);
        assertThat(read.version()).isEqualTo(1);
    }

    @Test
    void shouldListOneClustersRecordsWithoutTheStatusItemsBesideThem() {
        new DynamoDbStatusStore(ddb, "state", clock).update(key, "orders", s -> s.withDesired("{}", "fp"));
        store.update(key, "orders", e -> e.merge(1, Map.of(DlqCause.UNKNOWN, Band.seen(Optional.of(AT), Optional.of(AT), 1, AT))));
        store.update(new ChannelKey(CLUSTER, "orders-2"), "orders", e -> e.merge(1, Map.of(DlqCause.UNKNOWN,
                Band.seen(Optional.of(AT), Optional.of(AT), 1, AT))));
        store.update(new ChannelKey(CLUSTER + "-other", "x"), "x", e -> e.merge(1, Map.of(DlqCause.UNKNOWN,
                Band.seen(Optional.of(AT), Optional.of(AT), 1, AT))));

        assertThat(store.list(CLUSTER)).extracting(e -> e.key().channelName()).containsExactlyInAnyOrder("orders-1", "orders-2");
    }

    @Test
    void shouldKeepBothChangesWhenTriageAndTheSweepWriteAtOnce() throws Exception {
        // given both writers read the same version before either writes
        store.update(key, "orders", e -> e.merge(1, Map.of(DlqCause.TYPE_MISMATCH, Band.seen(Optional.of(AT), Optional.of(AT), 1, AT))));
        CountDownLatch bothRead = new CountDownLatch(2);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<?> triage = pool.submit(() -> store.update(key, "orders", e -> {
                awaitOnce(bothRead);
                return e.merge(2, Map.of(DlqCause.MALFORMED_JSON, Band.seen(Optional.of(AT.minusSeconds(600)),
                        Optional.of(AT), 1, AT)));
            }));
            Future<?> sweep = pool.submit(() -> store.update(key, "orders", e -> {
                awaitOnce(bothRead);
                return e.withNotified(RetentionRace.Level.CRITICAL);
            }));
            triage.get();
            sweep.get();
        } finally {
            pool.shutdownNow();
        }

        // then neither change is lost: the loser re-read and re-applied its change
        OutstandingEntries e = store.find(key).orElseThrow();
        assertThat(e.oldest()).contains(AT.minusSeconds(600));
        assertThat(e.notifiedLevel()).isEqualTo(RetentionRace.Level.CRITICAL);
        assertThat(e.version()).isEqualTo(3);
    }

    /** Waits for the other writer's first read (later retries pass straight through). */
    private static void awaitOnce(CountDownLatch latch) {
        latch.countDown();
        try {
            latch.await(10, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
