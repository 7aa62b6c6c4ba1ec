package io.channelpilot.alarm;

import java.util.Optional;

/** The three recommended channel alarms (reference §7), identified by metric name or by the alarm-name suffix. */
public enum AlarmSignal {
    DATA_FRESHNESS("DeliveryToIceberg.DataFreshness"),
    FAILED_ROW_COUNT("DeliveryToIceberg.FailedRowCount"),
    DLQ_DELIVERY_SUCCESS("DeliveryToIceberg.DLQDeliverySuccess");

    private final String metric;

    AlarmSignal(String metric) {
        this.metric = metric;
    }

    public String metric() {
        return metric;
    }

    /** True for the signals that mean "records went to the DLQ": triage reads the DLQ. */
    public boolean meansDeadLetters() {
        return this != DATA_FRESHNESS;
    }

    static Optional<AlarmSignal> of(String metricName, String alarmName) {
        for (AlarmSignal s : values()) {
            if (s.metric.equals(metricName)) {
                return Optional.of(s);
            }
        }
        // provision-channel names alarms channel-pilot-<channel>-<metric without the DeliveryToIceberg. prefix>
        for (AlarmSignal s : values()) {
            if (alarmName != null && alarmName.endsWith("-" + s.metric.substring(s.metric.indexOf('.') + 1))) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
