package io.channelpilot.resolve;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.TopicNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * CloudTrail calls delivered by EventBridge ({@code detail-type: AWS API Call via CloudTrail}).
 *
 * <ul>
 *   <li>Control plane, {@code source: aws.kafka}, {@code eventSource: kafka.amazonaws.com}: CreateTopic/DeleteTopic carry
 *       {@code requestParameters.clusterArn} (path parameter: URL-encoded or plain) and {@code topicName};
 *       TagResource/UntagResource carry {@code requestParameters.resourceArn} and {@code tags} / {@code tagKeys}.</li>
 *   <li>Data plane (Kafka protocol with IAM auth), {@code source: aws.kafka-cluster},
 *       {@code eventSource: kafka-cluster.amazonaws.com}: the MSK developer guide's CloudTrail example for
 *       {@code kafka-cluster:CreateTopic} has {@code requestParameters: {kafkaAPI: "CreateTopics", resourceARN:
 *       "arn:aws:kafka:…:topic/<cluster>/<uuid>/<topic>"}}. UNCONFIRMED variants also accepted, first match wins:
 *       {@code requestParameters.resourceArn}/{@code topicArn}, CloudTrail {@code detail.resources[].ARN}, the envelope's
 *       {@code resources[]}, and {@code requestParameters.clusterArn} + {@code topicName}.</li>
 * </ul>
 * Failed calls ({@code detail.errorCode}) are still resolved: state is re-read, so a failed CreateTopic simply finds no
 * topic.
 */
final class CloudTrailTriggers {

    static final String CONTROL_PLANE_SOURCE = "aws.kafka";
    static final String DATA_PLANE_SOURCE = "aws.kafka-cluster";
    static final String DETAIL_TYPE = "AWS API Call via CloudTrail";
    private static final String PASS_UNCHANGED = "Pass the EventBridge event unchanged (the rule target input must be the whole event).";

    private CloudTrailTriggers() {
    }

