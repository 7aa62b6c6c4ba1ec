package io.channelpilot.local.world.sns;

import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Xml;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Topics and tags. Callers hold the state lock. Results are the inner XML of {@code <XResult>}. */
final class TopicOperations {

    private static final Pattern TOPIC_NAME = Pattern.compile("[A-Za-z0-9_-]{1,256}");
    private static final Set<String> TOPIC_ATTRIBUTES = Set.of("DisplayName", "Policy", "DeliveryPolicy",
            "KmsMasterKeyId", "SignatureVersion", "TracingConfig", "FifoTopic", "ContentBasedDeduplication",
            "ArchivePolicy", "DataProtectionPolicy", "FifoThroughputScope");
    private static final int PAGE = 100;

    private final SnsState state;

    TopicOperations(SnsState state) {
        this.state = state;
    }

    String createTopic(QueryParams p) {
        String name = p.required("Name");
        Map<String, String> attributes = p.map("Attributes", "key", "value");
        boolean fifo = "true".equals(attributes.get("FifoTopic"));
        String base = fifo && name.endsWith(".fifo") ? name.substring(0, name.length() - 5) : name;
        if (!TOPIC_NAME.matcher(base).matches() || (name.endsWith(".fifo") != fifo)) {
            throw invalid("Topic Name");
        }
        attributes.keySet().forEach(this::requireTopicAttribute);
        Map<String, String> tags = p.tags("Tags");
        String arn = state.topicArn(name);
        Topic existing = state.topics.get(arn);
        if (existing != null) {
            // CreateTopic is idempotent for the same name, attributes and tags; a conflicting repeat is refused.
            if (!attributes.isEmpty() && !existing.attributes.entrySet().containsAll(attributes.entrySet())) {
                throw invalid("Attributes Reason: Topic already exists with different attributes");
            }
            if (!tags.isEmpty() && !existing.tags.equals(tags)) {
                throw invalid("Tags Reason: Topic already exists with different tags");
            }
            return "<TopicArn>" + Xml.escape(arn) + "</TopicArn>";
        }
        Topic t = new Topic(arn, name);
        t.attributes.putAll(attributes);
        t.tags.putAll(tags);
        state.topics.put(arn, t);
        return "<TopicArn>" + Xml.escape(arn) + "</TopicArn>";
    }

    String deleteTopic(QueryParams p) {
        String arn = p.required("TopicArn");
        if (state.topics.remove(arn) != null) {
            state.subscriptions.values().removeIf(s -> s.topicArn().equals(arn));
        }
        return "";
    }

    String getTopicAttributes(QueryParams p) {
        Topic t = state.topic(p.required("TopicArn"));
        Map<String, String> out = new LinkedHashMap<>();
        out.put("TopicArn", t.arn);
        out.put("Owner", state.account);
        out.put("DisplayName", "");
        out.put("Policy", defaultPolicy(t.arn));
        long confirmed = subscriptionsOf(t.arn).stream().filter(Subscription::confirmed).count();
        out.put("SubscriptionsConfirmed", Long.toString(confirmed));
        out.put("SubscriptionsPending", Long.toString(subscriptionsOf(t.arn).size() - confirmed));
        out.put("SubscriptionsDeleted", "0");
        out.put("EffectiveDeliveryPolicy", "{\"http\":{\"defaultHealthyRetryPolicy\":{\"minDelayTarget\":20,"
                + "\"maxDelayTarget\":20,\"numRetries\":3,\"numMaxDelayRetries\":0,\"numNoDelayRetries\":0,"
                + "\"numMinDelayRetries\":0,\"backoffFunction\":\"linear\"},\"disableSubscriptionOverrides\":false,"
                + "\"defaultRequestPolicy\":{\"headerContentType\":\"text/plain; charset=UTF-8\"}}}");
        out.putAll(t.attributes);
        return "<Attributes>" + entries(out) + "</Attributes>";
    }

    String setTopicAttributes(QueryParams p) {
        Topic t = state.topic(p.required("TopicArn"));
        String name = p.required("AttributeName");
        requireTopicAttribute(name);
        String value = p.get("AttributeValue");
        if (value == null || value.isEmpty()) {
            t.attributes.remove(name);
        } else {
            t.attributes.put(name, value);
        }
        return "";
    }

    String listTopics(QueryParams p) {
        List<String> arns = List.copyOf(state.topics.keySet());
        int from = parseToken(p.get("NextToken"));
        StringBuilder xml = new StringBuilder("<Topics>");
        arns.stream().skip(from).limit(PAGE).forEach(a -> xml.append("<member><TopicArn>").append(Xml.escape(a))
                .append("</TopicArn></member>"));
        xml.append("</Topics>");
        if (arns.size() > from + PAGE) {
            xml.append("<NextToken>").append(from + PAGE).append("</NextToken>");
        }
        return xml.toString();
    }

    String tagResource(QueryParams p) {
        Topic t = resource(p.required("ResourceArn"));
        t.tags.putAll(p.tags("Tags"));
        if (t.tags.size() > 50) {
            throw new AwsServiceError(400, "TagLimitExceeded", "Could not complete request: tag quota of per "
                    + "resource exceeded");
        }
        return "";
    }

    String listTags(QueryParams p) {
        Topic t = resource(p.required("ResourceArn"));
        StringBuilder xml = new StringBuilder("<Tags>");
        t.tags.forEach((k, v) -> xml.append("<member><Key>").append(Xml.escape(k)).append("</Key><Value>")
                .append(Xml.escape(v)).append("</Value></member>"));
        return xml.append("</Tags>").toString();
    }

    private Topic resource(String arn) {
        Topic t = state.topics.get(arn);
        if (t == null) {
            throw new AwsServiceError(404, "ResourceNotFound", "Resource does not exist");
        }
        return t;
    }

    private void requireTopicAttribute(String name) {
        if (!TOPIC_ATTRIBUTES.contains(name)) {
            throw invalid("AttributeName");
        }
    }

    List<Subscription> subscriptionsOf(String topicArn) {
        return state.subscriptions.values().stream().filter(s -> s.topicArn().equals(topicArn)).toList();
    }

    static int parseToken(String token) {
        if (token == null) {
            return 0;
        }
        try {
            return Integer.parseInt(token);
        } catch (NumberFormatException e) {
            throw invalid("NextToken");
        }
    }

    static AwsServiceError invalid(String what) {
        return new AwsServiceError(400, "InvalidParameter", "Invalid parameter: " + what);
    }

    static String entries(Map<String, String> map) {
        StringBuilder xml = new StringBuilder();
        map.forEach((k, v) -> xml.append("<entry><key>").append(Xml.escape(k)).append("</key><value>")
                .append(Xml.escape(v)).append("</value></entry>"));
        return xml.toString();
    }

    private String defaultPolicy(String arn) {
        return "{\"Version\":\"2008-10-17\",\"Id\":\"__default_policy_ID\",\"Statement\":[{\"Sid\":"
                + "\"__default_statement_ID\",\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"*\"},\"Action\":["
                + "\"SNS:Publish\",\"SNS:Subscribe\",\"SNS:GetTopicAttributes\"],\"Resource\":\"" + arn + "\","
                + "\"Condition\":{\"StringEquals\":{\"AWS:SourceOwner\":\"" + state.account + "\"}}}]}";
    }
}
