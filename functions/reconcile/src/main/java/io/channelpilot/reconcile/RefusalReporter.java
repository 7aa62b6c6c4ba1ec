package io.channelpilot.reconcile;

import io.channelpilot.plan.PlanScope;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.refusal.RefusalRecorder;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sweep is the backstop for refusals too (issue 15): a topic whose tags have problems gets no execution, so the
 * sweep records its condition and tells the owner itself — once, with the same claim key as the event-driven
 * NotifyRefusals step ({@link RefusalNotifier}), so an owner who already heard it from the tag change hears nothing
 * more until the claim expires.
 */
interface RefusalReporter {

    /** Reports nothing (tests and callers that do not care). */
    RefusalReporter NONE = (clusterArn, refusals) -> List.of();

    /** @return what was sent (or found to be a duplicate) for each refusal */
    List<RefusalNotifier.Sent> report(String clusterArn, List<Refusal> refusals);

    /** Records the conditions of the whole cluster, then notifies; a failed publish is logged, never fails the sweep. */
    static RefusalReporter of(RefusalRecorder recorder, RefusalNotifier notifier) {
        Logger log = LoggerFactory.getLogger(RefusalReporter.class);
        return (clusterArn, refusals) -> {
            recorder.record(clusterArn, refusals, PlanScope.all());
            try {
                return notifier.notify(refusals);
            } catch (RuntimeException e) {
                log.warn("cluster={} refusals not notified ({}); the next sweep tries again", clusterArn, e.toString());
                return List.of();
            }
        };
    }
}
