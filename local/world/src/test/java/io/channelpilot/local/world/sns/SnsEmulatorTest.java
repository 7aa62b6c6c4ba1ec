package io.channelpilot.local.world.sns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.InvalidParameterException;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;
import software.amazon.awssdk.services.sns.model.NotFoundException;
import software.amazon.awssdk.services.sns.model.PublishBatchResponse;
import software.amazon.awssdk.services.sns.model.Subscription;

/** SNS topics, subscriptions and publishing through the real SnsClient (AWS Query). */
class SnsEmulatorTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final String KEY = "arn:aws:kms:us-east-1:123456789012:key/k1";

    private EmulatorServer server;
    private SnsEmulator emulator;
    private SnsClient sns;
    private String topic;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new SnsEmulator(VirtualClock.startingAt(T0), "123456789012", "us-east-1");
        server.register(emulator);
        sns = SdkTestClients.client(SnsClient.builder(), server);
        topic = sns.createTopic(r -> r.name("channel-pilot-alerts").attributes(Map.of("KmsMasterKeyId", KEY))
                .tags(t -> t.key("app").value("channel-pilot"))).topicArn();
    }

    @AfterEach
    void stop() {
        sns.close();
        server.close();
    }

    @Test
    void shouldCreateTopicsIdempotentlyWithAttributesAndTags() {
        assertThat(topic).isEqualTo("arn:aws:sns:us-east-1:123456789012:channel-pilot-alerts");
        assertThat(sns.createTopic(r -> r.name("channel-pilot-alerts").attributes(Map.of("KmsMasterKeyId", KEY)))
                .topicArn()).isEqualTo(topic);
        assertThatThrownBy(() -> sns.createTopic(r -> r.name("channel-pilot-alerts")
                .attributes(Map.of("KmsMasterKeyId", "other"))))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("Topic already exists with different attributes");
        assertThatThrownBy(() -> sns.createTopic(r -> r.name("bad name")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("Invalid parameter: Topic Name");

        Map<String, String> attributes = sns.getTopicAttributes(r -> r.topicArn(topic)).attributes();
        assertThat(attributes).containsEntry("KmsMasterKeyId", KEY).containsEntry("TopicArn", topic)
                .containsEntry("Owner", "123456789012").containsKey("Policy");
        sns.setTopicAttributes(r -> r.topicArn(topic).attributeName("DisplayName").attributeValue("Pilot"));
        assertThat(sns.getTopicAttributes(r -> r.topicArn(topic)).attributes()).containsEntry("DisplayName", "Pilot");
        assertThatThrownBy(() -> sns.setTopicAttributes(r -> r.topicArn(topic).attributeName("Bogus").attributeValue("x")))
                .isInstanceOf(InvalidParameterException.class);
        assertThat(sns.listTopics().topics()).extracting(t -> t.topicArn()).containsExactly(topic);
        assertThat(sns.listTagsForResource(r -> r.resourceArn(topic)).tags())
                .extracting(t -> t.key() + "=" + t.value()).containsExactly("app=channel-pilot");
        assertThatThrownBy(() -> sns.getTopicAttributes(r -> r.topicArn(topic + "-missing")))
                .isInstanceOf(NotFoundException.class);

        sns.tagResource(r -> r.resourceArn(topic).tags(t -> t.key("owner").value("team-a")));
        assertThat(sns.listTagsForResource(r -> r.resourceArn(topic)).tags())
                .extracting(t -> t.key() + "=" + t.value()).containsExactly("app=channel-pilot", "owner=team-a");
        assertThatThrownBy(() -> sns.tagResource(r -> r.resourceArn(topic + "-missing").tags(t -> t.key("k").value("v"))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFound"));
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:q"));
        sns.deleteTopic(r -> r.topicArn(topic));
        assertThat(sns.listTopics().topics()).isEmpty();
        assertThat(emulator.subscriptions(topic)).isEmpty();
    }

    @Test
    void shouldRecordSubscriptionsWithFilterPolicies() {
        String email = sns.subscribe(r -> r.topicArn(topic).protocol("email").endpoint("oncall@example.com")
                .attributes(Map.of("FilterPolicy", "{\"severity\":[\"critical\"]}"))).subscriptionArn();
        String sqs = sns.subscribe(r -> r.topicArn(topic).protocol("sqs")
                .endpoint("arn:aws:sqs:us-east-1:123456789012:q")).subscriptionArn();
        String lambda = sns.subscribe(r -> r.topicArn(topic).protocol("lambda")
                .endpoint("arn:aws:lambda:us-east-1:123456789012:function:f")).subscriptionArn();

        assertThat(email).isEqualTo("pending confirmation");
        assertThat(sqs).startsWith(topic + ":");
        assertThat(sns.listSubscriptionsByTopic(r -> r.topicArn(topic)).subscriptions())
                .extracting(Subscription::protocol, Subscription::endpoint, Subscription::subscriptionArn)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("email", "oncall@example.com", "PendingConfirmation"),
                        org.assertj.core.groups.Tuple.tuple("sqs", "arn:aws:sqs:us-east-1:123456789012:q", sqs),
                        org.assertj.core.groups.Tuple.tuple("lambda", "arn:aws:lambda:us-east-1:123456789012:function:f", lambda));
        assertThat(emulator.subscriptions(topic).get(0).attributes()).containsEntry("FilterPolicy", "{\"severity\":[\"critical\"]}");

        sns.setSubscriptionAttributes(r -> r.subscriptionArn(sqs).attributeName("FilterPolicy")
                .attributeValue("{\"kind\":[{\"prefix\":\"alarm\"}]}"));
        assertThat(sns.getSubscriptionAttributes(r -> r.subscriptionArn(sqs)).attributes())
                .containsEntry("FilterPolicy", "{\"kind\":[{\"prefix\":\"alarm\"}]}")
                .containsEntry("FilterPolicyScope", "MessageAttributes");
        assertThatThrownBy(() -> sns.setSubscriptionAttributes(r -> r.subscriptionArn(sqs).attributeName("FilterPolicy")
                .attributeValue("{not json")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("Invalid parameter: FilterPolicy");
        assertThatThrownBy(() -> sns.subscribe(r -> r.topicArn(topic).protocol("email").endpoint("not-an-address")))
                .isInstanceOf(InvalidParameterException.class).hasMessageContaining("Email address");

        sns.unsubscribe(r -> r.subscriptionArn(lambda));
        assertThat(emulator.subscriptions(topic)).hasSize(2);
        assertThatThrownBy(() -> sns.unsubscribe(r -> r.subscriptionArn(lambda))).isInstanceOf(NotFoundException.class);
    }

    @Test
    void shouldKeepPublishedMessagesWithJsonStructureAndAttributes() {
        sns.subscribe(r -> r.topicArn(topic).protocol("email").endpoint("oncall@example.com"));
        emulator.confirm(topic, "oncall@example.com");
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:q"));

        String id = sns.publish(r -> r.topicArn(topic).subject("ALARM: orders channel failing")
                .messageStructure("json")
                .message("{\"default\":\"{\\\"schema\\\":\\\"v1\\\"}\",\"email\":\"Readable text\"}")
                .messageAttributes(Map.of(
                        "kind", MessageAttributeValue.builder().dataType("String").stringValue("alarm").build(),
                        "records", MessageAttributeValue.builder().dataType("Number").stringValue("42").build(),
                        "owners", MessageAttributeValue.builder().dataType("String.Array").stringValue("[\"a\",\"b\"]").build())))
                .messageId();

        PublishedMessage m = emulator.published(topic).get(0);
        assertThat(m.messageId()).isEqualTo(id);
        assertThat(m.subject()).isEqualTo("ALARM: orders channel failing");
        assertThat(m.defaultMessage()).isEqualTo("{\"schema\":\"v1\"}");
        assertThat(m.perProtocol()).containsExactly(Map.entry("email", "Readable text"));
        assertThat(m.attributes().get("records")).isEqualTo(new MessageAttribute("Number", "42", null));
        assertThat(m.attributes().get("owners").dataType()).isEqualTo("String.Array");
        assertThat(m.timestamp()).isEqualTo(T0);
        assertThat(m.deliveries()).extracting(PublishedMessage.Delivery::protocol, PublishedMessage.Delivery::delivered)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("email", true),
                        org.assertj.core.groups.Tuple.tuple("sqs", true));
        assertThat(m.deliveries().get(0).body()).isEqualTo("Readable text");
        assertThat(m.deliveries().get(1).body()).contains("\"Type\":\"Notification\"")
                .contains("\"Message\":\"{\\\"schema\\\":\\\"v1\\\"}\"");
    }

    @Test
    void shouldValidatePublishLikeSns() {
        assertPublishFails(r -> r.topicArn(topic).message("m").subject("x".repeat(101)), "InvalidParameter", "Subject");
        assertPublishFails(r -> r.topicArn(topic).message("m").subject("two\nlines"), "InvalidParameter", "Subject");
        assertPublishFails(r -> r.topicArn(topic).message("m").subject("tab\there"), "InvalidParameter", "Subject");
        assertPublishFails(r -> r.topicArn(topic).message("{\"email\":\"x\"}").messageStructure("json"),
                "InvalidParameter", "No default entry in JSON message body");
        assertPublishFails(r -> r.topicArn(topic).message("not json").messageStructure("json"),
                "InvalidParameter", "JSON message body failed to parse");
        assertPublishFails(r -> r.topicArn(topic).message(""), "InvalidParameter", "Empty message");
        assertPublishFails(r -> r.topicArn(topic).message("m").messageAttributes(Map.of("n",
                MessageAttributeValue.builder().dataType("Number").stringValue("abc").build())),
                "ParameterValueInvalid", "Could not cast message attribute 'n' value to number.");
        assertPublishFails(r -> r.topicArn(topic).message("m").messageAttributes(Map.of("n",
                MessageAttributeValue.builder().dataType("Date").stringValue("x").build())),
                "ParameterValueInvalid", "invalid message attribute type");
        assertPublishFails(r -> r.topicArn(topic + "x").message("m"), "NotFound", "Topic does not exist");
        assertThat(emulator.published()).isEmpty();
        sns.publish(r -> r.topicArn(topic).message("m").subject("x".repeat(100)));
        sns.publish(r -> r.topicArn(topic).message("m").subject("[Channel Pilot] CRITICAL Ünïcode title …"));
        assertThat(emulator.published()).extracting(PublishedMessage::subject).last()
                .isEqualTo("[Channel Pilot] CRITICAL Ünïcode title …");
    }

    @Test
    void shouldPublishBatchesWithPerEntryFailures() {
        PublishBatchResponse res = sns.publishBatch(r -> r.topicArn(topic).publishBatchRequestEntries(
                e -> e.id("a").message("first").messageAttributes(Map.of("kind",
                        MessageAttributeValue.builder().dataType("String").stringValue("alarm").build())),
                e -> e.id("b").message("second").subject("y".repeat(101))));
        assertThat(res.successful()).extracting(s -> s.id()).containsExactly("a");
        assertThat(res.failed()).extracting(f -> f.id() + ":" + f.code()).containsExactly("b:InvalidParameter");
        assertThat(emulator.published()).extracting(PublishedMessage::defaultMessage).containsExactly("first");
        assertThatThrownBy(() -> sns.publishBatch(r -> r.topicArn(topic).publishBatchRequestEntries(
                e -> e.id("a").message("1"), e -> e.id("a").message("2"))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("BatchEntryIdsNotDistinct"));
    }

    private void assertPublishFails(java.util.function.Consumer<software.amazon.awssdk.services.sns.model.PublishRequest.Builder> request,
                                    String code, String message) {
        assertThatThrownBy(() -> sns.publish(request))
                .isInstanceOfSatisfying(AwsServiceException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo(code);
                    assertThat(e.getMessage()).contains(message);
                });
    }
}
