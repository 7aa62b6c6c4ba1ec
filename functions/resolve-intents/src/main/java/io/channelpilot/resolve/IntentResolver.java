package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.gateway.ClusterStateReader;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.Home;
import io.channelpilot.model.SafeText;
import io.channelpilot.notification.NotificationDedupe;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.Skip;
import io.channelpilot.plan.SkipReason;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalRecorder;
import io.channelpilot.refusal.Refusals;
import io.channelpilot.store.FailureLedger;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Any trigger → intents (DESIGN §5 step 1): parse → guardrail → re-read the cluster's current tags, topics and
 * channels → plan → record desired state → claim the event → intents.
 *
 * <p>Duplicates: rule-started executions cannot be named by EventBridge, so the EventBridge event id is claimed in the
 * status store and a second delivery resolves to zero intents ({@link SkipReason#DUPLICATE_EVENT}). The claim is taken
 * after the reads so that a throttled attempt, retried by the state's Retry, does not find its own claim; recording
 * before the claim is harmless because it is idempotent. Sweeps and the CLI use deterministic execution names instead.
 */
final class IntentResolver {

    private final ClusterStateReader reader;
    private final IntentPlanner planner;
    private final DesiredStatusRecorder recorder;
    private final StatusStore store;
    private final Duration claimTtl;
    private final Home home;
    private final FailureLedger failures;
    private final RefusalRecorder refusals;

    IntentResolver(ClusterStateReader reader, IntentPlanner planner, DesiredStatusRecorder recorder, StatusStore store, Duration claimTtl) {
        this(reader, planner, recorder, store, claimTtl, Home.unknown());
    }

    /** @param home the stack's partition/Region/account: triggers naming clusters elsewhere are refused before any read */
    IntentResolver(ClusterStateReader reader, IntentPlanner planner, DesiredStatusRecorder recorder, StatusStore store, Duration claimTtl,
                   Home home) {
        this(reader, planner, recorder, store, claimTtl, home,
                new FailureLedger(store, "", FailureHistory.DEFAULT_LIMIT, FailureLedger.DEFAULT_WINDOW));
    }

    /** @param failures records FAILED channels and gives the planner their history (bounded recreate) */
    IntentResolver(ClusterStateReader reader, IntentPlanner planner, DesiredStatusRecorder recorder, StatusStore store, Duration claimTtl,
                   Home home, FailureLedger failures) {
        this(reader, planner, recorder, store, claimTtl, home, failures, new RefusalRecorder(store, Clock.systemUTC()));
    }

    /** @param refusals keeps the refusal conditions of each planned cluster in the status store (issue 15) */
    IntentResolver(ClusterStateReader reader, IntentPlanner planner, DesiredStatusRecorder recorder, StatusStore store, Duration claimTtl,
                   Home home, FailureLedger failures, RefusalRecorder refusals) {
        this.refusals = refusals;
        this.home = home;
        this.reader = reader;
        this.planner = planner;
        this.recorder = recorder;
        this.store = store;
        this.claimTtl = claimTtl;
        this.failures = failures;
    }

    /** @param trigger the execution input (the ASL passes it as {@code trigger}) */
    public ResolveResult resolve(JsonNode trigger) {
        ParsedTrigger parsed = TriggerParser.parse(trigger);
        if (parsed instanceof ParsedTrigger.Invalid invalid) {
            String id = trigger != null && trigger.isObject() ? SafeText.of(TriggerParser.text(trigger, "id"), 128) : "";
            return rejected(invalid.error(), "", id, trigger);
        }
        Trigger t = ((ParsedTrigger.Valid) parsed).trigger();
        Optional<String> foreign = home.mismatch(ClusterArn.parse(t.clusterArn()));
        if (foreign.isPresent()) {
            return rejected(new ResolveError(ResolveErrorCode.TRIGGER_ARN_FOREIGN, arnField(t), "cluster "
                    + t.clusterArn() + " " + foreign.get(), "Deploy Channel Pilot in that cluster's account and Region; a stack "
                    + "only provisions its own clusters."), "", t.id(), trigger);
        }
        if (t instanceof Trigger.TagEvent tags && (!tags.errorCode().isEmpty() || !tags.touchesChannelPilotKeys())) {
            // a failed call changed nothing; a look-alike key is the one thing worth telling (the key never landed)
            List<Refusal> hints = TriggerRefusals.rejectedLookalikes(tags);
            if (!tags.errorCode().isEmpty() || !tags.touchesLookalikeKeys()) {
                return log(ResolveResult.skipped(Skip.of(SkipReason.NO_RELEVANT_TAG_CHANGE, t.clusterArn(), tags.topic(),
                        "tag change on " + tags.resourceArn() + " touched " + tags.changedKeys() + (tags.errorCode().isEmpty()
                                ? ", no channel-pilot/ key" : " and failed (" + tags.errorCode() + "): nothing changed")), t.id())
                        .withRefusals(hints));
            }
            // a look-alike key now on the cluster: plan, so its hint is reported with the right spelling
        }
        Optional<Skip> refused = planner.guardrail(t.clusterArn());
        if (refused.isPresent()) {
            List<Refusal> guardrail = List.of();
            if (t instanceof Trigger.TagEvent tags && tags.touchesChannelPilotKeys()) {
                guardrail = List.of(Refusals.guardrail(refused.get(), t.id()));
            }
            return log(ResolveResult.skipped(refused.get(), t.id()).withRefusals(guardrail));
        }
        ClusterState state;
        try {
            state = failures.enrich(reader.read(t.clusterArn(), t.scope()));
        } catch (ClusterReadException e) {
            return rejected(readError(e), t.clusterArn(), t.id(), trigger);
        }
        // the rules generation lets notify tell a duplicate delivery of one change from a change and its revert
        store.recordRules(t.clusterArn(), NotificationDedupe.rulesDigest(state.clusterTags()));
        PlanOutcome outcome = planner.plan(state, t.scope(), t.id());
        recorder.record(outcome.intents());
        List<Refusal> found = Refusals.of(outcome, state.clusterTags(), t.id());
        refusals.record(t.clusterArn(), found, t.scope());
        if (t.claimId().isPresent() && !store.claimEvent(t.claimId().get(), claimTtl)) {
            return log(ResolveResult.skipped(Skip.of(SkipReason.DUPLICATE_EVENT, t.clusterArn(), "", "event " + t.claimId().get()
                    + " was already resolved by another execution; this duplicate delivery plans nothing"), t.id()));
        }
        return log(new ResolveResult(outcome.intents(), outcome.skipped(), List.of(), t.id(), found));
    }

    /**
     * A trigger that cannot be resolved: the error and its one-off refusal. Nothing is written here (bad input changes
     * nothing); the NotifyRefusals step notifies, records the condition, and the execution then fails.
     */
    private static ResolveResult rejected(ResolveError error, String clusterArn, String id, JsonNode trigger) {
        return log(ResolveResult.failed(error, id, TriggerRefusals.rejected(error, clusterArn, id, trigger)));
    }

    /** The trigger field the cluster ARN came from, so the error names it. */
    private static String arnField(Trigger t) {
        if (t instanceof Trigger.TagEvent tags) {
            return tags.origin().equals("aws.tag") ? "resources[0]" : "detail.requestParameters.resourceArn";
        }
        if (t instanceof Trigger.TopicEvent topic) {
            return topic.eventSource().startsWith("kafka-cluster") ? "detail.requestParameters.resourceARN"
                    : "detail.requestParameters.clusterArn";
        }
        return "clusterArn";
    }

    private static ResolveError readError(ClusterReadException e) {
        return switch (e.code()) {
            case CLUSTER_NOT_FOUND -> new ResolveError(ResolveErrorCode.CLUSTER_NOT_FOUND, e.operation(), e.getMessage(),
                    "Check the cluster ARN and Region; a deleted cluster needs no channels.");
            case READ_DENIED -> new ResolveError(ResolveErrorCode.READ_DENIED, e.operation(), e.getMessage(),
                    "Grant " + e.permission() + " on the cluster, its topics and channels to the resolve-intents role (template.yaml).");
            case READ_FAILED -> new ResolveError(ResolveErrorCode.READ_FAILED, e.operation(), e.getMessage(),
                    "Check the request in CloudTrail; resolve again once MSK accepts it.");
        };
    }

    private static ResolveResult log(ResolveResult result) {
        result.intents().forEach(DecisionLog::intent);
        result.skipped().forEach(s -> DecisionLog.skip(s, result.triggerId()));
        result.errors().forEach(e -> DecisionLog.error(e, result.triggerId()));
        return result;
    }
}
