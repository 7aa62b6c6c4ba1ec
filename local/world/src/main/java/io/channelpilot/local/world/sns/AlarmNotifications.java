package io.channelpilot.local.world.sns;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.cloudwatch.AlarmActionInvoker;
import io.channelpilot.local.world.cloudwatch.MetricAlarm;
import io.channelpilot.local.world.http.Json;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Runs CloudWatch alarm actions that name an SNS topic: publishes the alarm notification JSON CloudWatch sends
 * (AlarmName, NewStateValue, NewStateReason, StateChangeTime, OldStateValue, Trigger, ...) with the subject
 * {@code ALARM: "name" in <region>}. Actions naming missing topics are ignored, as CloudWatch only records a failed
 * action in the alarm history.
 */
public final class AlarmNotifications {

    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ").withZone(ZoneOffset.UTC);

    private AlarmNotifications() {
    }

    public static AlarmActionInvoker publishingTo(SnsEmulator sns, String account, String regionDisplayName) {
        return (arn, alarm, previous) -> {
            if (!arn.startsWith("arn:aws:sns:")) {
                return;
            }
            String subject = alarm.state().value() + ": \"" + alarm.alarmName() + "\" in " + regionDisplayName;
            try {
                sns.publishInternal(arn, subject.length() > 100 ? subject.substring(0, 100) : subject,
                        message(alarm, previous.value(), account, regionDisplayName).toString());
            } catch (io.channelpilot.local.world.http.AwsServiceError e) {
                // ASSUMPTION: a failed action does not affect the alarm; CloudWatch logs it in the alarm history.
            }
        };
    }

    static ObjectNode message(MetricAlarm alarm, String oldState, String account, String region) {
        ObjectNode m = Json.object().put("AlarmName", alarm.alarmName())
                .put("AlarmDescription", alarm.description()).put("AWSAccountId", account)
                .put("AlarmConfigurationUpdatedTimestamp", TIME.format(alarm.configurationUpdated()))
                .put("NewStateValue", alarm.state().value()).put("NewStateReason", alarm.state().reason())
                .put("StateChangeTime", TIME.format(alarm.state().timestamp())).put("Region", region)
                .put("AlarmArn", alarm.alarmArn()).put("OldStateValue", oldState);
        ArrayNode ok = m.putArray("OKActions");
        alarm.okActions().forEach(ok::add);
        ArrayNode al = m.putArray("AlarmActions");
        alarm.alarmActions().forEach(al::add);
        ArrayNode in = m.putArray("InsufficientDataActions");
        alarm.insufficientDataActions().forEach(in::add);
        ObjectNode trigger = m.putObject("Trigger").put("MetricName", alarm.metricName())
                .put("Namespace", alarm.namespace()).put("StatisticType", "Statistic")
                .put("Statistic", alarm.statistic().toUpperCase(java.util.Locale.ROOT));
        trigger.putNull("Unit");
        ArrayNode dims = trigger.putArray("Dimensions");
        alarm.dimensions().forEach((k, v) -> dims.addObject().put("value", v).put("name", k));
        trigger.put("Period", alarm.period()).put("EvaluationPeriods", alarm.evaluationPeriods())
                .put("DatapointsToAlarm", alarm.datapointsToAlarm())
                .put("ComparisonOperator", alarm.comparisonOperator()).put("Threshold", alarm.threshold())
                .put("TreatMissingData", alarm.treatMissingData()).put("EvaluateLowSampleCountPercentile", "");
        return m;
    }
}
