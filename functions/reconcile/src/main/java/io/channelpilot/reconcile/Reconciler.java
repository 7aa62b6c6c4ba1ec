package io.channelpilot.reconcile;

import io.channelpilot.gateway.AwsErrors;
import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.Plan;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.TableGenerations;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.reconcile.gateway.SdkFleet;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.refusal.Refusals;
import io.channelpilot.store.FailureLedger;
import io.channelpilot.store.StatusStore;
import io.channelpilot.workflow.AwsThrottled;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import org.slf4j.LoggerFactory;
import io.channelpilot.reconcile.gateway.ApiCalls;
import io.channelpilot.reconcile.gateway.Executions;
import io.channelpilot.reconcile.gateway.Fleet;

/**
 * The reconcile sweep (DESIGN §2, §4; style anchor 9): for each allowed cluster, load desired (cluster tags) and
 * actual (ListTopics/ListChannels pages, see {@link ClusterReader}) → plan with the SAME {@link IntentPlanner} as
 * resolve-intents → partition (unmanaged, paused, managed) → start one provisioning execution per topic with work,
 * named deterministically ({@link ExecutionNames}) → correct the status store ({@link StatusCorrector}) → check the
 * retention race of channels with outstanding DLQ entries ({@link RetentionCheck}) → report.
 * A failing cluster is an error value in its report and does not stop the others; the next sweep converges.
 * This class is the Java API the operator CLI calls ({@code channel-pilot reconcile [--cluster]}): {@link #run}.
 */
public final class Reconciler {

    private static final Logger LOG = LoggerFactory.getLogger(Reconciler.class);

    private final Fleet fleet;
    private final Executions executions;
    private final IntentPlanner planner;
    private final ClusterReader reader;
    private final StatusCorrector corrector;
    private final RetentionCheck retention;
    private final StackSettings stack;
    private final Clock clock;
    private final Duration interval;
    private final ApiCalls calls;
    private final RefusalReporter refusals;
    private final StatusStore store;

    Reconciler(Fleet fleet, Executions executions, StatusStore store, RetentionCheck retention, StackSettings stack,
                      Clock clock, Duration interval, int verifyBudget, ApiCalls calls) {
        this(fleet, executions, store, retention, stack, clock, interval, verifyBudget, calls, FailureHistory.DEFAULT_LIMIT);
    }

    /** @param recreateLimit recreates of a FAILED channel per fingerprint ({@code CHANNEL_PILOT_FAILED_RECREATE_LIMIT}) */
    Reconciler(Fleet fleet, Executions executions, StatusStore store, RetentionCheck retention, StackSettings stack,
                      Clock clock, Duration interval, int verifyBudget, ApiCalls calls, int recreateLimit) {
        this(fleet, executions, store, retention, stack, clock, interval, verifyBudget, calls, recreateLimit, RefusalReporter.NONE);
    }

    /** @param refusals records and notifies each cluster's refusals (issue 15: the sweep is their backstop too) */
    Reconciler(Fleet fleet, Executions executions, StatusStore store, RetentionCheck retention, StackSettings stack,
                      Clock clock, Duration interval, int verifyBudget, ApiCalls calls, int recreateLimit,
                      RefusalReporter refusals) {
        this.refusals = refusals;
        this.store = store;
        this.fleet = fleet;
        this.executions = executions;
        this.planner = new IntentPlanner(stack);
        this.reader = new ClusterReader(fleet, planner, stack, verifyBudget,
                new FailureLedger(store, stack.managedBy(), recreateLimit, FailureLedger.DEFAULT_WINDOW));
        this.corrector = new StatusCorrector(store, clock, stack.managedBy());
        this.retention = retention;
        this.stack = stack;
        this.clock = clock;
        this.interval = interval;
        this.calls = calls;
    }

    /** One execution a sweep would start: the topic, its deterministic name, one {@code channel:PLAN:REASON} per intent. */
    public record PlannedExecution(String topic, String executionName, List<String> reasons) {
    }

    /** The executions a sweep would start for a cluster's intents ({@code channel-pilot reconcile --dry-run}). */
    public static List<PlannedExecution> wouldStart(String sweepId, String clusterArn, List<Intent> intents) {
        return Work.select(sweepId, clusterArn, intents).stream()
                .map(w -> new PlannedExecution(w.topic(), w.executionName(), w.reasons())).toList();
    }

