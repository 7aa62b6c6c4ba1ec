package io.channelpilot.local.world.logs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The read operations: DescribeLogGroups (prefix or pattern, never both; {@code limit} 1-50), GetLogEvents (forward
 * and backward tokens) and FilterLogEvents. ASSUMPTION: {@code filterPattern} supports plain terms (all must match),
 * quoted phrases and {@code ?term} alternatives; JSON and metric-filter patterns are refused with
 * InvalidParameterException.
 */
final class LogQueries {

    private LogQueries() {
    }

    static ObjectNode describeLogGroups(LogStore store, JsonNode in) {
        String prefix = LogsEmulator.text(in, "logGroupNamePrefix");
        String pattern = LogsEmulator.text(in, "logGroupNamePattern");
        if (prefix != null && pattern != null) {
            throw LogsErrors.invalid("LogGroup name prefix and LogGroup name pattern are mutually exclusive"
                    + " parameters.");
        }
        int limit = in.path("limit").asInt(50);
        if (limit < 1 || limit > 50) {
            throw LogsErrors.invalid("limit must be between 1 and 50");
        }
        List<LogGroupView> all = store.views().stream()
                .filter(g -> prefix == null || g.name().startsWith(prefix))
                .filter(g -> pattern == null || LogsEmulator.lower(g.name()).contains(LogsEmulator.lower(pattern)))
                .toList();
        int offset = offset(in.path("nextToken"), all.size());
        int end = Math.min(all.size(), offset + limit);
        ObjectNode out = Json.object();
        ArrayNode groups = out.putArray("logGroups");
        for (LogGroupView g : all.subList(offset, end)) {
            ObjectNode item = groups.addObject().put("logGroupName", g.name())
                    .put("creationTime", g.creationTime().toEpochMilli()).put("metricFilterCount", 0)
                    .put("arn", g.arn()).put("logGroupArn", g.arn().substring(0, g.arn().length() - 2))
                    .put("storedBytes", 0).put("logGroupClass", "STANDARD");
            g.retentionInDays().ifPresent(d -> item.put("retentionInDays", d));
            g.kmsKeyId().ifPresent(k -> item.put("kmsKeyId", k));
        }
        if (end < all.size()) {
            out.put("nextToken", "o" + end);
        }
        return out;
    }

    static ObjectNode getLogEvents(LogStore store, JsonNode in) {
        List<LogGroup.Event> events = inRange(store.events(LogsEmulator.text(in, "logGroupName"),
                LogsEmulator.text(in, "logStreamName")), in);
        int limit = in.path("limit").asInt(10000);
        String token = LogsEmulator.text(in, "nextToken");
        int from;
        int to;
        if (token != null && (token.startsWith("f/") || token.startsWith("b/"))) {
            int at = parse(token.substring(2), events.size());
            boolean forward = token.startsWith("f/");
            from = forward ? at : Math.max(0, at - limit);
            to = forward ? Math.min(events.size(), at + limit) : at;
        } else if (token != null) {
            throw LogsErrors.invalid("The specified nextToken is invalid.");
        } else if (in.path("startFromHead").asBoolean(false)) {
            from = 0;
            to = Math.min(events.size(), limit);
        } else {
            to = events.size();
            from = Math.max(0, to - limit);
        }
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("events");
        events.subList(from, to).forEach(e -> list.addObject().put("timestamp", e.timestamp())
                .put("message", e.message()).put("ingestionTime", e.ingestionTime()));
        out.put("nextForwardToken", "f/" + to);
        out.put("nextBackwardToken", "b/" + from);
        return out;
    }

    static ObjectNode filterLogEvents(LogStore store, JsonNode in) {
        String groupName = LogsEmulator.text(in, "logGroupName");
        List<String> streams = new ArrayList<>();
        in.path("logStreamNames").forEach(s -> streams.add(s.asText()));
        String streamPrefix = LogsEmulator.text(in, "logStreamNamePrefix");
        if (!streams.isEmpty() && streamPrefix != null) {
            throw LogsErrors.invalid("logStreamNames and logStreamNamePrefix are mutually exclusive");
        }
        FilterPattern pattern = FilterPattern.parse(LogsEmulator.text(in, "filterPattern"));
        List<LogGroup.Event> matching = inRange(store.allEvents(groupName), in).stream()
                .filter(e -> streams.isEmpty() || streams.contains(e.stream()))
                .filter(e -> streamPrefix == null || e.stream().startsWith(streamPrefix))
                .filter(e -> pattern.matches(e.message())).toList();
        int limit = in.path("limit").asInt(10000);
        int offset = offset(in.path("nextToken"), matching.size());
        int end = Math.min(matching.size(), offset + limit);
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("events");
        matching.subList(offset, end).forEach(e -> list.addObject().put("logStreamName", e.stream())
                .put("timestamp", e.timestamp()).put("message", e.message()).put("ingestionTime", e.ingestionTime())
                .put("eventId", String.valueOf(e.id())));
        out.putArray("searchedLogStreams");
        if (end < matching.size()) {
            out.put("nextToken", "o" + end);
        }
        return out;
    }

    private static List<LogGroup.Event> inRange(List<LogGroup.Event> events, JsonNode in) {
        long start = in.path("startTime").asLong(Long.MIN_VALUE);
        long end = in.path("endTime").asLong(Long.MAX_VALUE);
        return events.stream().filter(e -> e.timestamp() >= start && e.timestamp() <= end).toList();
    }

    private static int offset(JsonNode token, int size) {
        if (token.isMissingNode() || token.isNull()) {
            return 0;
        }
        String t = token.asText();
        if (!t.startsWith("o")) {
            throw LogsErrors.invalid("The specified nextToken is invalid.");
        }
        return parse(t.substring(1), size);
    }

    private static int parse(String number, int size) {
        try {
            int v = Integer.parseInt(number);
            if (v >= 0 && v <= size) {
                return v;
            }
        } catch (NumberFormatException e) {
            // handled below
        }
        throw LogsErrors.invalid("The specified nextToken is invalid.");
    }
}
