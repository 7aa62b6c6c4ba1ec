package io.channelpilot.local.world.eventbridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.EventSink;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * EventBridge (signing name {@code events}, AWS JSON 1.1): PutEvents validates each entry as EventBridge does,
 * answers per-entry results with FailedEntryCount, and forwards every accepted entry as an event envelope to the
 * world's {@link EventSink}; plus the minimal event-bus calls (create, describe, list).
 */
public final class EventBridgeEmulator implements ServiceEmulator {

    private static final int MAX_REQUEST_BYTES = 256 * 1024;

    private final Clock clock;
    private final EventSink sink;
    private final String account;
    private final String region;
    private final Map<String, String> buses = new ConcurrentHashMap<>();
    private final List<ReceivedEvent> received = new CopyOnWriteArrayList<>();
    private final AtomicLong sequence = new AtomicLong();

    public EventBridgeEmulator(Clock clock, EventSink sink, String account, String region) {
        this.clock = clock;
        this.sink = sink;
        this.account = account;
        this.region = region;
        buses.put("default", busArn("default"));
    }

    @Override
    public String signingName() {
        return "events";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_JSON_1_1;
    }

    @Override
    public String operationOf(AwsRequest request) {
        String target = request.header("x-amz-target").orElse("");
        if (!target.startsWith("AWSEvents.")) {
            throw new AwsServiceError(400, "UnknownOperationException", "Missing or unknown X-Amz-Target: " + target);
        }
        return target.substring("AWSEvents.".length());
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        JsonNode body = Json.parse(request.body());
        ObjectNode result = switch (operation) {
            case "PutEvents" -> putEvents(body, request.body().length);
            case "CreateEventBus" -> createEventBus(body);
            case "DescribeEventBus" -> describeEventBus(body);
            case "ListEventBuses" -> listEventBuses(body);
            default -> throw new AwsServiceError(400, "UnknownOperationException",
                    "The local world does not emulate EventBridge " + operation);
        };
        return AwsResponse.json(200, result, Protocol.AWS_JSON_1_1);
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(400, "ThrottlingException", "Rate exceeded");
    }

    /** Every accepted event, in arrival order. */
    public List<ReceivedEvent> received() {
        return List.copyOf(received);
    }

    public void clear() {
        received.clear();
    }

    private ObjectNode putEvents(JsonNode body, int size) {
        JsonNode entries = body.path("Entries");
        if (!entries.isArray() || entries.isEmpty() || entries.size() > 10) {
            throw new AwsServiceError(400, "ValidationException", "1 validation error detected: Value at 'entries' "
                    + "failed to satisfy constraint: Member must have length less than or equal to 10 and greater than "
                    + "or equal to 1");
        }
        if (size > MAX_REQUEST_BYTES) {
            throw new AwsServiceError(400, "ValidationException", "Total size of the entries in the request is over "
                    + "the limit.");
        }
        ObjectNode out = Json.object();
        ArrayNode results = Json.MAPPER.createArrayNode();
        int failed = 0;
        for (JsonNode entry : entries) {
            ObjectNode result = results.addObject();
            String error = validate(entry, result);
            if (error != null) {
                failed++;
                continue;
            }
            ObjectNode envelope = envelope(entry);
            result.put("EventId", envelope.get("id").asText());
            received.add(new ReceivedEvent(busName(entry.path("EventBusName").asText("default")), envelope));
            sink.publish(envelope);
        }
        out.put("FailedEntryCount", failed);
        out.set("Entries", results);
        return out;
    }

