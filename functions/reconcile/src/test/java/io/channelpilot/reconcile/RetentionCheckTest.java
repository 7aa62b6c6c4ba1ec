package io.channelpilot.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.retention.InMemoryOutstandingStore;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.Condition;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RetentionCheckTest {

    static final String CLUSTER = Fixtures.CLUSTER;
    static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
    static final ChannelKey A = new ChannelKey(CLUSTER, "orders-a");
    static final ChannelKey B = new ChannelKey(CLUSTER, "orders-b");
    static final ObjectMapper JSON = new ObjectMapper();

    final VirtualClock clock = VirtualClock.startingAt(T0);
    final InMemoryStatusStore statuses = new InMemoryStatusStore(clock);
    final InMemoryOutstandingStore outstanding = new InMemoryOutstandingStore(clock);
    final Map<String, Long> retention = new HashMap<>(Map.of("orders", Duration.ofHours(10).toMillis()));
    final List<String> described = new ArrayList<>();
    final List<RenderedNotification> sent = new ArrayList<>();
    final RetentionCheck check = new RetentionCheck(outstanding, statuses, (cluster, topic) -> {
        described.add(topic);
        return Optional.ofNullable(retention.get(topic));
    }, RetentionSettings.DEFAULTS, m -> {
        sent.add(m);
        return "m-" + sent.size();
    }, NotificationRenderer.create(), clock);

    void managed(ChannelKey key, String topic) {
        statuses.update(key, topic, s -> s.withDesired("{\"operations\":{\"owner\":\"team-orders\"}}", "fp"));
    }

    void outstandingSince(ChannelKey key, String topic, Instant oldest, long report) {
        outstanding.update(key, topic, e -> e.merge(report, Map.of(DlqCause.TYPE_MISMATCH,
                OutstandingEntries.Band.seen(Optional.of(oldest), Optional.of(oldest), 2, clock.instant()))));
    }

    Condition degraded(ChannelKey key) {
        return statuses.find(key).orElseThrow().condition(ConditionType.DEGRADED).orElseThrow();
    }

    JsonNode message(int i) throws Exception {
        return JSON.readTree(sent.get(i).defaultJson());
    }

    @Test
    void shouldNotifyOncePerLevelIncreaseAcrossSweeps() throws Exception {
        // given a managed channel whose oldest outstanding entry is from T0 on a topic keeping 10 h
        managed(A, "orders");
        outstandingSince(A, "orders", T0, 1);

        // when sweeps run at 4 h (40 %), 5 h (50 %), 6 h (60 %), 8 h (80 %) and 9 h (90 %)
        List<RetentionSummary> summaries = new ArrayList<>();
        for (int hours : new int[]{4, 5, 6, 8, 9}) {
            clock.advanceTo(T0.plus(Duration.ofHours(hours)));
            summaries.add(check.check(CLUSTER, "sweep-" + hours));
        }

        // then one WARN at 50 % and one CRITICAL at 80 %, each with level, share, time left and the command
        assertThat(summaries).extracting(RetentionSummary::notified).containsExactly(0, 1, 0, 1, 0);
        assertThat(sent).hasSize(2);
        assertThat(sent).extracting(m -> m.attributes().get("kind")).containsOnly("RETENTION_RISK");
        assertThat(sent).extracting(m -> m.attributes().get("severity")).containsExactly("WARNING", "CRITICAL");
        assertThat(message(0).at("/facts/retentionUsed").asText()).isEqualTo("50% of 10 h");
        assertThat(message(0).at("/facts/retentionLeft").asText()).isEqualTo("5 h");
        assertThat(message(1).at("/facts/retentionLevel").asText()).isEqualTo("CRITICAL");
        assertThat(message(1).at("/actions/0/command").asText())
                .isEqualTo("channel-pilot redrive start --cluster " + CLUSTER + " --channel orders-a --cause TYPE_MISMATCH");
        assertThat(sent.get(0).attributes().get("owner")).isEqualTo("team-orders");
        assertThat(summaries.get(4).critical()).isEqualTo(1);
        assertThat(summaries.get(4).items()).containsExactly("orders-a: CRITICAL 90% used, 1 h left");
        assertThat(degraded(A).status()).isEqualTo(ConditionStatus.TRUE);
        assertThat(degraded(A).reason()).isEqualTo("RetentionRaceCritical");
        assertThat(degraded(A).message()).contains("at least 80%").contains(T0.toString());
        assertThat(outstanding.find(A).orElseThrow().notifiedLevel()).isEqualTo(RetentionRace.Level.CRITICAL);
        assertThat(statuses.find(A).orElseThrow().version()).as("one write per level, not per sweep").isEqualTo(3);
    }

    @Test
    void shouldReadRetentionOncePerTopicWithOutstandingEntriesOnly() {
        // given two channels of one topic with entries, one channel of another topic without, one unmanaged record
        managed(A, "orders");
        managed(B, "orders");
        managed(new ChannelKey(CLUSTER, "quiet"), "quiet");
        outstandingSince(A, "orders", T0, 1);
        outstandingSince(B, "orders", T0, 1);
        outstandingSince(new ChannelKey(CLUSTER, "not-managed"), "other", T0, 1);

        // when
        RetentionSummary s = check.check(CLUSTER, "s1");

        // then one DescribeTopic for "orders", none for the quiet topic or the unmanaged record
        assertThat(described).containsExactly("orders");
        assertThat(s.checked()).isEqualTo(2);
    }

    @Test
    void shouldClearTheConditionAndReNotifyAfterARedriveAndANewRace() {
        managed(A, "orders");
        outstandingSince(A, "orders", T0, 1);
        clock.advanceTo(T0.plus(Duration.ofHours(6)));
        check.check(CLUSTER, "s1");
        assertThat(degraded(A).reason()).isEqualTo("RetentionRaceWarning");

        // when a redrive cleared everything
        outstanding.update(A, "orders", e -> e.withBands(Map.of()));
        RetentionSummary cleared = check.check(CLUSTER, "s2");

        // then the condition is cleared and nothing is notified
        assertThat(cleared.cleared()).isEqualTo(1);
        assertThat(degraded(A).status()).isEqualTo(ConditionStatus.FALSE);
        assertThat(degraded(A).reason()).isEqualTo(RetentionCheck.CLEARED);

        // and when new entries age into a race again, WARN is notified again
        outstandingSince(A, "orders", clock.instant(), 2);
        clock.advanceTo(clock.instant().plus(Duration.ofHours(5)));
        check.check(CLUSTER, "s3");
        assertThat(sent).hasSize(2);
        assertThat(sent).extracting(m -> m.attributes().get("severity")).containsExactly("WARNING", "WARNING");
    }

    @Test
    void shouldCountUnknownRetentionWithoutNotifying() {
        managed(A, "orders");
        retention.remove("orders");
        outstandingSince(A, "orders", T0, 1);
        clock.advanceTo(T0.plus(Duration.ofDays(30)));

        RetentionSummary s = check.check(CLUSTER, "s1");

        assertThat(s.retentionUnknown()).isEqualTo(1);
        assertThat(s.warn() + s.critical()).isZero();
        assertThat(sent).isEmpty();
    }

    @Test
    void shouldNotOverrideAnotherDegradedReason() {
        managed(A, "orders");
        statuses.update(A, "orders", s -> s.withCondition(ConditionType.DEGRADED, ConditionStatus.TRUE, "ChannelFAILED",
                "observed FAILED", clock.instant()));
        outstandingSince(A, "orders", T0, 1);
        clock.advanceTo(T0.plus(Duration.ofHours(9)));

        check.check(CLUSTER, "s1");

        assertThat(degraded(A).reason()).isEqualTo("ChannelFAILED");
        assertThat(sent).hasSize(1);
    }
}
