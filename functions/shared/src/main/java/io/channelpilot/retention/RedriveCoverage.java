package io.channelpilot.retention;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.TaskState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a finished redrive task takes off a channel's {@link OutstandingEntries}. Every DLQ entry a task selects ends
 * reproduced, parked, expired, already done or failed (RedriveCounters); all but "failed" mean the entry no longer
 * waits for a redrive. The rule errs on the side of keeping an entry (a late warning loses data, an extra one does not):
 * <ol>
 *   <li>Nothing is cleared unless the task SUCCEEDED, was LIVE (not a dry run), had a start time and counted no failed
 *       record.</li>
 *   <li>Only causes the task selected are touched (its {@code causes} filter; empty = every cause).</li>
 *   <li>A cause triaged again after the task started is kept whole: the Map listed the DLQ when the task started, so
 *       objects triaged later may not have been covered.</li>
 *   <li>Time window {@code [from, to)} on the record timestamp (entries without a timestamp pass it, as in
 *       {@link RedriveRequest#selects}): a band inside the window is cleared; a band whose oldest entry is inside the
 *       window but whose newest is at or after {@code to} is advanced — its oldest becomes {@code to}, a lower bound of
 *       what remains, so the race is measured from no later than the truth; a band older than {@code from} is kept.</li>
 *   <li>Sanity: the task must have seen at least as many records as the bands it clears hold; fewer means a Map
 *       batch failed without reporting (tolerated failures), and then nothing is cleared.</li>
 * </ol>
 */
public final class RedriveCoverage {

    /** Why a task cleared nothing, or that it applied. */
    public enum Verdict { APPLIED, NOT_SUCCEEDED, DRY_RUN, RECORDS_FAILED, NOT_STARTED, FEWER_RECORDS_THAN_TRIAGED }

    /** The outcome: the new record and which causes were cleared, advanced or kept. */
    public record Result(Verdict verdict, OutstandingEntries next, List<DlqCause> cleared, List<DlqCause> advanced,
                         List<DlqCause> kept) {
        public Result {
            cleared = List.copyOf(cleared);
            advanced = List.copyOf(advanced);
            kept = List.copyOf(kept);
        }
    }

    private RedriveCoverage() {
    }

    public static Result apply(OutstandingEntries current, RedriveTask task) {
        Optional<Verdict> refused = refusal(task);
        if (refused.isPresent()) {
            return new Result(refused.get(), current, List.of(), List.of(), List.copyOf(current.bands().keySet()));
        }
        Instant started = task.started().orElseThrow();
        RedriveRequest request = task.request();
        Map<DlqCause, OutstandingEntries.Band> next = new EnumMap<>(DlqCause.class);
        List<DlqCause> cleared = new ArrayList<>();
        List<DlqCause> advanced = new ArrayList<>();
        List<DlqCause> kept = new ArrayList<>();
        long clearedCount = 0;
        for (Map.Entry<DlqCause, OutstandingEntries.Band> e : current.bands().entrySet()) {
            DlqCause cause = e.getKey();
            OutstandingEntries.Band band = e.getValue();
            boolean selected = request.causes().isEmpty() || request.causes().contains(cause);
            if (!selected || band.lastTriagedAt().isAfter(started)) {
                next.put(cause, band);
                kept.add(cause);
            } else if (inside(band, request)) {
                cleared.add(cause);
                clearedCount += band.count();
            } else if (startCovered(band, request)) {
                next.put(cause, new OutstandingEntries.Band(Optional.of(request.to()), band.newest(), band.count(),
                        band.lastTriagedAt()));
                advanced.add(cause);
            } else {
                next.put(cause, band);
                kept.add(cause);
            }
        }
        if (clearedCount > task.counters().recordsSeen()) {
            return new Result(Verdict.FEWER_RECORDS_THAN_TRIAGED, current, List.of(), List.of(),
                    List.copyOf(current.bands().keySet()));
        }
        return new Result(Verdict.APPLIED, current.withBands(next), cleared, advanced, kept);
    }

    private static Optional<Verdict> refusal(RedriveTask task) {
        RedriveCounters c = task.counters();
        if (task.state() != TaskState.SUCCEEDED) {
            return Optional.of(Verdict.NOT_SUCCEEDED);
        }
        if (task.request().isDryRun()) {
            return Optional.of(Verdict.DRY_RUN);
        }
        if (c.failed() > 0) {
            return Optional.of(Verdict.RECORDS_FAILED);
        }
        if (task.started().isEmpty()) {
            return Optional.of(Verdict.NOT_STARTED);
        }
        return Optional.empty();
    }

    /** Every entry of the band is inside {@code [from, to)}; a band without timestamps passes any window. */
    private static boolean inside(OutstandingEntries.Band band, RedriveRequest r) {
        boolean fromOk = r.from() == null || band.oldest().map(t -> !t.isBefore(r.from())).orElse(true);
        boolean toOk = r.to() == null || band.newest().map(t -> t.isBefore(r.to())).orElse(true);
        return fromOk && toOk;
    }

    /** The window covers the band's oldest entry but ends before its newest. */
    private static boolean startCovered(OutstandingEntries.Band band, RedriveRequest r) {
        return r.to() != null && band.oldest().isPresent()
                && (r.from() == null || !band.oldest().get().isBefore(r.from()))
                && band.oldest().get().isBefore(r.to());
    }
}
