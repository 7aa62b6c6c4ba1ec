package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.nio.charset.StandardCharsets;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * Builds the EventBridge "CloudWatch Alarm State Change" event exactly in the shape of CloudWatch's documented sample
 * (Alarm events and EventBridge, single-metric alarm).
 */
final class AlarmEvents {

    private AlarmEvents() {
    }

    static ObjectNode stateChange(MetricAlarm alarm, AlarmState previous, String account, String region) {
        AlarmState state = alarm.state();
        ObjectNode event = Json.object().put("version", "0")
                .put("id", deterministicId(alarm.alarmArn() + "|" + state.value() + "|" + state.timestamp()))
                .put("detail-type", "CloudWatch Alarm State Change")
                .put("source", "aws.cloudwatch")
                .put("account", account)
                .put("time", state.timestamp().truncatedTo(ChronoUnit.SECONDS).toString())
                .put("region", region);
        event.putArray("resources").add(alarm.alarmArn());
        ObjectNode detail = event.putObject("detail");
        detail.put("alarmName", alarm.alarmName());
        detail.set("state", state(state));
        detail.set("previousState", state(previous));
        ObjectNode configuration = detail.putObject("configuration");
        if (alarm.description() != null) {
            configuration.put("description", alarm.description());
        }
        ObjectNode metric = configuration.putArray("metrics").addObject();
        // The documented sample carries a generated id for single-metric alarms; stable per alarm here.
        metric.put("id", deterministicId(alarm.alarmArn()));
        ObjectNode metricStat = metric.putObject("metricStat");
        ObjectNode m = metricStat.putObject("metric");
        ObjectNode dims = m.putObject("dimensions");
        alarm.dimensions().forEach(dims::put);
        m.put("name", alarm.metricName());
        m.put("namespace", alarm.namespace());
        metricStat.put("period", alarm.period());
        metricStat.put("stat", alarm.statistic());
        if (alarm.unit() != null) {
            metricStat.put("unit", alarm.unit());
        }
        metric.put("returnData", true);
        return event;
    }

    private static ObjectNode state(AlarmState state) {
        ObjectNode node = Json.object().put("reason", state.reason());
        if (state.reasonData() != null) {
            node.put("reasonData", state.reasonData());
        }
        node.put("timestamp", AlarmEvaluator.STATE_TIME.format(state.timestamp()));
        node.put("value", state.value());
        return node;
    }

    static String deterministicId(String seed) {
        return UUID.nameUUIDFromBytes(seed.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
