package io.channelpilot.local.world.cloudwatch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.regex.Pattern;

/** PutMetricData, GetMetricData and ListMetrics over the {@link MetricStore}. */
final class MetricOperations {

    private static final Pattern QUERY_ID = Pattern.compile("[a-z][a-zA-Z0-9_]*");
    private static final int LIST_PAGE = 500;

    private final MetricStore store;
    private final Clock clock;

    MetricOperations(MetricStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    ObjectNode putMetricData(JsonNode body) {
        String namespace = Params.required(body, "Namespace");
        if (namespace.startsWith("AWS/")) {
            throw Params.invalid("The value AWS/ for parameter Namespace is invalid.");
        }
        JsonNode data = body.get("MetricData");
        if (data == null || !data.isArray() || data.isEmpty()) {
            throw new AwsServiceError(400, "MissingParameter", "The parameter MetricData is required.");
        }
        if (data.size() > 1000) {
            throw Params.invalid("The collection MetricData must not have a size greater than 1000.");
        }
        Instant now = clock.instant();
        List<Map.Entry<MetricKey, Datapoint>> accepted = new ArrayList<>();
        int index = 0;
        for (JsonNode datum : data) {
            index++;
            String member = "MetricData.member." + index;
            MetricKey key = MetricKey.of(namespace, Params.required(datum, "MetricName"),
                    Params.dimensions(datum.get("Dimensions"), member + ".Dimensions"));
            Instant ts = Cbor.instant(datum.get("Timestamp"), member + ".Timestamp");
            ts = ts == null ? now : ts;
            if (ts.isBefore(now.minus(Duration.ofDays(14))) || ts.isAfter(now.plus(Duration.ofHours(2)))) {
                throw Params.invalid("The parameter " + member + ".Timestamp must specify a time no more than two "
                        + "weeks in the past and no more than two hours in the future.");
            }
            String unit = Params.optional(datum, "Unit");
            for (Datapoint p : datapoints(datum, member, ts, unit == null ? "None" : unit)) {
                accepted.add(Map.entry(key, p));
            }
        }
        // all-or-nothing: a bad member rejects the whole request, as CloudWatch does
        accepted.forEach(e -> store.add(e.getKey(), e.getValue()));
        return Json.object();
    }

    private static List<Datapoint> datapoints(JsonNode datum, String member, Instant ts, String unit) {
        boolean hasValue = datum.hasNonNull("Value");
        boolean hasStats = datum.hasNonNull("StatisticValues");
        boolean hasValues = datum.hasNonNull("Values");
        if ((hasValue ? 1 : 0) + (hasStats ? 1 : 0) + (hasValues ? 1 : 0) > 1) {
            throw new AwsServiceError(400, "InvalidParameterCombination", "The parameters " + member
                    + ".Value, " + member + ".StatisticValues and " + member + ".Values are mutually exclusive.");
        }
        if (hasValue) {
            return List.of(Datapoint.single(ts, finite(datum.get("Value"), member + ".Value"), 1, unit));
        }
        if (hasStats) {
            JsonNode s = datum.get("StatisticValues");
            for (String f : List.of("SampleCount", "Sum", "Minimum", "Maximum")) {
                if (!s.hasNonNull(f)) {
                    throw new AwsServiceError(400, "MissingParameter",
                            "The parameter " + member + ".StatisticValues." + f + " is required.");
                }
            }
            return List.of(new Datapoint(ts, s.get("SampleCount").asDouble(), s.get("Sum").asDouble(),
                    s.get("Minimum").asDouble(), s.get("Maximum").asDouble(), unit));
        }
        if (hasValues) {
            JsonNode values = datum.get("Values");
            JsonNode counts = datum.get("Counts");
            if (counts != null && counts.size() != values.size()) {
                throw Params.invalid("The parameters " + member + ".Values and " + member
                        + ".Counts must be of the same size.");
            }
            List<Datapoint> out = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                double count = counts == null ? 1 : counts.get(i).asDouble();
                out.add(Datapoint.single(ts, finite(values.get(i), member + ".Values"), count, unit));
            }
            return out;
        }
        throw new AwsServiceError(400, "MissingParameter", "The parameter " + member + ".Value is required.");
    }

