package io.channelpilot.reconcile;

import java.util.Locale;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.model.DimensionSet;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;
import io.channelpilot.reconcile.gateway.ApiCalls;

/** The sweep report as EMF metrics (one namespace, no per-channel dimensions; style anchor 17). */
final class SweepMetrics {

    private SweepMetrics() {
    }

    /**
     * The sweep's gauges, plus one {@code ConfiguredFreshnessSeconds} per managed channel with the channel metrics'
     * own dimensions ({@code ClusterName}, {@code ChannelName}, {@code Topic}), so the stack's dashboard draws each
     * channel's configured freshness beside its {@code AWS/Kafka DeliveryToIceberg.DataFreshness} with one SEARCH.
     */
    static void record(Metrics metrics, SweepReport r, String namespace) {
        record(metrics, r);
        for (ClusterReport c : r.clusters()) {
            for (ClusterReport.ConfiguredFreshness f : c.configuredFreshness()) {
                metrics.flushSingleMetric(CONFIGURED_FRESHNESS, f.seconds(), MetricUnit.SECONDS, namespace,
                        DimensionSet.of("ClusterName", c.clusterName(), "ChannelName", f.channel(), "Topic", f.topic()));
            }
        }
    }

    static final String CONFIGURED_FRESHNESS = "ConfiguredFreshnessSeconds";

    static void record(Metrics metrics, SweepReport r) {
        metrics.addMetric("ChannelsDesired", r.desired(), MetricUnit.COUNT);
        metrics.addMetric("ChannelsActual", r.actual(), MetricUnit.COUNT);
        metrics.addMetric("ChannelsDrifted", r.drifted(), MetricUnit.COUNT);
        metrics.addMetric("ChannelsUnmanaged", r.unmanaged(), MetricUnit.COUNT);
        metrics.addMetric("ExecutionsStarted", r.executionsStarted(), MetricUnit.COUNT);
        metrics.addMetric("ExecutionsAlreadyStarted", r.executionsAlreadyStarted(), MetricUnit.COUNT);
        metrics.addMetric("ExecutionsNotStarted", r.executionsNotStarted(), MetricUnit.COUNT);
        metrics.addMetric("StatusCorrected", r.corrections(), MetricUnit.COUNT);
        metrics.addMetric("SweepErrors", r.clusterErrors(), MetricUnit.COUNT);
        metrics.addMetric("Refusals", r.clusters().stream().mapToInt(c -> c.refusals().size()).sum(), MetricUnit.COUNT);
        metrics.addMetric("RefusalsNotified", r.clusters().stream().flatMap(c -> c.refusalNotices().stream())
                .filter(n -> !n.duplicate()).count(), MetricUnit.COUNT);
        metrics.addMetric("RetentionRaceWarn", r.retention().warn(), MetricUnit.COUNT);
        metrics.addMetric("RetentionRaceCritical", r.retention().critical(), MetricUnit.COUNT);
        // "kafka:ListTopics" → ApiCallsKafkaListTopics: metric names stay few and fixed (one per operation used).
        r.apiCalls().forEach((op, n) -> metrics.addMetric("ApiCalls" + name(op), n, MetricUnit.COUNT));
    }

    static String name(String operation) {
        String[] parts = operation.split(":", 2);
        String service = parts[0].isEmpty() ? "" : parts[0].substring(0, 1).toUpperCase(Locale.ROOT) + parts[0].substring(1);
        return service + (parts.length > 1 ? parts[1] : "");
    }
}