    /** Per-entry validation; returns the error code (also written into {@code result}) or null. */
    private String validate(JsonNode entry, ObjectNode result) {
        for (String field : List.of("Source", "DetailType", "Detail")) {
            if (entry.path(field).asText("").isEmpty()) {
                return fail(result, "InvalidArgument",
                        "Parameter " + field + " is not valid. Reason: " + field + " is a required argument.");
            }
        }
        try {
            JsonNode detail = Json.MAPPER.readTree(entry.get("Detail").asText());
            if (detail == null || !detail.isObject()) {
                return fail(result, "MalformedDetail", "Detail is malformed.");
            }
        } catch (IOException e) {
            return fail(result, "MalformedDetail", "Detail is malformed.");
        }
        if (entry.get("Source").asText().startsWith("aws.")) {
            // EventBridge reserves aws.* sources for AWS services.
            return fail(result, "NotAuthorizedForSourceException", "Not authorized for the source.");
        }
        String bus = busName(entry.path("EventBusName").asText("default"));
        if (!buses.containsKey(bus)) {
            // UNCONFIRMED: the per-entry code EventBridge uses for an unknown bus; the message follows its phrasing.
            return fail(result, "ResourceNotFoundException", "Event bus " + bus + " does not exist.");
        }
        return null;
    }

    private static String fail(ObjectNode result, String code, String message) {
        result.put("ErrorCode", code).put("ErrorMessage", message);
        return code;
    }

    private ObjectNode envelope(JsonNode entry) {
        Instant time = entry.hasNonNull("Time") ? epoch(entry.get("Time")) : clock.instant();
        ObjectNode e = Json.object().put("version", "0")
                .put("id", UUID.nameUUIDFromBytes(("event-" + sequence.incrementAndGet())
                        .getBytes(StandardCharsets.UTF_8)).toString())
                .put("detail-type", entry.get("DetailType").asText())
                .put("source", entry.get("Source").asText())
                .put("account", account)
                .put("time", time.truncatedTo(ChronoUnit.SECONDS).toString())
                .put("region", region);
        ArrayNode resources = e.putArray("resources");
        entry.path("Resources").forEach(r -> resources.add(r.asText()));
        try {
            e.set("detail", Json.MAPPER.readTree(entry.get("Detail").asText()));
        } catch (IOException ex) {
            throw new IllegalStateException("validated detail became unparsable", ex);
        }
        return e;
    }

    private static Instant epoch(JsonNode seconds) {
        double s = seconds.asDouble();
        long whole = (long) Math.floor(s);
        return Instant.ofEpochSecond(whole, Math.round((s - whole) * 1e9));
    }

    private ObjectNode createEventBus(JsonNode body) {
        String name = body.path("Name").asText("");
        if (name.isEmpty() || name.contains("/") || name.equals("default")) {
            throw new AwsServiceError(400, "ValidationException", "Event bus name " + name + " is not valid.");
        }
        if (buses.putIfAbsent(name, busArn(name)) != null) {
            throw new AwsServiceError(400, "ResourceAlreadyExistsException", "Event bus " + name + " already exists.");
        }
        return Json.object().put("EventBusArn", busArn(name));
    }

    private ObjectNode describeEventBus(JsonNode body) {
        String name = busName(body.path("Name").asText("default"));
        String arn = buses.get(name);
        if (arn == null) {
            throw new AwsServiceError(400, "ResourceNotFoundException", "Event bus " + name + " does not exist.");
        }
        return Json.object().put("Name", name).put("Arn", arn);
    }

    private ObjectNode listEventBuses(JsonNode body) {
        String prefix = body.path("NamePrefix").asText("");
        ObjectNode out = Json.object();
        ArrayNode arr = out.putArray("EventBuses");
        List<String> names = new ArrayList<>(buses.keySet());
        names.sort(String::compareTo);
        names.stream().filter(n -> n.startsWith(prefix)).forEach(n -> arr.addObject().put("Name", n).put("Arn", buses.get(n)));
        return out;
    }

    private String busArn(String name) {
        return "arn:aws:events:" + region + ":" + account + ":event-bus/" + name;
    }

    /** EventBusName accepts a name or an ARN. */
    private static String busName(String nameOrArn) {
        int slash = nameOrArn.lastIndexOf("event-bus/");
        return slash >= 0 ? nameOrArn.substring(slash + "event-bus/".length()) : nameOrArn;
    }
}
