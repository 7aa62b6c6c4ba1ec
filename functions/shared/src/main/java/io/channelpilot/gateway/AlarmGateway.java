package io.channelpilot.gateway;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** CloudWatch metric alarms on a channel's metrics (reference §7). PutMetricAlarm overwrites: idempotent by name. */
public interface AlarmGateway {

    void put(AlarmSpec alarm);

    /** Deletes the named alarms; names that do not exist are ignored (the others are still deleted). */
    void delete(List<String> names);

    /**
     * One alarm, fully specified. {@code comparison} and {@code treatMissingData} use the CloudWatch wire values
     * ({@code GreaterThanThreshold}, {@code notBreaching}).
     */
    record AlarmSpec(String name, String description, String namespace, String metricName, Map<String, String> dimensions,
                     String statistic, int periodSeconds, int evaluationPeriods, int datapointsToAlarm, double threshold,
                     String comparison, String treatMissingData) {

        public AlarmSpec {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(namespace, "namespace");
            Objects.requireNonNull(metricName, "metricName");
            Objects.requireNonNull(statistic, "statistic");
            Objects.requireNonNull(comparison, "comparison");
            Objects.requireNonNull(treatMissingData, "treatMissingData");
            description = description == null ? "" : description;
            dimensions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dimensions));
            if (periodSeconds < 10 || evaluationPeriods < 1 || datapointsToAlarm < 1 || datapointsToAlarm > evaluationPeriods) {
                throw new IllegalArgumentException("alarm " + name + ": period " + periodSeconds + " s, "
                        + datapointsToAlarm + " of " + evaluationPeriods + " periods is not a valid alarm window");
            }
        }
    }
}
