package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** PutMetricAlarm, DescribeAlarms, DeleteAlarms and SetAlarmState; alarm state lives in {@link AlarmBook}. */
final class AlarmOperations {

    private static final Set<String> OPERATORS = Set.of("GreaterThanThreshold", "GreaterThanOrEqualToThreshold",
            "LessThanThreshold", "LessThanOrEqualToThreshold");
    private static final Set<String> TREAT_MISSING = Set.of("breaching", "notBreaching", "ignore", "missing");
    private static final Set<String> STATES = Set.of(AlarmState.OK, AlarmState.ALARM, AlarmState.INSUFFICIENT_DATA);

    private final AlarmBook book;
    private final String arnPrefix;

    AlarmOperations(AlarmBook book, String region, String account) {
        this.book = book;
        this.arnPrefix = "arn:aws:cloudwatch:" + region + ":" + account + ":alarm:";
    }

    ObjectNode putMetricAlarm(JsonNode body, Instant now) {
        String name = Params.required(body, "AlarmName");
        if (name.length() > 255) {
            throw Params.invalid("The parameter AlarmName must be shorter than 256 characters.");
        }
        if (body.hasNonNull("Metrics") && !body.get("Metrics").isEmpty()) {
            // UNCONFIRMED for the local world: metric-math alarms are not emulated; refuse rather than guess.
            throw Params.invalid("Metric math alarms (Metrics) are not supported by the local world.");
        }
        int evaluationPeriods = Params.intValue(body, "EvaluationPeriods", 0);
        if (!body.hasNonNull("EvaluationPeriods")) {
            throw new AwsServiceError(400, "MissingParameter", "The parameter EvaluationPeriods is required.");
        }
        if (evaluationPeriods < 1) {
            throw Params.invalid("The parameter EvaluationPeriods must be greater than or equal to 1.");
        }
        int datapoints = Params.intValue(body, "DatapointsToAlarm", evaluationPeriods);
        if (datapoints < 1 || datapoints > evaluationPeriods) {
            throw Params.invalid("DatapointsToAlarm must be between 1 and EvaluationPeriods (" + evaluationPeriods + ").");
        }
        String operator = Params.required(body, "ComparisonOperator");
        if (!OPERATORS.contains(operator)) {
            throw Params.invalid("The value " + operator + " for parameter ComparisonOperator is not supported "
                    + (operator.contains("Band") || operator.contains("Upper") ? "by the local world (anomaly "
                    + "detection)." : "; must be one of " + String.join(", ", new java.util.TreeSet<>(OPERATORS)) + "."));
        }
        if (!body.hasNonNull("Threshold")) {
            throw new AwsServiceError(400, "MissingParameter", "The parameter Threshold is required.");
        }
        String statistic = Params.optional(body, "Statistic");
        if (statistic == null) {
            throw new AwsServiceError(400, "MissingParameter", Params.optional(body, "ExtendedStatistic") == null
                    ? "Either the parameter Statistic or ExtendedStatistic is required."
                    : "ExtendedStatistic is not supported by the local world; use Statistic.");
        }
        Statistic.parse(statistic, "Statistic");
        int period = Params.intValue(body, "Period", 0);
        if (period < 10 || (period >= 60 ? period % 60 != 0 : period % 10 != 0)) {
            throw Params.invalid("The parameter Period must be 10, 20, 30, or a multiple of 60.");
        }
        String treat = Params.optional(body, "TreatMissingData");
        if (treat != null && !TREAT_MISSING.contains(treat)) {
            throw Params.invalid("The value " + treat + " for parameter TreatMissingData is invalid; must be one of "
                    + "breaching, notBreaching, ignore, missing.");
        }
        String arn = arnPrefix + name;
        MetricAlarm existing = book.alarm(name).orElse(null);
        // "When you update an existing alarm, its state is left unchanged, but the update completely overwrites the
        // previous configuration of the alarm." (PutMetricAlarm API reference)
        AlarmState state = existing == null ? AlarmState.initial(now) : existing.state();
        MetricAlarm alarm = new MetricAlarm(name, arn, Params.optional(body, "AlarmDescription"),
                !body.has("ActionsEnabled") || body.get("ActionsEnabled").asBoolean(),
                Params.strings(body, "OKActions"), Params.strings(body, "AlarmActions"),
                Params.strings(body, "InsufficientDataActions"), Params.required(body, "Namespace"),
                Params.required(body, "MetricName"), new TreeMap<>(Params.dimensions(body.get("Dimensions"), "Dimensions")),
                statistic, period, Params.optional(body, "Unit"), evaluationPeriods, datapoints,
                body.get("Threshold").asDouble(), operator, treat == null ? "missing" : treat, now, state,
                existing == null ? now : existing.stateTransitioned());
        // "If you are using this operation to update an existing alarm, any tags you specify are ignored."
        book.put(alarm, existing == null ? tags(body.get("Tags")) : null);
        return Json.object();
    }

