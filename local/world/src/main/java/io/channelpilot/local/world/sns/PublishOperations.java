package io.channelpilot.local.world.sns;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.http.Xml;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Publish and PublishBatch with SNS's validation; accepted messages are evaluated against every subscription. */
final class PublishOperations {

    private static final int MAX_BYTES = 256 * 1024;

    private final SnsState state;
    private final Clock clock;

    PublishOperations(SnsState state, Clock clock) {
        this.state = state;
        this.clock = clock;
    }

    String publish(QueryParams p) {
        String topicArn = p.get("TopicArn") != null ? p.get("TopicArn") : p.get("TargetArn");
        if (topicArn == null) {
            throw TopicOperations.invalid("TopicArn or TargetArn Reason: no value for required parameter");
        }
        PublishedMessage m = accept(topicArn, p.get("Subject"), p.get("Message"), p.get("MessageStructure"),
                attributes(p));
        return "<MessageId>" + m.messageId() + "</MessageId>";
    }

    String publishBatch(QueryParams p) {
        Topic topic = state.topic(p.required("TopicArn"));
        List<Map<String, String>> entries = p.members("PublishBatchRequestEntries");
        if (entries.isEmpty()) {
            throw new AwsServiceError(400, "EmptyBatchRequest", "The batch request doesn't contain any entries.");
        }
        if (entries.size() > 10) {
            throw new AwsServiceError(400, "TooManyEntriesInBatchRequest",
                    "The batch request contains more entries than permissible.");
        }
        Set<String> ids = new HashSet<>();
        for (Map<String, String> e : entries) {
            if (!ids.add(e.getOrDefault("Id", ""))) {
                throw new AwsServiceError(400, "BatchEntryIdsNotDistinct",
                        "Two or more batch entries in the request have the same Id.");
            }
        }
        StringBuilder ok = new StringBuilder("<Successful>");
        StringBuilder failed = new StringBuilder("<Failed>");
        for (Map<String, String> e : entries) {
            QueryParams entry = new QueryParams(e);
            String id = Xml.escape(e.get("Id"));
            try {
                PublishedMessage m = accept(topic.arn, e.get("Subject"), e.get("Message"), e.get("MessageStructure"),
                        attributes(entry));
                ok.append("<member><Id>").append(id).append("</Id><MessageId>").append(m.messageId())
                        .append("</MessageId></member>");
            } catch (AwsServiceError error) {
                failed.append("<member><Id>").append(id).append("</Id><Code>").append(Xml.escape(error.code()))
                        .append("</Code><Message>").append(Xml.escape(error.getMessage()))
                        .append("</Message><SenderFault>").append(error.isSenderFault()).append("</SenderFault></member>");
            }
        }
        return ok.append("</Successful>").toString() + failed.append("</Failed>");
    }

