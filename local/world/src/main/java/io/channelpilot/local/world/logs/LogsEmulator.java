package io.channelpilot.local.world.logs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * CloudWatch Logs on the shared endpoint (AWS JSON 1.1, signing name {@code logs}, target prefix
 * {@code Logs_20140328.}): log groups, retention, KMS association, streams and events, so the local world can show
 * channel logs.
 */
public final class LogsEmulator implements ServiceEmulator {

    static final Set<String> OPERATIONS = Set.of("CreateLogGroup", "DescribeLogGroups", "PutRetentionPolicy",
            "AssociateKmsKey", "DeleteLogGroup", "CreateLogStream", "PutLogEvents", "GetLogEvents", "FilterLogEvents");

    private final LogStore store;

    public LogsEmulator(LogStore store) {
        this.store = store;
    }

    public LogStore store() {
        return store;
    }

    @Override
    public String signingName() {
        return "logs";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_1;
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottlingException", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "ServiceUnavailableException", "Injected internal error");
    }

    @Override
    public String operationOf(AwsRequest request) {
        String op = request.targetOperation().orElse("");
        if (!OPERATIONS.contains(op)) {
            throw new AwsServiceError(400, "UnknownOperationException", "The local world does not emulate CloudWatch"
                    + " Logs operation '" + op + "'");
        }
        return op;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode in = Json.parse(request.body());
        ObjectNode out = Json.object();
        switch (operation) {
            case "CreateLogGroup" -> store.createLogGroup(text(in, "logGroupName"), text(in, "kmsKeyId"), tags(in));
            case "DeleteLogGroup" -> store.deleteLogGroup(text(in, "logGroupName"));
            case "PutRetentionPolicy" -> store.putRetentionPolicy(text(in, "logGroupName"),
                    in.path("retentionInDays").isInt() ? in.path("retentionInDays").asInt() : null);
            case "AssociateKmsKey" -> store.associateKmsKey(text(in, "logGroupName"), text(in, "kmsKeyId"));
            case "CreateLogStream" -> store.createLogStream(text(in, "logGroupName"), text(in, "logStreamName"));
            case "DescribeLogGroups" -> out = LogQueries.describeLogGroups(store, in);
            case "PutLogEvents" -> out = putLogEvents(in);
            case "GetLogEvents" -> out = LogQueries.getLogEvents(store, in);
            case "FilterLogEvents" -> out = LogQueries.filterLogEvents(store, in);
            default -> throw new IllegalStateException(operation);
        }
        return AwsResponse.json(200, out, Protocol.AWS_JSON_1_1);
    }

    private ObjectNode putLogEvents(JsonNode in) {
        List<LogStore.InputEvent> events = new ArrayList<>();
        for (JsonNode e : in.path("logEvents")) {
            events.add(new LogStore.InputEvent(e.path("timestamp").asLong(), e.path("message").asText()));
        }
        LogStore.PutResult r = store.putLogEvents(text(in, "logGroupName"), text(in, "logStreamName"), events);
        ObjectNode out = Json.object();
        if (r.tooNewStart() != null || r.tooOldEnd() != null || r.expiredEnd() != null) {
            ObjectNode info = out.putObject("rejectedLogEventsInfo");
            if (r.tooNewStart() != null) {
                info.put("tooNewLogEventStartIndex", r.tooNewStart());
            }
            if (r.tooOldEnd() != null) {
                info.put("tooOldLogEventEndIndex", r.tooOldEnd());
            }
            if (r.expiredEnd() != null) {
                info.put("expiredLogEventEndIndex", r.expiredEnd());
            }
        }
        return out;
    }

    static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText() : null;
    }

    private static Map<String, String> tags(JsonNode in) {
        Map<String, String> out = new LinkedHashMap<>();
        in.path("tags").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