    static ParsedTrigger parse(JsonNode event, String source) {
        if (!DETAIL_TYPE.equals(TriggerParser.text(event, "detail-type"))) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_DETAIL_TYPE_UNSUPPORTED, "detail-type", source + " detail-type '"
                    + TriggerParser.text(event, "detail-type") + "' is not '" + DETAIL_TYPE + "'", "Route only CloudTrail API calls here.");
        }
        String raw = TriggerParser.text(event, "id");
        JsonNode detail = event.path("detail");
        Optional<ParsedTrigger> badId = TriggerParser.idProblem("id", raw, PASS_UNCHANGED);
        if (badId.isPresent()) {
            return badId.get();
        }
        String id = TriggerParser.boundedId(raw);
        if (!detail.isObject()) {
            return ParsedTrigger.missing("detail", PASS_UNCHANGED);
        }
        boolean control = source.equals(CONTROL_PLANE_SOURCE);
        String expected = control ? "kafka.amazonaws.com" : "kafka-cluster.amazonaws.com";
        String eventSource = TriggerParser.text(detail, "eventSource");
        String eventName = TriggerParser.text(detail, "eventName");
        if (!expected.equals(eventSource)) {
            return unsupported("detail.eventSource", "eventSource '" + eventSource + "' does not belong to source " + source
                    + " (expected " + expected + ")");
        }
        JsonNode params = detail.path("requestParameters");
        switch (eventName) {
            case "CreateTopic":
            case "DeleteTopic":
                return control ? controlPlaneTopic(id, params, eventName, eventSource) : dataPlaneTopic(id, event, eventName, eventSource);
            case "TagResource":
            case "UntagResource":
                if (control) {
                    return tagResource(id, detail, params, eventName);
                }
                return unsupported("detail.eventName", "eventName '" + eventName + "' is not a Kafka data-plane action");
            default:
                return unsupported("detail.eventName", "eventName '" + eventName + "' is not CreateTopic, DeleteTopic, TagResource or UntagResource");
        }
    }

    /** Shared with aws.tag: the tagged resource decides the scope. */
    static ParsedTrigger tagEvent(String id, String resourceArn, String field, List<String> keys, String origin) {
        Optional<Arns.MskResource> resource = Arns.parse(resourceArn);
        if (resource.isEmpty()) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, field, "'" + Arns.decode(resourceArn)
                    + "' is not an MSK cluster, topic or channel ARN", "Only tag changes on MSK clusters, topics and channels start provisioning.");
        }
        Arns.MskResource r = resource.get();
        switch (r.type()) {
            case "cluster":
            case "channel":
                return new ParsedTrigger.Valid(new Trigger.TagEvent(id, r.clusterArn(), Arns.decode(resourceArn), r.type(), "", keys, origin));
            case "topic":
                if (r.topic().isPresent()) {
                    return new ParsedTrigger.Valid(new Trigger.TagEvent(id, r.clusterArn(), Arns.decode(resourceArn), r.type(),
                            r.topic().get(), keys, origin));
                }
                return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, field, "topic ARN '" + Arns.decode(resourceArn)
                        + "' names no Kafka topic", "A topic ARN ends in topic/<cluster>/<uuid>/<topic>; a topic name is "
                        + TopicNames.RULE + ".");
            default:
                return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_RESOURCE_UNSUPPORTED, field, "MSK resource type '" + r.type()
                        + "' carries no Channel Pilot tags", "Tag the cluster (rules) or a channel; " + r.type() + " tags are ignored.");
        }
    }

    private static ParsedTrigger controlPlaneTopic(String id, JsonNode params, String eventName, String eventSource) {
        String cluster = Arns.decode(TriggerParser.text(params, "clusterArn"));
        if (cluster.isEmpty()) {
            return ParsedTrigger.missing("detail.requestParameters.clusterArn", PASS_UNCHANGED);
        }
        if (!ClusterArn.isValid(cluster)) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "detail.requestParameters.clusterArn", "'" + cluster
                    + "' is not an MSK cluster ARN (URL-encoded or plain)", PASS_UNCHANGED);
        }
        String topic = Arns.decode(TriggerParser.text(params, "topicName"));
        if (topic.isEmpty()) {
            return ParsedTrigger.missing("detail.requestParameters.topicName", PASS_UNCHANGED);
        }
        Optional<String> bad = TopicNames.problem(topic);
        if (bad.isPresent()) {
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "detail.requestParameters.topicName", "'" + topic
                    + "' is not a Kafka topic name: it " + bad.get(), "A topic name is " + TopicNames.RULE + ". " + PASS_UNCHANGED);
        }
        return new ParsedTrigger.Valid(new Trigger.TopicEvent(id, cluster, topic, eventName, eventSource));
    }

    private static ParsedTrigger dataPlaneTopic(String id, JsonNode event, String eventName, String eventSource) {
        JsonNode detail = event.path("detail");
        JsonNode params = detail.path("requestParameters");
        List<String> candidates = new ArrayList<>();
        for (String field : List.of("resourceARN", "resourceArn", "topicArn")) {
            candidates.add(TriggerParser.text(params, field));
        }
        detail.path("resources").forEach(r -> candidates.add(TriggerParser.text(r, "ARN")));
        event.path("resources").forEach(r -> candidates.add(r.isTextual() ? r.asText() : ""));
        boolean namesBadTopic = false;
        for (String candidate : candidates) {
            Optional<Arns.MskResource> r = Arns.parse(candidate);
            if (r.isPresent() && r.get().topic().isPresent()) {
                return new ParsedTrigger.Valid(new Trigger.TopicEvent(id, r.get().clusterArn(), r.get().topic().get(), eventName, eventSource));
            }
            namesBadTopic |= r.isPresent() && r.get().type().equals("topic");
        }
        if (namesBadTopic) {
            // A topic ARN whose topic part is '..', has a '/' or invisible characters must not fall through to a guess.
            return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_FIELD_INVALID, "detail.requestParameters.resourceARN",
                    "the topic ARN names no Kafka topic", "A topic name is " + TopicNames.RULE + ". " + PASS_UNCHANGED);
        }
        if (!TriggerParser.text(params, "clusterArn").isEmpty()) {
            return controlPlaneTopic(id, params, eventName, eventSource);
        }
        return ParsedTrigger.missing("detail.requestParameters.resourceARN",
                "A kafka-cluster " + eventName + " record names the topic ARN (topic/<cluster>/<uuid>/<topic>) in requestParameters.resourceARN; "
                        + PASS_UNCHANGED);
    }

    private static ParsedTrigger tagResource(String id, JsonNode detail, JsonNode params, String eventName) {
        String arn = TriggerParser.text(params, "resourceArn");
        if (arn.isEmpty()) {
            return ParsedTrigger.missing("detail.requestParameters.resourceArn", PASS_UNCHANGED);
        }
        List<String> keys = new ArrayList<>();
        if (eventName.equals("TagResource")) {
            params.path("tags").fieldNames().forEachRemaining(keys::add);
        } else {
            JsonNode tagKeys = params.path("tagKeys");
            if (tagKeys.isArray()) {
                tagKeys.forEach(k -> keys.add(Arns.decode(k.asText())));
            } else if (tagKeys.isTextual()) {
                for (String k : tagKeys.asText().split(",")) {
                    keys.add(Arns.decode(k));
                }
            }
        }
        ParsedTrigger parsed = tagEvent(id, arn, "detail.requestParameters.resourceArn", keys, "CloudTrail " + eventName);
        // CloudTrail records failed calls too (detail.errorCode): a TagResource MSK refused still tells the owner why
        String errorCode = TriggerParser.text(detail, "errorCode");
        if (parsed instanceof ParsedTrigger.Valid valid && valid.trigger() instanceof Trigger.TagEvent t && !errorCode.isEmpty()) {
            return new ParsedTrigger.Valid(new Trigger.TagEvent(t.id(), t.clusterArn(), t.resourceArn(), t.resourceType(), t.topic(),
                    t.changedKeys(), t.origin(), errorCode));
        }
        return parsed;
    }

    private static ParsedTrigger unsupported(String field, String message) {
        return ParsedTrigger.invalid(ResolveErrorCode.TRIGGER_EVENT_UNSUPPORTED, field, message,
                "Route only CreateTopic, DeleteTopic, TagResource and UntagResource (kafka.amazonaws.com) and CreateTopic/DeleteTopic "
                        + "(kafka-cluster.amazonaws.com) CloudTrail events to the provisioning state machine.");
    }
}
