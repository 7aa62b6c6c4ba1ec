package io.channelpilot.alarm;

import java.util.Locale;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** The EMF counts of one response: {@code AlarmResponse<Outcome>}, and {@code AlarmIgnored<Reason>} for suspicious input. */
final class AlarmMetrics {

    private AlarmMetrics() {
    }

    static void record(Metrics metrics, AlarmResponse response) {
        metrics.addMetric("AlarmResponse" + camel(response.outcome()), 1, MetricUnit.COUNT);
        if (response.outcome().equals("IGNORED") && !response.reason().startsWith("STATE_")) {
            // Forged, foreign or malformed alarms are counted by reason: a rising count is someone probing.
            metrics.addMetric("AlarmIgnored" + camel(response.reason()), 1, MetricUnit.COUNT);
        }
    }

    private static String camel(String code) {
        StringBuilder b = new StringBuilder();
        for (String part : code.toLowerCase(Locale.ROOT).split("_")) {
            b.append(part.isEmpty() ? "" : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return b.toString();
    }
}
