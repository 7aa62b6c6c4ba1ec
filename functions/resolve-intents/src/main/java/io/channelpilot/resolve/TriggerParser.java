package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.BoundedKeys;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.SafeText;
import io.channelpilot.model.TopicNames;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Accepts every trigger shape (see {@code docs/reference.md#triggers}): EventBridge envelopes of
 * CloudTrail calls from {@code aws.kafka} and {@code aws.kafka-cluster} ({@link CloudTrailTriggers}), {@code aws.tag}
 * "Tag Change on Resource", and the sweep and manual requests. Never throws for bad input: anything else becomes a
 * {@link ParsedTrigger.Invalid} naming the field and the fix.
 */
final class TriggerParser {

    static final String SWEEP = "channel-pilot.sweep";
    static final String MANUAL = "channel-pilot.manual";
    static final String TAG_CHANGE = "Tag Change on Resource";
    /**
     * Longest trigger id kept, in UTF-8 bytes (EventBridge ids are 36-character UUIDs; longer ones are hashed). Bytes,
     * not characters: DynamoDB's key limits count bytes, and 1024 characters can be 4096 bytes.
     */
    static final int MAX_ID = 1024;
    private static final String SHAPES = "Send an EventBridge event from aws.kafka / aws.kafka-cluster (AWS API Call via CloudTrail) "
            + "or aws.tag (Tag Change on Resource), {\"source\":\"" + SWEEP + "\",\"sweepId\":..,\"clusterArn\":..} or "
            + "{\"source\":\"" + MANUAL + "\",\"clusterArn\":..,\"requestId\":..,\"topic\":..}.";

    private TriggerParser() {
    }

    public static ParsedTrigger parse(JsonNode input) {
        if (input == null || !input.isObject()) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_NOT_OBJECT, "$", "the trigger is not a JSON object", SHAPES);
        }
        String source = text(input, "source");
        switch (source) {
            case CloudTrailTriggers.CONTROL_PLANE_SOURCE:
            case CloudTrailTriggers.DATA_PLANE_SOURCE:
                return CloudTrailTriggers.parse(input, source);
            case "aws.tag":
                return tagChange(input);
            case SWEEP:
                return sweep(input);
            case MANUAL:
                return manual(input);
            case "":
                return ParsedTrigger.missing("source", SHAPES);
            default:
                return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_SOURCE_UNKNOWN, "source", "source '" + source
                        + "' is not handled by resolve-intents", SHAPES);
        }
    }

    private static ParsedTrigger tagChange(JsonNode event) {
        if (!TAG_CHANGE.equals(text(event, "detail-type"))) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_DETAIL_TYPE_UNSUPPORTED, "detail-type", "aws.tag detail-type '"
                    + text(event, "detail-type") + "' is not '" + TAG_CHANGE + "'", "Route only Tag Change on Resource events here.");
        }
        String raw = text(event, "id");
        Optional<ParsedTrigger> badId = idProblem("id", raw, "Pass the EventBridge event unchanged; its id is what duplicate deliveries share.");
        if (badId.isPresent()) {
            return badId.get();
        }
        String id = boundedId(raw);
        String service = text(event.path("detail"), "service");
        if (!service.isEmpty() && !service.equals("kafka")) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_RESOURCE_UNSUPPORTED, "detail.service", "tag change on service '"
                    + service + "', not kafka", "Route only MSK (detail.service=kafka) tag changes here.");
        }
        JsonNode resources = event.path("resources");
        if (!resources.isArray() || resources.isEmpty() || !resources.get(0).isTextual()) {
            return ParsedTrigger.missing("resources[0]", "An aws.tag event names the tagged resource's ARN in resources[0].");
        }
        // A removed key is listed in changed-tag-keys but absent from detail.tags, so the keys come from the former.
        List<String> keys = new ArrayList<>();
        event.path("detail").path("changed-tag-keys").forEach(k -> keys.add(k.asText()));
        return CloudTrailTriggers.tagEvent(id, resources.get(0).asText(), "resources[0]", keys, "aws.tag");
    }

    private static ParsedTrigger sweep(JsonNode input) {
        String raw = text(input, "sweepId");
        Optional<ParsedTrigger> badId = idProblem("sweepId", raw, "Give every sweep request a sweepId; it names the execution and the intents.");
        if (badId.isPresent()) {
            return badId.get();
        }
        String id = boundedId(raw);
        String cluster = Arns.decode(text(input, "clusterArn"));
        Optional<ParsedTrigger> bad = clusterProblem(cluster);
        if (bad.isPresent()) {
            return bad.get();
        }
        JsonNode topics = input.path("topics");
        List<String> names = new ArrayList<>();
        if (!topics.isMissingNode() && !topics.isNull()) {
            if (!topics.isArray()) {
                return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "topics", "topics is not a list",
                        "Send \"topics\":[\"orders\",...] or omit it to sweep the whole cluster.");
            }
            for (JsonNode t : topics) {
                if (!t.isTextual() || !TopicNames.isValid(t.asText())) {
                    return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "topics", "'" + t + "' is not a Kafka topic name",
                            "List topic names of " + TopicNames.RULE + ".");
                }
                names.add(t.asText());
            }
        }
        return new ParsedTrigger.Valid(new Trigger.Sweep(id, cluster, names));
    }

    private static ParsedTrigger manual(JsonNode input) {
        String raw = text(input, "requestId");
        Optional<ParsedTrigger> badId = idProblem("requestId", raw,
                "Give every manual request a requestId (the CLI uses it as the execution name).");
        if (badId.isPresent()) {
            return badId.get();
        }
        String id = boundedId(raw);
        String cluster = Arns.decode(text(input, "clusterArn"));
        Optional<ParsedTrigger> bad = clusterProblem(cluster);
        if (bad.isPresent()) {
            return bad.get();
        }
        String topic = text(input, "topic");
        if (!topic.isEmpty() && !TopicNames.isValid(topic)) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "topic", "'" + topic + "' is not a Kafka topic name: it "
                    + TopicNames.problem(topic).orElse(""), "Name one topic (" + TopicNames.RULE
                    + ") or omit topic to resolve the whole cluster.");
        }
        return new ParsedTrigger.Valid(new Trigger.Manual(id, cluster, topic));
    }

    private static Optional<ParsedTrigger> clusterProblem(String arn) {
        if (arn.isEmpty()) {
            return Optional.of(ParsedTrigger.missing("clusterArn",
                    "Name the cluster: \"clusterArn\":\"arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid>\"."));
        }
        if (!ClusterArn.isValid(arn)) {
            return Optional.of(ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "clusterArn", "'" + arn
                    + "' is not an MSK cluster ARN", "Use arn:aws:kafka:<region>:<account>:cluster/<name>/<uuid> "
                    + "(aws kafka list-clusters-v2 shows it)."));
        }
        return Optional.empty();
    }

    /**
     * An id names executions, intents and claims, and is echoed in results and logs: missing is TRIGGER_FIELD_MISSING,
     * a control, bidi or other invisible character TRIGGER_FIELD_INVALID (no sender of real events writes one).
     */
    static Optional<ParsedTrigger> idProblem(String field, String id, String fix) {
        if (id.isEmpty()) {
            return Optional.of(ParsedTrigger.missing(field, fix));
        }
        if (!SafeText.isSafe(id)) {
            return Optional.of(ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, field, "'" + id + "' contains control, "
                    + "bidirectional or other invisible characters", "Use a printable id; " + fix));
        }
        return Optional.empty();
    }

    /** Ids longer than {@link #MAX_ID} UTF-8 bytes become {@code sha256:<hex>}: duplicates still share it, keys stay bounded. */
    static String boundedId(String id) {
        return SafeText.utf8Length(id) <= MAX_ID ? id : BoundedKeys.of(id);
    }

    static String text(JsonNode node, String field) {
        JsonNode value = node.path(field);
        // strip(), not trim(): trim() also drops control characters, so "orders\u0000" would pass as "orders".
        return value.isTextual() ? value.asText().strip() : "";
    }

    /** The trigger in a task input's bytes ({@link #trigger(JsonNode)} of the parsed JSON). */
    static JsonNode trigger(ObjectMapper json, InputStream input) {
        return trigger(read(json, input));
    }

    /** Unparseable bytes become a non-object node, which the parser turns into TRIGGER_NOT_OBJECT (never a throw). */
    private static JsonNode read(ObjectMapper json, InputStream input) {
        try {
            JsonNode node = json.readTree(input);
            return node == null ? json.nullNode() : node;
        } catch (IOException e) {
            return json.getNodeFactory().textNode("<not JSON>");
        }
    }

    /** The ASL passes {@code {trigger: <execution input>, executionName}}; a bare trigger has a {@code source}. */
    static JsonNode trigger(JsonNode input) {
        return input.isObject() && input.has("trigger") && !input.has("source") ? input.get("trigger") : input;
    }
}
