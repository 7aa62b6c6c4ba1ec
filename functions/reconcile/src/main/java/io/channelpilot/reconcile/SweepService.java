package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.channelpilot.reconcile.gateway.ApiCalls;

/**
 * One sweep end to end: {@link Reconciler} → one summary notification when worth it. A fresh {@link ApiCalls} per
 * sweep so the report counts this sweep's calls only. Public so the operator CLI can run a sweep in-process:
 * {@code ReconcileWiring.from(config, clients, time).service().sweep(json)}.
 */
public final class SweepService {

    private static final Logger LOG = LoggerFactory.getLogger(SweepService.class);

    /** Builds the reconciler over a fresh call counter. */
    interface ReconcilerFactory {
        Reconciler create(ApiCalls calls);
    }

    private final ReconcilerFactory reconcilers;
    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;

    SweepService(ReconcilerFactory reconcilers, NotificationPublisher publisher, NotificationRenderer renderer) {
        this.reconcilers = reconcilers;
        this.publisher = publisher;
        this.renderer = renderer;
    }

    public SweepReport sweep(JsonNode input) {
        return finish(reconcilers.create(new ApiCalls()).sweep(input));
    }

    SweepReport run(SweepRequest request) {
        return finish(reconcilers.create(new ApiCalls()).run(request));
    }

    private SweepReport finish(SweepReport report) {
        if (!report.worthNotifying()) {
            LOG.info("sweep={} nothing changed and nothing needs a human: no summary", report.sweepId());
            return report;
        }
        try {
            publisher.publish(renderer.render(SweepSummary.of(report)));
            return report.withNotified(true);
        } catch (RuntimeException e) {
            // The sweep's work is done; a lost summary must not fail it (the next sweep reports again).
            LOG.warn("sweep={} summary not published: {}", report.sweepId(), e.toString());
            return report;
        }
    }
}