    /** Validates and records one message; throws the error SNS would return. */
    PublishedMessage accept(String topicArn, String subject, String message, String structure,
                            Map<String, MessageAttribute> attributes) {
        Topic topic = state.topic(topicArn);
        if (message == null || message.isEmpty()) {
            throw TopicOperations.invalid("Empty message");
        }
        if (subject != null && (subject.isEmpty() || subject.codePointCount(0, subject.length()) > 100
                || subject.codePoints().anyMatch(Character::isISOControl))) {
            // API reference: "Subjects must be UTF-8 text with no line breaks or control characters, and less than
            // 100 characters long". UNCONFIRMED: whether exactly 100 is accepted; the local world accepts it, as the
            // brief and common SNS clients assume (Channel Pilot itself sends at most 99).
            throw TopicOperations.invalid("Subject");
        }
        if (message.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES) {
            throw TopicOperations.invalid("Message too long");
        }
        String defaultMessage = message;
        Map<String, String> perProtocol = new LinkedHashMap<>();
        if (structure != null) {
            if (!structure.equals("json")) {
                throw TopicOperations.invalid("MessageStructure");
            }
            JsonNode parsed;
            try {
                parsed = Json.MAPPER.readTree(message);
            } catch (IOException e) {
                parsed = null;
            }
            if (parsed == null || !parsed.isObject()) {
                throw TopicOperations.invalid("Message Structure - JSON message body failed to parse");
            }
            if (!parsed.has("default")) {
                throw TopicOperations.invalid("Message Structure - No default entry in JSON message body");
            }
            defaultMessage = parsed.get("default").asText();
            parsed.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("default")) {
                    perProtocol.put(e.getKey(), e.getValue().asText());
                }
            });
        }
        Instant now = clock.instant();
        String id = UUID.nameUUIDFromBytes(("message-" + state.sequence++).getBytes(StandardCharsets.UTF_8)).toString();
        List<PublishedMessage.Delivery> deliveries = new ArrayList<>();
        PublishedMessage draft = new PublishedMessage(id, topic.arn, subject, defaultMessage, perProtocol, attributes,
                now, List.of());
        for (Subscription s : state.subscriptions.values()) {
            if (!s.topicArn().equals(topic.arn)) {
                continue;
            }
            String policy = s.attributes().get("FilterPolicy");
            String body = draft.messageFor(s.protocol());
            boolean match = policy == null || FilterPolicies.matches(policy,
                    s.attributes().getOrDefault("FilterPolicyScope", "MessageAttributes"), attributes, body);
            deliveries.add(new PublishedMessage.Delivery(s.arn(), s.protocol(), s.endpoint(), match && s.confirmed(),
                    match, !s.confirmed(), render(s, draft, body)));
        }
        PublishedMessage m = new PublishedMessage(id, topic.arn, subject, defaultMessage, perProtocol, attributes, now,
                deliveries);
        state.published.add(m);
        return m;
    }

    /** What the endpoint receives: plain text for email, the SNS notification JSON otherwise (unless raw). */
    private static String render(Subscription s, PublishedMessage m, String body) {
        if (s.protocol().equals("email") || s.protocol().equals("sms")
                || "true".equals(s.attributes().get("RawMessageDelivery"))) {
            return body;
        }
        ObjectNode n = Json.object().put("Type", "Notification").put("MessageId", m.messageId())
                .put("TopicArn", m.topicArn());
        if (m.subject() != null) {
            n.put("Subject", m.subject());
        }
        n.put("Message", body).put("Timestamp", m.timestamp().truncatedTo(ChronoUnit.MILLIS).toString())
                .put("SignatureVersion", "1");
        if (!m.attributes().isEmpty()) {
            ObjectNode attrs = n.putObject("MessageAttributes");
            m.attributes().forEach((k, a) -> attrs.putObject(k).put("Type", a.dataType())
                    .put("Value", a.stringValue() != null ? a.stringValue() : a.binaryValue()));
        }
        return n.toString();
    }

    static Map<String, MessageAttribute> attributes(QueryParams p) {
        Map<String, MessageAttribute> out = new LinkedHashMap<>();
        for (int i = 1; p.get("MessageAttributes.entry." + i + ".Name") != null; i++) {
            String prefix = "MessageAttributes.entry." + i + ".";
            String name = p.get(prefix + "Name");
            String type = p.get(prefix + "Value.DataType");
            String value = p.get(prefix + "Value.StringValue");
            String binary = p.get(prefix + "Value.BinaryValue");
            out.put(name, validate(name, type, value, binary));
        }
        if (out.size() > 10) {
            throw TopicOperations.invalid("Number of message attributes [" + out.size()
                    + "] exceeds the allowed maximum [10].");
        }
        return out;
    }

    private static MessageAttribute validate(String name, String type, String value, String binary) {
        String base = type == null ? "" : type.split("\\.")[0];
        if (!Set.of("String", "Number", "Binary").contains(base)) {
            throw valueInvalid("The message attribute '" + name + "' has an invalid message attribute type, the set of "
                    + "supported type prefixes is Binary, Number, and String.");
        }
        if (base.equals("Binary")) {
            if (binary == null || binary.isEmpty()) {
                throw valueInvalid("The message attribute '" + name + "' must contain non-empty message attribute "
                        + "value for message attribute type '" + type + "'.");
            }
            return new MessageAttribute(type, null, binary);
        }
        if (value == null || value.isEmpty()) {
            throw valueInvalid("The message attribute '" + name + "' must contain non-empty message attribute value "
                    + "for message attribute type '" + type + "'.");
        }
        if (base.equals("Number")) {
            try {
                new BigDecimal(value);
            } catch (NumberFormatException e) {
                throw valueInvalid("Could not cast message attribute '" + name + "' value to number.");
            }
        }
        if (type.equals("String.Array")) {
            try {
                if (!Json.MAPPER.readTree(value).isArray()) {
                    throw new IOException("not an array");
                }
            } catch (IOException e) {
                // UNCONFIRMED: SNS's exact text for a malformed String.Array value.
                throw valueInvalid("The message attribute '" + name + "' with type 'String.Array' must be a JSON "
                        + "array.");
            }
        }
        return new MessageAttribute(type, value, null);
    }

    private static AwsServiceError valueInvalid(String message) {
        return new AwsServiceError(400, "ParameterValueInvalid", message);
    }
}
