package io.channelpilot.reconcile;

import io.channelpilot.plan.Skip;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalNotifier;
import java.util.List;
import io.channelpilot.reconcile.gateway.Executions;

/**
 * One cluster of one sweep (style anchor 9: one entry per channel per batch, errors as values).
 *
 * @param desired            managed, unpaused channels the rules ask for
 * @param actual             channels MSK lists on the cluster (any owner)
 * @param described          channels read with DescribeChannel (ambiguous ones + the verification slice)
 * @param drifted            intents that need work (missing, freshness drift, not desired, release, approved replacement)
 * @param unmanaged          channels without this stack's ownership tag ({@code name (topic)}): never touched
 * @param paused             channels/specs of {@code paused=true} rules: nothing done
 * @param pendingApproval    replacements waiting for {@code approve=}: not started (surfaced as ReplacementPending)
 * @param executions         one per topic with work
 * @param retention          the retention-race check of the cluster's managed channels with outstanding DLQ entries
 * @param tableSplits        channels created on a new table generation because their table exists: the exact old and
 *                           new tables, no backfill, the UNION ALL view
 * @param newlyFailedTooOften FAILED channels that just reached their recreate limit (Degraded=True RecreateLimitReached)
 * @param refusals           tag problems, look-alike keys and unmanaged channels the plan found (issue 15)
 * @param refusalNotices     what telling their owners did (sent, or a duplicate of an earlier notice)
 */
public record ClusterReport(String clusterArn, String clusterName, int topics, int desired, int actual, int described,
                            int drifted, List<String> unmanaged, List<String> paused, List<String> pendingApproval,
                            List<String> newlyPendingApproval, List<StartedExecution> executions,
                            List<StatusCorrector.Correction> corrections, List<StatusCorrector.Correction> deletedOutOfBand,
                            List<Skip> skipped, List<ReconcileError> errors, RetentionSummary retention,
                            List<String> tableSplits, List<String> newlyFailedTooOften, List<Refusal> refusals,
                            List<RefusalNotifier.Sent> refusalNotices, List<ConfiguredFreshness> configuredFreshness) {

    /** A managed channel and the freshness its rule configures (the dashboard plots it beside DataFreshness). */
    public record ConfiguredFreshness(String channel, String topic, int seconds) {
    }

    public ClusterReport {
        configuredFreshness = List.copyOf(configuredFreshness == null ? List.of() : configuredFreshness);
        refusals = List.copyOf(refusals == null ? List.of() : refusals);
        refusalNotices = List.copyOf(refusalNotices == null ? List.of() : refusalNotices);
        tableSplits = List.copyOf(tableSplits);
        newlyFailedTooOften = List.copyOf(newlyFailedTooOften);
        unmanaged = List.copyOf(unmanaged);
        paused = List.copyOf(paused);
        pendingApproval = List.copyOf(pendingApproval);
        newlyPendingApproval = List.copyOf(newlyPendingApproval);
        executions = List.copyOf(executions);
        corrections = List.copyOf(corrections);
        deletedOutOfBand = List.copyOf(deletedOutOfBand);
        skipped = List.copyOf(skipped);
        errors = List.copyOf(errors);
        retention = retention == null ? RetentionSummary.NONE : retention;
    }

    /** The shape before refusals. */
    public ClusterReport(String clusterArn, String clusterName, int topics, int desired, int actual, int described,
                         int drifted, List<String> unmanaged, List<String> paused, List<String> pendingApproval,
                         List<String> newlyPendingApproval, List<StartedExecution> executions,
                         List<StatusCorrector.Correction> corrections, List<StatusCorrector.Correction> deletedOutOfBand,
                         List<Skip> skipped, List<ReconcileError> errors, RetentionSummary retention,
                         List<String> tableSplits, List<String> newlyFailedTooOften) {
        this(clusterArn, clusterName, topics, desired, actual, described, drifted, unmanaged, paused, pendingApproval,
                newlyPendingApproval, executions, corrections, deletedOutOfBand, skipped, errors, retention, tableSplits,
                newlyFailedTooOften, List.of(), List.of(), List.of());
    }

    /** This report with the cluster's refusals, what telling their owners did, and each managed channel's freshness. */
    ClusterReport withRefusals(List<Refusal> found, List<RefusalNotifier.Sent> notices, List<ConfiguredFreshness> freshness) {
        return new ClusterReport(clusterArn, clusterName, topics, desired, actual, described, drifted, unmanaged, paused,
                pendingApproval, newlyPendingApproval, executions, corrections, deletedOutOfBand, skipped, errors, retention,
                tableSplits, newlyFailedTooOften, found, notices, freshness);
    }

    /** The shape before tableSplits / newlyFailedTooOften. */
    public ClusterReport(String clusterArn, String clusterName, int topics, int desired, int actual, int described,
                         int drifted, List<String> unmanaged, List<String> paused, List<String> pendingApproval,
                         List<String> newlyPendingApproval, List<StartedExecution> executions,
                         List<StatusCorrector.Correction> corrections, List<StatusCorrector.Correction> deletedOutOfBand,
                         List<Skip> skipped, List<ReconcileError> errors, RetentionSummary retention) {
        this(clusterArn, clusterName, topics, desired, actual, described, drifted, unmanaged, paused, pendingApproval,
                newlyPendingApproval, executions, corrections, deletedOutOfBand, skipped, errors, retention, List.of(), List.of());
    }

    static ClusterReport failed(String arn, String name, ReconcileError error) {
        return new ClusterReport(arn, name, 0, 0, 0, 0, 0, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(error), RetentionSummary.NONE);
    }

    /** One execution the sweep asked for and what StartExecution said. */
    public record StartedExecution(String topic, String executionName, Executions.StartResult result, List<String> reasons) {
        public StartedExecution {
            reasons = List.copyOf(reasons);
        }
    }
}
