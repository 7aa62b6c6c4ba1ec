package io.channelpilot.reconcile;

import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanReason;
import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.RecordedAlarm;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The sweep does not trust recorded status (issue 7 §2): it compares what the status store says about each managed
 * channel of a cluster (one {@link StatusStore#list} per cluster, not a read per channel) with what MSK says now, and
 * writes only where they differ — observed status and ARN, {@code Ready}, {@code Degraded}, and for a channel that
 * vanished without Channel Pilot deleting it, {@code Provisioned=False} with reason {@link #DELETED_OUT_OF_BAND}.
 * Unapproved replacements get {@code ReplacementPending=True} like the resolver sets it. The store itself skips writes
 * that would change nothing but timestamps, and {@code lastTransitionTime} moves only on a flip.
 *
 * <p>A channel of ours provisioned before tables were claimed and alarms recorded (issue 13) is adopted once: its
 * table is claimed for it and the alarms it was given are recorded, so the tenancy and alarm-identity checks cover it
 * from then on without re-provisioning it. A table another channel already claimed is reported, never taken over.
 */
final class StatusCorrector {

    static final String DELETED_OUT_OF_BAND = "ChannelDeletedOutOfBand";
    static final String RECORDED = "TableClaimedAndAlarmsRecorded";
    static final String TABLE_CLAIMED_BY_ANOTHER = "TableClaimedByAnotherChannel";
    static final String MISSING = "MISSING";
    private static final Set<String> GONE = Set.of("", "DELETED", MISSING);

    /** One status that was corrected: what the store said, what MSK says. */
    record Correction(String channelName, String topic, String recorded, String actual, String reason) {
    }

    /** Everything the corrector found for one cluster. */
    record Result(List<Correction> corrections, List<Correction> deletedOutOfBand, List<String> newlyPendingApproval,
                  List<String> newlyFailedTooOften) {
        Result(List<Correction> corrections, List<Correction> deletedOutOfBand, List<String> newlyPendingApproval) {
            this(corrections, deletedOutOfBand, newlyPendingApproval, List.of());
        }
    }

    /** Degraded reason of a FAILED channel that reached its recreate limit (FailureHistory): a human must act. */
    static final String RECREATE_LIMIT_REACHED = "RecreateLimitReached";

    private final StatusStore store;
    private final Clock clock;
    private final String managedBy;

    StatusCorrector(StatusStore store, Clock clock, String managedBy) {
        this.store = store;
        this.clock = clock;
        this.managedBy = managedBy;
    }

    Result correct(String clusterArn, List<ObservedChannel> observed, List<Intent> intents) {
        Map<String, ChannelStatus> recorded = new HashMap<>();
        store.list(clusterArn).forEach(s -> recorded.put(s.key().channelName(), s));
        Set<String> present = observed.stream().map(ObservedChannel::channelName).collect(Collectors.toSet());
        List<Correction> corrections = new ArrayList<>();
        List<Correction> deleted = new ArrayList<>();
        for (ObservedChannel o : observed) {
            if (!OwnershipTags.isManagedBy(o.tags(), managedBy)) {
                continue;
            }
            ChannelStatus r = recorded.get(o.channelName());
            if (r != null && r.observedStatus().equals(o.status()) && r.channelArn().equals(o.channelArn())) {
                continue;
            }
            String topic = o.sourceTopic().orElse(r == null ? "" : r.topic());
            store.update(new ChannelKey(clusterArn, o.channelName()), topic, s -> observe(s, o));
            corrections.add(new Correction(o.channelName(), topic, r == null ? "" : r.observedStatus(), o.status(), "ObservedStatusDiffers"));
        }
        for (ChannelStatus r : recorded.values()) {
            String name = r.key().channelName();
            if (present.contains(name) || r.channelArn().isEmpty() || GONE.contains(r.observedStatus())) {
                continue;
            }
            String message = "channel " + name + " (" + r.channelArn() + ") is no longer listed by MSK but Channel Pilot did not delete it";
            store.update(r.key(), r.topic(), s -> s.withObserved(s.channelArn(), MISSING)
                    .withCondition(ConditionType.READY, ConditionStatus.FALSE, DELETED_OUT_OF_BAND, message, clock.instant())
                    .withCondition(ConditionType.PROVISIONED, ConditionStatus.FALSE, DELETED_OUT_OF_BAND, message, clock.instant()));
            deleted.add(new Correction(name, r.topic(), r.observedStatus(), MISSING, DELETED_OUT_OF_BAND));
        }
        corrections.addAll(adoptUnrecorded(clusterArn, intents, recorded));
        return new Result(corrections, deleted, markPendingApprovals(clusterArn, intents, recorded),
                markFailedTooOften(clusterArn, intents));
    }

    /**
     * Channels the sweep finds in sync whose status has a desired spec but no recorded alarms: claim the spec's table
     * and record the alarms its names rule gave the channel (one conditional write each, once per channel).
     */
    private List<Correction> adoptUnrecorded(String clusterArn, List<Intent> intents, Map<String, ChannelStatus> recorded) {
        List<Correction> out = new ArrayList<>();
        for (Intent i : intents) {
            ChannelStatus r = recorded.get(i.channelName());
            if (i.desired() == null || i.existing() == null || r == null || r.desiredJson().isEmpty() || !r.alarms().isEmpty()
                    || !PlanReason.IN_SYNC.name().equals(i.reason()) || !i.desired().channelName().equals(i.channelName())) {
                continue;
            }
            var spec = i.desired();
            TableClaim wanted = new TableClaim(spec.infrastructure().tableBucketArn(), spec.namespace(), spec.table(), clusterArn,
                    spec.channelName(), spec.topic());
            TableClaim holder = store.claimTable(wanted);
            if (!holder.sameOwner(wanted)) {
                out.add(new Correction(i.channelName(), i.topic(), "", holder.owner(), TABLE_CLAIMED_BY_ANOTHER));
                continue;
            }
            store.update(r.key(), r.topic(), s -> s.withAlarms(RecordedAlarm.standard(clusterArn, spec.channelName(), spec.topic(),
                    spec.infrastructure().names())));
            out.add(new Correction(i.channelName(), i.topic(), "", spec.infrastructure().names().name(), RECORDED));
        }
        return out;
    }

    /**
     * A FAILED channel past its recreate limit gets {@code Degraded=True RecreateLimitReached} once; only that flip is
     * reported, so the summary asks a human exactly once (the store is re-read: the observe() above may just have
     * written {@code Degraded=True ChannelFAILED} for the same channel).
     */
    private List<String> markFailedTooOften(String clusterArn, List<Intent> intents) {
        List<String> fresh = new ArrayList<>();
        for (Intent i : intents) {
            if (!PlanReason.FAILED_RECREATE_LIMIT.name().equals(i.reason())) {
                continue;
            }
            ChannelKey key = new ChannelKey(clusterArn, i.channelName());
            boolean already = store.find(key).flatMap(s -> s.condition(ConditionType.DEGRADED))
                    .map(c -> c.status() == ConditionStatus.TRUE && RECREATE_LIMIT_REACHED.equals(c.reason())).orElse(false);
            if (!already) {
                store.update(key, i.topic(), s -> s.withCondition(ConditionType.DEGRADED, ConditionStatus.TRUE, RECREATE_LIMIT_REACHED,
                        i.message(), clock.instant()).withCondition(ConditionType.READY, ConditionStatus.FALSE, RECREATE_LIMIT_REACHED,
                        i.message(), clock.instant()));
                fresh.add(i.channelName() + ": " + i.message());
            }
        }
        return fresh;
    }

    private ChannelStatus observe(ChannelStatus s, ObservedChannel o) {
        ChannelStatus next = s.withObserved(o.channelArn(), o.status());
        return switch (o.status()) {
            case "ACTIVE" -> next.withCondition(ConditionType.READY, ConditionStatus.TRUE, "ChannelActive", "observed ACTIVE by the sweep", clock.instant())
                    .withCondition(ConditionType.DEGRADED, ConditionStatus.FALSE, "ChannelActive", "", clock.instant());
            case "FAILED", "SUSPENDED", "SUSPENDING" -> next
                    .withCondition(ConditionType.READY, ConditionStatus.FALSE, "Channel" + o.status(), "observed " + o.status() + " by the sweep", clock.instant())
                    .withCondition(ConditionType.DEGRADED, ConditionStatus.TRUE, "Channel" + o.status(), "observed " + o.status() + " by the sweep", clock.instant());
            default -> next.withCondition(ConditionType.READY, ConditionStatus.FALSE, "Channel" + o.status(),
                    "observed " + o.status() + " by the sweep", clock.instant());
        };
    }

    private List<String> markPendingApprovals(String clusterArn, List<Intent> intents, Map<String, ChannelStatus> recorded) {
        List<String> fresh = new ArrayList<>();
        for (Intent i : intents) {
            if (!Work.awaitsApproval(i)) {
                continue;
            }
            ChannelStatus r = recorded.get(i.channelName());
            boolean already = r != null && r.condition(ConditionType.REPLACEMENT_PENDING).map(c -> c.status() == ConditionStatus.TRUE).orElse(false);
            if (!already) {
                store.update(new ChannelKey(clusterArn, i.channelName()), i.topic(), s -> s.withCondition(ConditionType.REPLACEMENT_PENDING,
                        ConditionStatus.TRUE, i.reason(), i.message(), clock.instant()));
                fresh.add(i.channelName());
            }
        }
        return fresh;
    }
}
