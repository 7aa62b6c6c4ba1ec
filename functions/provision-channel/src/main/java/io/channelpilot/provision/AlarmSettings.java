package io.channelpilot.provision;

import java.util.Map;

/**
 * Statistic and period of the three recommended alarms (reference §7). UNCONFIRMED: AWS documents the alarm
 * conditions ("DataFreshness above the configured freshness", "FailedRowCount > 0 for 5 consecutive minutes",
 * "DLQDeliverySuccess > 0") but not the statistic or period, nor how often the channel publishes each metric. These
 * defaults are our choice and every one is overridable from the environment:
 * {@code CHANNEL_PILOT_ALARM_FRESHNESS_STATISTIC} (Maximum), {@code CHANNEL_PILOT_ALARM_FRESHNESS_PERIOD_SECONDS} (300),
 * {@code CHANNEL_PILOT_ALARM_FRESHNESS_EVALUATION_PERIODS} (1), {@code CHANNEL_PILOT_ALARM_COUNT_STATISTIC} (Sum),
 * {@code CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS} (60). FailedRowCount uses 5 consecutive periods of that length
 * (the documented "5 consecutive minutes" at the default 60 s).
 */
public record AlarmSettings(String freshnessStatistic, int freshnessPeriodSeconds, int freshnessEvaluationPeriods,
                            String countStatistic, int countPeriodSeconds) {

    public static final String DEFAULT_FRESHNESS_STATISTIC = "Maximum";
    public static final int DEFAULT_FRESHNESS_PERIOD = 300;
    public static final String DEFAULT_COUNT_STATISTIC = "Sum";
    public static final int DEFAULT_COUNT_PERIOD = 60;
    /** "FailedRowCount > 0 for 5 consecutive minutes" (reference §7). */
    public static final int FAILED_ROWS_CONSECUTIVE_PERIODS = 5;

    public AlarmSettings {
        requireStatistic(freshnessStatistic, "CHANNEL_PILOT_ALARM_FRESHNESS_STATISTIC");
        requireStatistic(countStatistic, "CHANNEL_PILOT_ALARM_COUNT_STATISTIC");
        requirePeriod(freshnessPeriodSeconds, "CHANNEL_PILOT_ALARM_FRESHNESS_PERIOD_SECONDS");
        requirePeriod(countPeriodSeconds, "CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS");
        if (freshnessEvaluationPeriods < 1) {
            throw new IllegalArgumentException("CHANNEL_PILOT_ALARM_FRESHNESS_EVALUATION_PERIODS must be >= 1, got "
                    + freshnessEvaluationPeriods);
        }
    }

    public static AlarmSettings defaults() {
        return new AlarmSettings(DEFAULT_FRESHNESS_STATISTIC, DEFAULT_FRESHNESS_PERIOD, 1, DEFAULT_COUNT_STATISTIC,
                DEFAULT_COUNT_PERIOD);
    }

    public static AlarmSettings from(Map<String, String> env) {
        return new AlarmSettings(
                env.getOrDefault("CHANNEL_PILOT_ALARM_FRESHNESS_STATISTIC", DEFAULT_FRESHNESS_STATISTIC),
                ProvisionConfig.intOf(env, "CHANNEL_PILOT_ALARM_FRESHNESS_PERIOD_SECONDS", DEFAULT_FRESHNESS_PERIOD),
                ProvisionConfig.intOf(env, "CHANNEL_PILOT_ALARM_FRESHNESS_EVALUATION_PERIODS", 1),
                env.getOrDefault("CHANNEL_PILOT_ALARM_COUNT_STATISTIC", DEFAULT_COUNT_STATISTIC),
                ProvisionConfig.intOf(env, "CHANNEL_PILOT_ALARM_COUNT_PERIOD_SECONDS", DEFAULT_COUNT_PERIOD));
    }

    private static void requireStatistic(String statistic, String variable) {
        if (!java.util.Set.of("SampleCount", "Average", "Sum", "Minimum", "Maximum").contains(statistic)) {
            throw new IllegalArgumentException(variable + " must be one of SampleCount, Average, Sum, Minimum, Maximum; got "
                    + statistic);
        }
    }

    /** CloudWatch standard-resolution periods are 60 s or a multiple of 60 (10/20/30 only for high resolution). */
    private static void requirePeriod(int seconds, String variable) {
        if (seconds < 60 || seconds % 60 != 0) {
            throw new IllegalArgumentException(variable + " must be a multiple of 60 seconds, got " + seconds);
        }
    }
}
