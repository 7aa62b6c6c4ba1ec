package io.channelpilot.reconcile;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import io.channelpilot.reconcile.gateway.Executions;

/**
 * The result of one sweep: per-cluster reports, request-level errors, API calls by operation, and the retention-race
 * check (DESIGN §7) summed over the clusters ({@link RetentionSummary}: channels checked, at WARN / CRITICAL, retention
 * unknown, notifications sent, conditions cleared).
 */
public record SweepReport(String sweepId, Instant startedAt, List<ClusterReport> clusters, List<ReconcileError> errors,
                          Map<String, Long> apiCalls, RetentionSummary retention, boolean notified) {

    public SweepReport {
        clusters = List.copyOf(clusters);
        errors = List.copyOf(errors);
        apiCalls = Map.copyOf(apiCalls);
        retention = retention == null ? RetentionSummary.NONE : retention;
    }

    /** A report over the clusters, its retention summary summed from theirs. */
    static SweepReport of(String sweepId, Instant startedAt, List<ClusterReport> clusters, List<ReconcileError> errors,
                          Map<String, Long> apiCalls) {
        RetentionSummary retention = clusters.stream().map(ClusterReport::retention).reduce(RetentionSummary.NONE, RetentionSummary::plus);
        return new SweepReport(sweepId, startedAt, clusters, errors, apiCalls, retention, false);
    }

    SweepReport withNotified(boolean sent) {
        return new SweepReport(sweepId, startedAt, clusters, errors, apiCalls, retention, sent);
    }

    public int desired() {
        return clusters.stream().mapToInt(ClusterReport::desired).sum();
    }

    public int actual() {
        return clusters.stream().mapToInt(ClusterReport::actual).sum();
    }

    public int drifted() {
        return clusters.stream().mapToInt(ClusterReport::drifted).sum();
    }

    public int unmanaged() {
        return clusters.stream().mapToInt(c -> c.unmanaged().size()).sum();
    }

    public long executionsStarted() {
        return count(Executions.StartResult.STARTED);
    }

    public long executionsAlreadyStarted() {
        return count(Executions.StartResult.ALREADY_STARTED);
    }

    public long executionsNotStarted() {
        return count(Executions.StartResult.THROTTLED) + count(Executions.StartResult.FAILED);
    }

    public int corrections() {
        return clusters.stream().mapToInt(c -> c.corrections().size() + c.deletedOutOfBand().size()).sum();
    }

    /** Errors of clusters and of the request, except a malformed input (the caller gets that back as a value). */
    public int clusterErrors() {
        return clusters.stream().mapToInt(c -> c.errors().size()).sum()
                + (int) errors.stream().filter(e -> !e.code().name().startsWith("INPUT_")).count();
    }

    /** Something changed or needs a human: only then is a summary sent (issue 7 §4). */
    public boolean worthNotifying() {
        return executionsStarted() > 0 || executionsNotStarted() > 0 || corrections() > 0 || clusterErrors() > 0
                || clusters.stream().anyMatch(c -> !c.newlyPendingApproval().isEmpty() || !c.newlyFailedTooOften().isEmpty());
    }

    private long count(Executions.StartResult r) {
        return clusters.stream().flatMap(c -> c.executions().stream()).filter(e -> e.result() == r).count();
    }
}
