package io.channelpilot.local.world.sns;

import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Xml;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** Subscribe, Unsubscribe, listing and subscription attributes. Callers hold the state lock. */
final class SubscriptionOperations {

    private static final Set<String> SUBSCRIPTION_ATTRIBUTES = Set.of("FilterPolicy", "FilterPolicyScope",
            "RawMessageDelivery", "DeliveryPolicy", "RedrivePolicy", "SubscriptionRoleArn");
    private static final Set<String> PROTOCOLS = Set.of("http", "https", "email", "email-json", "sms", "sqs",
            "application", "lambda", "firehose");
    private static final int PAGE = 100;

    private final SnsState state;
    private final TopicOperations topics;

    SubscriptionOperations(SnsState state, TopicOperations topics) {
        this.state = state;
        this.topics = topics;
    }

    String subscribe(QueryParams p) {
        Topic t = state.topic(p.required("TopicArn"));
        String protocol = p.required("Protocol");
        if (!PROTOCOLS.contains(protocol)) {
            throw TopicOperations.invalid("Invalid protocol type: " + protocol);
        }
        String endpoint = p.get("Endpoint") == null ? "" : p.get("Endpoint");
        switch (protocol) {
            case "email", "email-json" -> {
                if (!endpoint.matches("[^@\\s]+@[^@\\s]+")) {
                    throw TopicOperations.invalid("Email address");
                }
            }
            case "sqs" -> {
                if (!endpoint.startsWith("arn:aws:sqs:")) {
                    throw TopicOperations.invalid("SQS endpoint ARN");
                }
            }
            case "lambda" -> {
                if (!endpoint.startsWith("arn:aws:lambda:")) {
                    throw TopicOperations.invalid("Lambda endpoint ARN");
                }
            }
            default -> {
            }
        }
        Map<String, String> attributes = p.map("Attributes", "key", "value");
        attributes.forEach(this::validateSubscriptionAttribute);
        for (Subscription s : topics.subscriptionsOf(t.arn)) {
            if (s.protocol().equals(protocol) && s.endpoint().equals(endpoint)) {
                // Subscribe is idempotent for the same protocol and endpoint.
                return "<SubscriptionArn>" + Xml.escape(visibleArn(s, p)) + "</SubscriptionArn>";
            }
        }
        String arn = t.arn + ":" + UUID.nameUUIDFromBytes((t.arn + "|" + protocol + "|" + endpoint + "|"
                + state.sequence++).getBytes(StandardCharsets.UTF_8));
        boolean confirmed = !protocol.startsWith("email") && !protocol.startsWith("http");
        Subscription s = new Subscription(arn, t.arn, protocol, endpoint, attributes, confirmed);
        state.subscriptions.put(arn, s);
        return "<SubscriptionArn>" + Xml.escape(visibleArn(s, p)) + "</SubscriptionArn>";
    }

    /** Pending subscriptions show "pending confirmation" unless ReturnSubscriptionArn is true. */
    private static String visibleArn(Subscription s, QueryParams p) {
        return s.confirmed() || "true".equals(p.get("ReturnSubscriptionArn")) ? s.arn() : "pending confirmation";
    }

    String unsubscribe(QueryParams p) {
        String arn = p.required("SubscriptionArn");
        if (state.subscriptions.remove(arn) == null) {
            throw new AwsServiceError(404, "NotFound", "Subscription does not exist");
        }
        return "";
    }

    String listSubscriptionsByTopic(QueryParams p) {
        Topic t = state.topic(p.required("TopicArn"));
        List<Subscription> subs = topics.subscriptionsOf(t.arn);
        int from = TopicOperations.parseToken(p.get("NextToken"));
        StringBuilder xml = new StringBuilder("<Subscriptions>");
        subs.stream().skip(from).limit(PAGE).forEach(s -> xml.append("<member><TopicArn>").append(Xml.escape(t.arn))
                .append("</TopicArn><Protocol>").append(s.protocol()).append("</Protocol><SubscriptionArn>")
                .append(Xml.escape(s.confirmed() ? s.arn() : "PendingConfirmation")).append("</SubscriptionArn><Owner>")
                .append(state.account).append("</Owner><Endpoint>").append(Xml.escape(s.endpoint()))
                .append("</Endpoint></member>"));
        xml.append("</Subscriptions>");
        if (subs.size() > from + PAGE) {
            xml.append("<NextToken>").append(from + PAGE).append("</NextToken>");
        }
        return xml.toString();
    }

    String getSubscriptionAttributes(QueryParams p) {
        Subscription s = subscription(p.required("SubscriptionArn"));
        Map<String, String> out = new LinkedHashMap<>();
        out.put("SubscriptionArn", s.arn());
        out.put("TopicArn", s.topicArn());
        out.put("Protocol", s.protocol());
        out.put("Endpoint", s.endpoint());
        out.put("Owner", state.account);
        out.put("PendingConfirmation", Boolean.toString(!s.confirmed()));
        out.put("ConfirmationWasAuthenticated", Boolean.toString(s.confirmed()));
        out.put("RawMessageDelivery", "false");
        out.putAll(s.attributes());
        if (s.attributes().containsKey("FilterPolicy") && !s.attributes().containsKey("FilterPolicyScope")) {
            out.put("FilterPolicyScope", "MessageAttributes");
        }
        return "<Attributes>" + TopicOperations.entries(out) + "</Attributes>";
    }

    String setSubscriptionAttributes(QueryParams p) {
        Subscription s = subscription(p.required("SubscriptionArn"));
        String name = p.required("AttributeName");
        String value = p.get("AttributeValue") == null ? "" : p.get("AttributeValue");
        validateSubscriptionAttribute(name, value);
        Map<String, String> next = new LinkedHashMap<>(s.attributes());
        if (value.isEmpty()) {
            next.remove(name);
        } else {
            next.put(name, value);
        }
        state.subscriptions.put(s.arn(), s.withAttributes(next));
        return "";
    }

    private Subscription subscription(String arn) {
        Subscription s = state.subscriptions.get(arn);
        if (s == null) {
            throw new AwsServiceError(404, "NotFound", "Subscription does not exist");
        }
        return s;
    }

    private void validateSubscriptionAttribute(String name, String value) {
        if (!SUBSCRIPTION_ATTRIBUTES.contains(name)) {
            throw TopicOperations.invalid("AttributeName");
        }
        if (name.equals("FilterPolicy") && !value.isEmpty()) {
            FilterPolicies.validate(value);
        }
        if (name.equals("FilterPolicyScope") && !Set.of("MessageAttributes", "MessageBody").contains(value)) {
            throw TopicOperations.invalid("FilterPolicyScope: Invalid filter policy scope, allowed values are MessageAttributes and "
                    + "MessageBody");
        }
    }
}
