package io.channelpilot.local.world.cloudwatch;

import java.time.Instant;
import java.util.List;
import java.util.SortedMap;

/**
 * A single-metric alarm as configured by PutMetricAlarm, plus its current state. Immutable; the emulator replaces it
 * on every change under its lock.
 */
public record MetricAlarm(String alarmName, String alarmArn, String description, boolean actionsEnabled,
                          List<String> okActions, List<String> alarmActions, List<String> insufficientDataActions,
                          String namespace, String metricName, SortedMap<String, String> dimensions, String statistic,
                          int period, String unit, int evaluationPeriods, int datapointsToAlarm, double threshold,
                          String comparisonOperator, String treatMissingData, Instant configurationUpdated,
                          AlarmState state, Instant stateTransitioned) {

    public MetricAlarm {
        okActions = List.copyOf(okActions);
        alarmActions = List.copyOf(alarmActions);
        insufficientDataActions = List.copyOf(insufficientDataActions);
        dimensions = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(dimensions));
    }

    public MetricKey metric() {
        return new MetricKey(namespace, metricName, dimensions);
    }

    MetricAlarm withState(AlarmState next) {
        boolean transitioned = !next.value().equals(state.value());
        return new MetricAlarm(alarmName, alarmArn, description, actionsEnabled, okActions, alarmActions,
                insufficientDataActions, namespace, metricName, dimensions, statistic, period, unit, evaluationPeriods,
                datapointsToAlarm, threshold, comparisonOperator, treatMissingData, configurationUpdated, next,
                transitioned ? next.timestamp() : stateTransitioned);
    }

    /** The actions CloudWatch runs when the alarm enters {@code stateValue}. */
    List<String> actionsFor(String stateValue) {
        return switch (stateValue) {
            case AlarmState.ALARM -> alarmActions;
            case AlarmState.OK -> okActions;
            default -> insufficientDataActions;
        };
    }

    boolean breaches(double value) {
        return switch (comparisonOperator) {
            case "GreaterThanThreshold" -> value > threshold;
            case "GreaterThanOrEqualToThreshold" -> value >= threshold;
            case "LessThanThreshold" -> value < threshold;
            case "LessThanOrEqualToThreshold" -> value <= threshold;
            default -> throw new IllegalStateException("unsupported operator " + comparisonOperator);
        };
    }

    String comparisonPhrase() {
        return switch (comparisonOperator) {
            case "GreaterThanThreshold" -> "greater than";
            case "GreaterThanOrEqualToThreshold" -> "greater than or equal to";
            case "LessThanThreshold" -> "less than";
            default -> "less than or equal to";
        };
    }
}