    /** Parses the Lambda input and sweeps; a bad input is a report with one error (never a throw). */
    SweepReport sweep(JsonNode input) {
        Instant now = clock.instant();
        SweepRequest.Parsed parsed = SweepRequest.parse(input, now, interval);
        if (parsed instanceof SweepRequest.Ok ok) {
            return run(ok.request());
        }
        return SweepReport.of("", now, List.of(), List.of(((SweepRequest.Error) parsed).error()), calls.snapshot());
    }

    SweepReport run(SweepRequest request) {
        Instant started = clock.instant();
        List<ClusterReport> reports = new ArrayList<>();
        List<ReconcileError> errors = new ArrayList<>();
        List<Fleet.ClusterSummary> clusters;
        try {
            clusters = fleet.clusters();
        } catch (AwsThrottled e) {
            errors.add(ReconcileError.of(ReconcileErrorCode.CLUSTER_THROTTLED, "ListClustersV2", "MSK throttled ListClustersV2"));
            return SweepReport.of(request.sweepId(), started, reports, errors, calls.snapshot());
        } catch (ClusterReadException e) {
            errors.add(ReconcileError.of(ReconcileErrorCode.CLUSTER_READ_FAILED, "ListClustersV2", e.getMessage()));
            return SweepReport.of(request.sweepId(), started, reports, errors, calls.snapshot());
        }
        Optional<String> only = request.clusterArn();
        if (only.isPresent() && planner.guardrail(only.get()).isPresent()) {
            errors.add(ReconcileError.of(ReconcileErrorCode.CLUSTER_NOT_ALLOWED, "clusterArn", planner.guardrail(only.get()).get().message()));
        } else if (only.isPresent() && clusters.stream().noneMatch(c -> c.arn().equals(only.get()))) {
            errors.add(ReconcileError.of(ReconcileErrorCode.CLUSTER_READ_FAILED, "clusterArn", "ListClustersV2 does not list " + only.get()));
        }
        for (Fleet.ClusterSummary c : clusters) {
            if (only.map(a -> !a.equals(c.arn())).orElse(false) || planner.guardrail(c.arn()).isPresent()) {
                continue;
            }
            reports.add(sweepCluster(c, request));
        }
        return SweepReport.of(request.sweepId(), started, reports, errors, calls.snapshot());
    }