    ObjectNode describeAlarms(JsonNode body) {
        List<String> names = Params.strings(body, "AlarmNames");
        String prefix = Params.optional(body, "AlarmNamePrefix");
        if (!names.isEmpty() && prefix != null) {
            throw new AwsServiceError(400, "InvalidParameterCombination",
                    "AlarmNames and AlarmNamePrefix cannot be specified together.");
        }
        String stateValue = Params.optional(body, "StateValue");
        if (stateValue != null && !STATES.contains(stateValue)) {
            throw Params.invalid("The value " + stateValue + " for parameter StateValue is invalid.");
        }
        String actionPrefix = Params.optional(body, "ActionPrefix");
        List<String> types = Params.strings(body, "AlarmTypes");
        int max = Params.intValue(body, "MaxRecords", 50);
        if (max < 1 || max > 100) {
            throw Params.invalid("The parameter MaxRecords must be between 1 and 100.");
        }
        String after = body.hasNonNull("NextToken") ? Params.untoken(body.get("NextToken").asText()) : null;
        List<MetricAlarm> matching = book.all().stream()
                .filter(a -> types.isEmpty() || types.contains("MetricAlarm"))
                .filter(a -> names.isEmpty() || names.contains(a.alarmName()))
                .filter(a -> prefix == null || a.alarmName().startsWith(prefix))
                .filter(a -> stateValue == null || a.state().value().equals(stateValue))
                .filter(a -> actionPrefix == null || a.alarmActions().stream().anyMatch(x -> x.startsWith(actionPrefix))
                        || a.okActions().stream().anyMatch(x -> x.startsWith(actionPrefix))
                        || a.insufficientDataActions().stream().anyMatch(x -> x.startsWith(actionPrefix)))
                .filter(a -> after == null || a.alarmName().compareTo(after) > 0)
                .toList();
        ObjectNode out = Json.object();
        ArrayNode metricAlarms = out.putArray("MetricAlarms");
        out.putArray("CompositeAlarms");
        for (int i = 0; i < Math.min(max, matching.size()); i++) {
            metricAlarms.add(render(matching.get(i)));
        }
        if (matching.size() > max) {
            out.put("NextToken", Params.token(matching.get(max - 1).alarmName()));
        }
        return out;
    }

    ObjectNode deleteAlarms(JsonNode body) {
        List<String> names = Params.strings(body, "AlarmNames");
        if (names.size() > 100) {
            throw Params.invalid("The collection AlarmNames must not have a size greater than 100.");
        }
        // API reference: "If you specify any incorrect alarm names, the alarms you specify with correct names are still
        // deleted." UNCONFIRMED: whether the call then reports an error; the local world answers success.
        names.forEach(book::remove);
        return Json.object();
    }

    /** Returns the alarm after the change, and its previous state, for the caller to emit the event. */
    Map.Entry<MetricAlarm, AlarmState> setAlarmState(JsonNode body, Instant now) {
        String name = Params.required(body, "AlarmName");
        String value = Params.required(body, "StateValue");
        if (!STATES.contains(value)) {
            throw Params.invalid("The value " + value + " for parameter StateValue is invalid.");
        }
        String reason = Params.required(body, "StateReason");
        String data = Params.optional(body, "StateReasonData");
        if (data != null) {
            try {
                Json.MAPPER.readTree(data);
            } catch (IOException e) {
                throw new AwsServiceError(400, "InvalidFormat", "StateReasonData must be valid JSON.");
            }
        }
        MetricAlarm alarm = book.alarm(name)
                .orElseThrow(() -> new AwsServiceError(404, "ResourceNotFound", "Alarm " + name + " does not exist."));
        return Map.entry(alarm.withState(new AlarmState(value, reason, data, now)), alarm.state());
    }

    static ObjectNode render(MetricAlarm a) {
        ObjectNode n = Json.object().put("AlarmName", a.alarmName()).put("AlarmArn", a.alarmArn());
        if (a.description() != null) {
            n.put("AlarmDescription", a.description());
        }
        n.set("AlarmConfigurationUpdatedTimestamp", Cbor.timestamp(a.configurationUpdated()));
        n.put("ActionsEnabled", a.actionsEnabled());
        strings(n, "OKActions", a.okActions());
        strings(n, "AlarmActions", a.alarmActions());
        strings(n, "InsufficientDataActions", a.insufficientDataActions());
        n.put("StateValue", a.state().value()).put("StateReason", a.state().reason());
        if (a.state().reasonData() != null) {
            n.put("StateReasonData", a.state().reasonData());
        }
        n.set("StateUpdatedTimestamp", Cbor.timestamp(a.state().timestamp()));
        n.put("MetricName", a.metricName()).put("Namespace", a.namespace()).put("Statistic", a.statistic());
        n.set("Dimensions", Params.renderDimensions(a.dimensions()));
        n.put("Period", a.period());
        if (a.unit() != null) {
            n.put("Unit", a.unit());
        }
        n.put("EvaluationPeriods", a.evaluationPeriods()).put("DatapointsToAlarm", a.datapointsToAlarm())
                .put("Threshold", a.threshold()).put("ComparisonOperator", a.comparisonOperator())
                .put("TreatMissingData", a.treatMissingData());
        n.set("StateTransitionedTimestamp", Cbor.timestamp(a.stateTransitioned()));
        return n;
    }

    private static void strings(ObjectNode n, String field, List<String> values) {
        ArrayNode arr = n.putArray(field);
        values.forEach(arr::add);
    }

    static Map<String, String> tags(JsonNode tags) {
        Map<String, String> out = new LinkedHashMap<>();
        if (tags != null) {
            for (JsonNode t : tags) {
                String key = t.path("Key").asText("");
                if (key.isEmpty() || key.length() > 128 || key.startsWith("aws:")) {
                    throw new AwsServiceError(400, "InvalidParameterValueException",
                            "Tag keys must be 1 to 128 characters and must not start with 'aws:'.");
                }
                out.put(key, t.path("Value").asText(""));
            }
        }
        return out;
    }

}
