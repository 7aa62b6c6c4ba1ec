package io.channelpilot.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.retention.OutstandingEntries.Band;
import io.channelpilot.retention.RedriveCoverage.Verdict;
import io.channelpilot.store.ChannelKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RedriveCoverageTest {

    static final ChannelKey KEY = new ChannelKey("arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1", "ch");
    static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");
    static final Instant TRIAGED = T0.plus(Duration.ofHours(1));
    static final Instant STARTED = T0.plus(Duration.ofHours(2));

    static Band band(int fromHour, int toHour, long count, Instant triagedAt) {
        return new Band(Optional.of(T0.plus(Duration.ofHours(fromHour))), Optional.of(T0.plus(Duration.ofHours(toHour))),
                count, triagedAt);
    }

    static OutstandingEntries entries(Map<DlqCause, Band> bands) {
        return new OutstandingEntries(KEY, "orders", bands, 3, RetentionRace.Level.WARN, T0, 4);
    }

    static RedriveTask task(TaskState state, RunMode mode, Instant from, Instant to, List<DlqCause> causes,
                            RedriveCounters counters) {
        RedriveRequest request = new RedriveRequest(KEY.clusterArn(), KEY.channelName(), from, to, causes, List.of(),
                0, 0, 0, mode, "test");
        return new RedriveTask("t-1", request, "orders", "b", "p/", "r/s", "event_time", "", state, counters, "", "",
                STARTED, STARTED, STARTED.plusSeconds(60));
    }

    static RedriveCounters seen(long records) {
        return new RedriveCounters(1, records, records, 0, 0, 0, 0, 0);
    }

    @Test
    void shouldClearEverythingWhenAnUnfilteredLiveTaskSucceeded() {
        OutstandingEntries before = entries(Map.of(DlqCause.MISSING_REQUIRED_FIELD, band(0, 1, 3, TRIAGED),
                DlqCause.TYPE_MISMATCH, band(0, 1, 2, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, null,
                List.of(), seen(5)));

        assertThat(r.verdict()).isEqualTo(Verdict.APPLIED);
        assertThat(r.next().isEmpty()).isTrue();
        assertThat(r.next().oldest()).isEmpty();
        assertThat(r.next().notifiedLevel()).isEqualTo(RetentionRace.Level.NONE);
        assertThat(r.cleared()).containsExactly(DlqCause.MISSING_REQUIRED_FIELD, DlqCause.TYPE_MISMATCH);
    }

    @Test
    void shouldClearOnlyTheSelectedCausesWhenTheTaskFilteredCauses() {
        OutstandingEntries before = entries(Map.of(DlqCause.MISSING_REQUIRED_FIELD, band(1, 2, 3, TRIAGED),
                DlqCause.MALFORMED_JSON, band(0, 1, 1, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, null,
                List.of(DlqCause.MISSING_REQUIRED_FIELD), seen(3)));

        assertThat(r.next().bands()).containsOnlyKeys(DlqCause.MALFORMED_JSON);
        assertThat(r.next().oldest()).contains(T0);
        assertThat(r.next().notifiedLevel()).isEqualTo(RetentionRace.Level.WARN);
        assertThat(r.kept()).containsExactly(DlqCause.MALFORMED_JSON);
    }

    @Test
    void shouldAdvanceTheOldestToTheWindowEndWhenTheWindowCoversOnlyTheStartOfABand() {
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(0, 5, 10, TRIAGED)));
        Instant to = T0.plus(Duration.ofHours(2));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, to,
                List.of(), seen(4)));

        assertThat(r.advanced()).containsExactly(DlqCause.TYPE_MISMATCH);
        assertThat(r.next().oldest()).contains(to);
        assertThat(r.next().bands().get(DlqCause.TYPE_MISMATCH).newest()).contains(T0.plus(Duration.ofHours(5)));
    }

    @Test
    void shouldKeepABandWhoseOldestEntryIsBeforeTheWindow() {
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(0, 5, 10, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE,
                T0.plus(Duration.ofHours(1)), null, List.of(), seen(9)));

        assertThat(r.next().bands()).isEqualTo(before.bands());
        assertThat(r.kept()).containsExactly(DlqCause.TYPE_MISMATCH);
    }

    @Test
    void shouldClearABandInsideTheWindow() {
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(1, 2, 2, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE,
                T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(3)), List.of(), seen(2)));

        assertThat(r.next().isEmpty()).isTrue();
    }

    @Test
    void shouldKeepACauseTriagedAgainAfterTheTaskStarted() {
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(0, 3, 4, STARTED.plusSeconds(1))));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, null,
                List.of(), seen(4)));

        assertThat(r.verdict()).isEqualTo(Verdict.APPLIED);
        assertThat(r.next().bands()).isEqualTo(before.bands());
    }

    @Test
    void shouldClearNothingWhenTheTaskFailedWasADryRunOrFailedRecords() {
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(0, 1, 2, TRIAGED)));

        assertThat(RedriveCoverage.apply(before, task(TaskState.FAILED, RunMode.LIVE, null, null, List.of(), seen(2))))
                .satisfies(r -> {
                    assertThat(r.verdict()).isEqualTo(Verdict.NOT_SUCCEEDED);
                    assertThat(r.next()).isSameAs(before);
                });
        assertThat(RedriveCoverage.apply(before, task(TaskState.CANCELLED, RunMode.LIVE, null, null, List.of(), seen(2)))
                .verdict()).isEqualTo(Verdict.NOT_SUCCEEDED);
        assertThat(RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.DRY_RUN, null, null, List.of(), seen(2)))
                .verdict()).isEqualTo(Verdict.DRY_RUN);
        assertThat(RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, null, List.of(),
                new RedriveCounters(1, 2, 1, 0, 0, 0, 1, 0))).verdict()).isEqualTo(Verdict.RECORDS_FAILED);
    }

    @Test
    void shouldClearNothingWhenTheTaskSawFewerRecordsThanTheClearedBandsHold() {
        // a Map batch that failed within ToleratedFailurePercentage never reported its records
        OutstandingEntries before = entries(Map.of(DlqCause.TYPE_MISMATCH, band(0, 1, 5, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE, null, null,
                List.of(), seen(3)));

        assertThat(r.verdict()).isEqualTo(Verdict.FEWER_RECORDS_THAN_TRIAGED);
        assertThat(r.next()).isSameAs(before);
    }

    @Test
    void shouldClearABandWithoutTimestampsWhateverTheWindow() {
        OutstandingEntries before = entries(Map.of(DlqCause.UNKNOWN, new Band(Optional.empty(), Optional.empty(), 1, TRIAGED)));

        RedriveCoverage.Result r = RedriveCoverage.apply(before, task(TaskState.SUCCEEDED, RunMode.LIVE,
                T0.plus(Duration.ofHours(1)), T0.plus(Duration.ofHours(3)), List.of(), seen(1)));

        assertThat(r.next().isEmpty()).isTrue();
    }
}
