package io.channelpilot.refusal;

import io.channelpilot.plan.PlanScope;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.RefusalCondition;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Keeps the refusal conditions of a cluster in step with the latest plan (issue 15): a refusal the plan reports is
 * {@code Refused=True} (written only when what it says changed, so repeated sweeps write nothing); a standing one the
 * plan no longer reports — for a subject the plan looked at — becomes {@code Refused=False}, reason {@code Resolved},
 * and expires a day later. A rejected trigger has no later plan: its condition expires after {@link #TRIGGER_TTL}.
 * One Query per cluster and plan, then one PutItem per change.
 */
public final class RefusalRecorder {

    /** How long a resolved refusal stays visible as {@code Refused=False}. */
    public static final Duration RESOLVED_TTL = Duration.ofDays(1);
    /** How long a rejected trigger's condition stays visible. */
    public static final Duration TRIGGER_TTL = Duration.ofDays(7);

    private final StatusStore store;
    private final Clock clock;

    public RefusalRecorder(StatusStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    /**
     * @param clusterArn the cluster that was planned
     * @param refusals   the plan's refusals for that cluster
     * @param scope      the topics the plan looked at: standing refusals of other topics are left as they are
     */
    public void record(String clusterArn, List<Refusal> refusals, PlanScope scope) {
        Instant now = clock.instant();
        Map<String, RefusalCondition> standing = new LinkedHashMap<>();
        store.refusals(clusterArn).stream().filter(RefusalCondition::standing).forEach(c -> standing.put(c.subject(), c));
        for (Refusal r : refusals) {
            RefusalCondition before = standing.remove(r.subject());
            RefusalCondition next = condition(r, before == null ? now : before.since(), now, null);
            if (!next.sameAs(before)) {
                store.putRefusal(next);
            }
        }
        for (RefusalCondition gone : standing.values()) {
            // a condition with an expiry belongs to one trigger (rejected event, failed TagResource): it ages out alone
            if (gone.expiry().isEmpty() && inScope(gone, scope)) {
                store.putRefusal(gone.resolved(now, now.plus(RESOLVED_TTL)));
            }
        }
    }

    /** A one-off refusal (rejected trigger, failed TagResource, guardrail): recorded once, visible for {@link #TRIGGER_TTL}. */
    public void recordOneOff(Refusal r) {
        Instant now = clock.instant();
        store.putRefusal(condition(r, now, now, now.plus(TRIGGER_TTL)));
    }

    private static boolean inScope(RefusalCondition c, PlanScope scope) {
        return !(scope instanceof PlanScope.Topics named) || c.topic().isEmpty() || named.names().contains(c.topic());
    }

    static RefusalCondition condition(Refusal r, Instant since, Instant now, Instant expiresAt) {
        Refusal.Problem first = r.problems().get(0);
        return new RefusalCondition(r.clusterArn(), r.subject(), r.kind().name(), ConditionStatus.TRUE, r.codes(), r.tags(), r.topic(),
                r.owner(), r.summary(), first.remediation(), since, now, r.correlationId(), expiresAt);
    }
}
