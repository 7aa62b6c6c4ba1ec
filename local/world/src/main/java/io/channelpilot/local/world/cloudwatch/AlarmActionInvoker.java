package io.channelpilot.local.world.cloudwatch;

/**
 * Runs an alarm action (e.g. an SNS topic ARN in AlarmActions/OKActions) when an alarm with actions enabled changes
 * state. The world wires the SNS emulator here; the default does nothing.
 */
@FunctionalInterface
public interface AlarmActionInvoker {

    void invoke(String actionArn, MetricAlarm alarm, AlarmState previous);

    static AlarmActionInvoker none() {
        return (arn, alarm, previous) -> { };
    }
}