    private ClusterReport sweepCluster(Fleet.ClusterSummary cluster, SweepRequest request) {
        try {
            ClusterReader.ClusterRead read = reader.read(cluster, request.sweepId(), request.slot());
            PlanOutcome outcome = planner.plan(read.state(), PlanScope.all(), request.sweepId());
            List<ClusterReport.StartedExecution> started = new ArrayList<>();
            for (Work w : Work.select(request.sweepId(), cluster.arn(), outcome.intents())) {
                Executions.StartResult result = executions.start(w.executionName(), w.input(request.sweepId()));
                LOG.info("sweep={} cluster={} topic={} execution={} result={} work={}", request.sweepId(), cluster.name(), w.topic(),
                        w.executionName(), result, w.reasons());
                started.add(new ClusterReport.StartedExecution(w.topic(), w.executionName(), result, w.reasons()));
            }
            StatusCorrector.Result corrected = corrector.correct(cluster.arn(), read.state().channels(), outcome.intents());
            RetentionSummary race = retention.check(cluster.arn(), request.sweepId());
            // as resolve-intents does: a change the sweep sees first bumps the rules generation, so the two events of
            // that change arriving later key their notices (refusals, VALIDATION_REFUSED, ...) the same and send nothing
            store.recordRules(cluster.arn(), NotificationDedupe.rulesDigest(read.state().clusterTags()));
            List<Refusal> found = Refusals.of(outcome, read.state().clusterTags(), request.sweepId());
            List<RefusalNotifier.Sent> told = refusals.report(cluster.arn(), found);
            List<ClusterReport.ConfiguredFreshness> freshness = outcome.intents().stream()
                    .filter(i -> i.desired() != null && i.existing() != null && i.desired().operations().managed())
                    .map(i -> new ClusterReport.ConfiguredFreshness(i.existing().channelName(), i.topic(), i.desired().freshnessSeconds()))
                    .toList();
            return report(cluster, read, outcome, started, corrected, race).withRefusals(found, told, freshness);
        } catch (AwsThrottled e) {
            LOG.warn("sweep={} cluster={} code={} operation={}", request.sweepId(), cluster.name(), ReconcileErrorCode.CLUSTER_THROTTLED, e.getMessage());
            return ClusterReport.failed(cluster.arn(), cluster.name(), ReconcileError.of(ReconcileErrorCode.CLUSTER_THROTTLED,
                    cluster.arn(), "MSK throttled the sweep of " + cluster.name() + " after the SDK's retries"));
        } catch (ClusterReadException e) {
            LOG.warn("sweep={} cluster={} code={} message={}", request.sweepId(), cluster.name(), ReconcileErrorCode.CLUSTER_READ_FAILED, e.getMessage());
            return ClusterReport.failed(cluster.arn(), cluster.name(), ReconcileError.of(ReconcileErrorCode.CLUSTER_READ_FAILED,
                    cluster.arn(), e.getMessage()));
        } catch (SdkException e) {
            // the status store's, the bus's and SNS's calls (not MSK's, SdkFleet codes those): after the SDK's retries a
            // throttle or 5xx is the next sweep's to converge; anything else names the service and error code
            boolean transientError = AwsErrors.classify(e).isTransient();
            ReconcileErrorCode code = transientError ? ReconcileErrorCode.CLUSTER_THROTTLED : ReconcileErrorCode.CLUSTER_SWEEP_FAILED;
            String what = e instanceof AwsServiceException aws ? aws.awsErrorDetails().serviceName() + " "
                    + aws.awsErrorDetails().errorCode() + " (HTTP " + aws.statusCode() + ")" : e.getClass().getSimpleName();
            LOG.warn("sweep={} cluster={} code={} error={}", request.sweepId(), cluster.name(), code, what);
            return ClusterReport.failed(cluster.arn(), cluster.name(), ReconcileError.of(code, cluster.arn(),
                    "the sweep of " + cluster.name() + " stopped: " + what + " after the SDK's retries"));
        }
    }

    private ClusterReport report(Fleet.ClusterSummary cluster, ClusterReader.ClusterRead read, PlanOutcome outcome,
                                 List<ClusterReport.StartedExecution> started, StatusCorrector.Result corrected,
                                 RetentionSummary race) {
        List<String> unmanaged = new ArrayList<>();
        for (ObservedChannel o : read.state().channels()) {
            if (!OwnershipTags.isManagedBy(o.tags(), stack.managedBy())) {
                unmanaged.add(o.channelName() + " (" + o.sourceTopic().orElse("?") + ")");
                LOG.info("cluster={} channel={} topic={} plan=UNMANAGED reason=NoOwnershipTag", cluster.name(), o.channelName(),
                        o.sourceTopic().orElse(""));
            }
        }
        List<Intent> intents = outcome.intents();
        List<String> paused = intents.stream().filter(i -> i.plan() == Plan.PAUSED).map(Intent::channelName).toList();
        List<String> pending = intents.stream().filter(Work::awaitsApproval).map(Intent::channelName).toList();
        int desired = (int) intents.stream().filter(i -> i.desired() != null && i.desired().operations().managed()
                && !i.desired().operations().paused()).count();
        int drifted = (int) intents.stream().filter(i -> Work.needsWork(i) || Work.awaitsApproval(i)).count();
        List<ReconcileError> errors = started.stream().filter(s -> s.result() == Executions.StartResult.FAILED)
                .map(s -> ReconcileError.of(ReconcileErrorCode.EXECUTION_START_FAILED, s.executionName(),
                        "StartExecution for topic " + s.topic() + " failed")).toList();
        return new ClusterReport(cluster.arn(), cluster.name(), read.state().topics().size(), desired, read.listed().size(),
                read.described().size(), drifted, unmanaged, paused, pending, corrected.newlyPendingApproval(), started,
                corrected.corrections(), corrected.deletedOutOfBand(), outcome.skipped(), errors, race,
                intents.stream().flatMap(i -> TableGenerations.split(i).map(x -> i.channelName() + " (topic " + i.topic() + "): "
                        + x.sentence() + ": " + x.unionView()).stream()).toList(), corrected.newlyFailedTooOften());
    }
}