    private static double finite(JsonNode node, String field) {
        double v = node.asDouble();
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw Params.invalid("The value " + v + " for parameter " + field + " is invalid.");
        }
        return v;
    }

    ObjectNode listMetrics(JsonNode body) {
        String namespace = Params.optional(body, "Namespace");
        String name = Params.optional(body, "MetricName");
        List<JsonNode> filters = new ArrayList<>();
        body.path("Dimensions").forEach(filters::add);
        boolean recent = "PT3H".equals(Params.optional(body, "RecentlyActive"));
        Instant since = clock.instant().minus(Duration.ofHours(3));
        List<MetricKey> matching = store.metrics().stream()
                .filter(k -> namespace == null || k.namespace().equals(namespace))
                .filter(k -> name == null || k.name().equals(name))
                .filter(k -> filters.stream().allMatch(f -> k.dimensions().containsKey(f.path("Name").asText())
                        && (!f.hasNonNull("Value") || f.get("Value").asText().equals(k.dimensions().get(f.path("Name").asText())))))
                .filter(k -> !recent || store.datapoints(k).stream().anyMatch(p -> !p.timestamp().isBefore(since)))
                .sorted(Comparator.comparing(MetricKey::toString))
                .toList();
        int from = body.hasNonNull("NextToken") ? parseOffset(Params.untoken(body.get("NextToken").asText())) : 0;
        ObjectNode out = Json.object();
        ArrayNode metrics = out.putArray("Metrics");
        int to = Math.min(matching.size(), from + LIST_PAGE);
        for (int i = from; i < to; i++) {
            metrics.add(Params.renderMetric(matching.get(i)));
        }
        if (to < matching.size()) {
            out.put("NextToken", Params.token(Integer.toString(to)));
        }
        return out;
    }

    ObjectNode getMetricData(JsonNode body) {
        JsonNode queries = body.get("MetricDataQueries");
        if (queries == null || !queries.isArray() || queries.isEmpty()) {
            throw new AwsServiceError(400, "MissingParameter", "The parameter MetricDataQueries is required.");
        }
        Instant start = Cbor.instant(body.get("StartTime"), "StartTime");
        Instant end = Cbor.instant(body.get("EndTime"), "EndTime");
        if (start == null || end == null) {
            throw new AwsServiceError(400, "MissingParameter",
                    "The parameter " + (start == null ? "StartTime" : "EndTime") + " is required.");
        }
        if (!start.isBefore(end)) {
            throw Params.invalid("The parameter StartTime must be less than the parameter EndTime.");
        }
        boolean ascending = "TimestampAscending".equals(Params.optional(body, "ScanBy"));
        int max = Params.intValue(body, "MaxDatapoints", 100_800);
        List<ObjectNode> results = new ArrayList<>();
        List<List<Map.Entry<Instant, Double>>> series = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (JsonNode q : queries) {
            String id = Params.required(q, "Id");
            if (!QUERY_ID.matcher(id).matches()) {
                throw Params.invalid("The value " + id + " for parameter MetricDataQueries.member.Id is invalid: "
                        + "it must start with a lowercase letter and contain only letters, numbers and underscores.");
            }
            if (!ids.add(id)) {
                throw Params.invalid("The values for parameter id in MetricDataQueries are not unique.");
            }
            if (q.hasNonNull("Expression")) {
                List<MetricMath.Series> found = MetricMath.evaluate(q.get("Expression").asText(), store, start, end);
                for (MetricMath.Series s : found.isEmpty() ? List.of(new MetricMath.Series(id, new java.util.TreeMap<>()))
                        : found) {
                    series.add(new ArrayList<>((ascending ? s.values() : s.values().descendingMap()).entrySet()));
                    ObjectNode r = Json.object().put("Id", id)
                            .put("Label", q.hasNonNull("Label") ? q.get("Label").asText() : s.label());
                    r.put("_returnData", !q.has("ReturnData") || q.get("ReturnData").asBoolean());
                    results.add(r);
                }
                continue;
            }
            JsonNode stat = q.get("MetricStat");
            if (stat == null) {
                throw new AwsServiceError(400, "MissingParameter",
                        "The parameter MetricDataQueries.member.MetricStat is required.");
            }
            JsonNode metric = stat.path("Metric");
            MetricKey key = MetricKey.of(metric.path("Namespace").asText(), metric.path("MetricName").asText(),
                    Params.dimensions(metric.get("Dimensions"), "MetricStat.Metric.Dimensions"));
            int period = Params.intValue(stat, "Period", 0);
            if (period < 1 || (period >= 60 ? period % 60 != 0 : !List.of(1, 5, 10, 20, 30).contains(period))) {
                throw Params.invalid("The parameter MetricDataQueries.member.MetricStat.Period must be 1, 5, 10, 20, "
                        + "30, or a multiple of 60.");
            }
            NavigableMap<Instant, Double> values = store.aggregate(key, start, end, period,
                    Statistic.parse(Params.required(stat, "Stat"), "MetricStat.Stat"), Params.optional(stat, "Unit"));
            series.add(new ArrayList<>((ascending ? values : values.descendingMap()).entrySet()));
            ObjectNode r = Json.object().put("Id", id)
                    .put("Label", q.hasNonNull("Label") ? q.get("Label").asText() : key.name());
            r.put("_returnData", !q.has("ReturnData") || q.get("ReturnData").asBoolean());
            results.add(r);
        }
        return page(results, series, body.hasNonNull("NextToken")
                ? Params.untoken(body.get("NextToken").asText()) : "0:0", max);
    }

    /** One page of at most {@code max} datapoints over all queries; the token is "queryIndex:offset". */
    private static ObjectNode page(List<ObjectNode> results, List<List<Map.Entry<Instant, Double>>> series,
                                   String position, int max) {
        String[] parts = position.split(":");
        int q;
        int offset;
        try {
            q = Integer.parseInt(parts[0]);
            offset = Integer.parseInt(parts[1]);
        } catch (RuntimeException e) {
            throw new AwsServiceError(400, "InvalidNextToken", "The service received an invalid NextToken.");
        }
        ObjectNode out = Json.object();
        ArrayNode pageResults = out.putArray("MetricDataResults");
        int budget = max;
        for (; q < results.size(); q++, offset = 0) {
            ObjectNode r = results.get(q);
            boolean returnData = r.remove("_returnData").asBoolean();
            List<Map.Entry<Instant, Double>> points = returnData ? series.get(q) : List.of();
            int to = Math.min(points.size(), offset + budget);
            if (returnData) {
                ArrayNode ts = r.putArray("Timestamps");
                ArrayNode vs = r.putArray("Values");
                for (int i = offset; i < to; i++) {
                    ts.add(Cbor.timestamp(points.get(i).getKey()));
                    vs.add(points.get(i).getValue());
                }
                r.put("StatusCode", to < points.size() ? "PartialData" : "Complete");
                pageResults.add(r);
            }
            budget -= to - offset;
            if (to < points.size()) {
                out.put("NextToken", Params.token(q + ":" + to));
                break;
            }
        }
        out.putArray("Messages");
        return out;
    }

    private static int parseOffset(String token) {
        try {
            return Integer.parseInt(token);
        } catch (NumberFormatException e) {
            throw new AwsServiceError(400, "InvalidNextToken", "The service received an invalid NextToken.");
        }
    }
}
