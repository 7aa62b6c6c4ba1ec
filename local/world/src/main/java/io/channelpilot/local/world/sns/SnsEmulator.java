package io.channelpilot.local.world.sns;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import io.channelpilot.local.world.http.Xml;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * SNS (signing name {@code sns}, AWS Query protocol): topics with attributes and tags, subscriptions (recorded, email
 * pending until confirmed) with filter policies, and Publish / PublishBatch with SNS's validation. Published messages
 * are kept with their per-subscription delivery evaluation for tests and the world report.
 */
public final class SnsEmulator implements ServiceEmulator {

    private final SnsState state;
    private final TopicOperations topics;
    private final SubscriptionOperations subscriptions;
    private final PublishOperations publish;

    public SnsEmulator(Clock clock, String account, String region) {
        this.state = new SnsState(account, region);
        this.topics = new TopicOperations(state);
        this.subscriptions = new SubscriptionOperations(state, topics);
        this.publish = new PublishOperations(state, clock);
    }

    @Override
    public String signingName() {
        return "sns";
    }

    @Override
    public Protocol protocol() {
        return Protocol.AWS_QUERY;
    }

    @Override
    public String operationOf(AwsRequest request) {
        String action = request.formParams().get("Action");
        if (action == null) {
            throw new AwsServiceError(400, "InvalidAction", "Missing Action parameter");
        }
        return action;
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        QueryParams p = new QueryParams(request.formParams());
        String result;
        synchronized (state) {
            result = switch (operation) {
                case "CreateTopic" -> topics.createTopic(p);
                case "DeleteTopic" -> topics.deleteTopic(p);
                case "GetTopicAttributes" -> topics.getTopicAttributes(p);
                case "SetTopicAttributes" -> topics.setTopicAttributes(p);
                case "ListTopics" -> topics.listTopics(p);
                case "TagResource" -> topics.tagResource(p);
                case "ListTagsForResource" -> topics.listTags(p);
                case "Subscribe" -> subscriptions.subscribe(p);
                case "Unsubscribe" -> subscriptions.unsubscribe(p);
                case "ListSubscriptionsByTopic" -> subscriptions.listSubscriptionsByTopic(p);
                case "GetSubscriptionAttributes" -> subscriptions.getSubscriptionAttributes(p);
                case "SetSubscriptionAttributes" -> subscriptions.setSubscriptionAttributes(p);
                case "Publish" -> publish.publish(p);
                case "PublishBatch" -> publish.publishBatch(p);
                default -> throw new AwsServiceError(400, "InvalidAction",
                        "The local world does not emulate SNS " + operation);
            };
        }
        return AwsResponse.xml(200, Xml.queryResponse(operation, result));
    }

    @Override
    public AwsServiceError throttlingError() {
        // ThrottledException: code "Throttled", HTTP 429 as the SDK's SNS model registers it (2.57.8), so the SDK
        // retries it as throttling; the API reference's "HTTP Status Code: 400" would make it a non-retried 400
        return new AwsServiceError(429, "Throttled", "Rate exceeded");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalError", "Internal error");
    }

    /** Every published message in order, with per-subscription delivery evaluation. */
    public List<PublishedMessage> published() {
        synchronized (state) {
            return List.copyOf(state.published);
        }
    }

    public List<PublishedMessage> published(String topicArn) {
        return published().stream().filter(m -> m.topicArn().equals(topicArn)).toList();
    }

    public List<Subscription> subscriptions(String topicArn) {
        synchronized (state) {
            return state.subscriptions.values().stream().filter(s -> s.topicArn().equals(topicArn)).toList();
        }
    }

    /** Confirms a pending (email) subscription, as clicking the link in the confirmation mail would. */
    public Optional<Subscription> confirm(String topicArn, String endpoint) {
        synchronized (state) {
            return state.subscriptions.values().stream()
                    .filter(s -> s.topicArn().equals(topicArn) && s.endpoint().equals(endpoint)).findFirst()
                    .map(s -> {
                        Subscription confirmed = s.confirm();
                        state.subscriptions.put(s.arn(), confirmed);
                        return confirmed;
                    });
        }
    }

    /** Publishes from inside the world (e.g. a CloudWatch alarm action), with the same validation as Publish. */
    public PublishedMessage publishInternal(String topicArn, String subject, String message) {
        synchronized (state) {
            return publish.accept(topicArn, subject, message, null, java.util.Map.of());
        }
    }
}
