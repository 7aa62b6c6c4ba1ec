package io.channelpilot.local.world.msk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.FaultRule;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.model.BadRequestException;
import software.amazon.awssdk.services.kafka.model.NotFoundException;
import software.amazon.awssdk.services.kafka.model.TooManyRequestsException;

/** Tag operations, CloudTrail / tag-change events and fault injection, through the real KafkaClient. */
class MskTagsAndEventsTest {

    private MskFixture world;

    @BeforeEach
    void start() throws Exception {
        world = new MskFixture();
    }

    @AfterEach
    void stop() {
        world.close();
    }

    @Test
    void shouldTagListAndUntagClusterAndPublishTagChangeEvents() {
        world.kafka.tagResource(r -> r.resourceArn(world.express).tags(Map.of("channel-pilot/orders",
                "prefix=orders. namespace=sales", "team", "data")));
        world.kafka.untagResource(r -> r.resourceArn(world.express).tagKeys("team"));

        Map<String, String> tags = world.kafka.listTagsForResource(r -> r.resourceArn(world.express)).tags();
        List<JsonNode> tagEvents = world.events.stream()
                .filter(e -> e.path("source").asText().equals("aws.tag")).toList();

        assertThat(tags).containsExactly(Map.entry("channel-pilot/orders", "prefix=orders. namespace=sales"));
        assertThat(tagEvents).hasSize(2);
        JsonNode added = tagEvents.get(0);
        assertThat(added.path("detail-type").asText()).isEqualTo("Tag Change on Resource");
        assertThat(added.path("resources").get(0).asText()).isEqualTo(world.express);
        assertThat(added.path("detail").path("changed-tag-keys")).extracting(JsonNode::asText)
                .containsExactly("channel-pilot/orders");
        assertThat(added.path("detail").path("service").asText()).isEqualTo("kafka");
        assertThat(added.path("detail").path("resource-type").asText()).isEqualTo("cluster");
        assertThat(added.path("detail").path("version").asInt()).isEqualTo(1);
        JsonNode removed = tagEvents.get(1);
        assertThat(removed.path("detail").path("changed-tag-keys")).extracting(JsonNode::asText)
                .containsExactly("team");
        assertThat(removed.path("detail").path("tags").has("team")).isFalse();
        assertThat(removed.path("detail").path("tags").path("channel-pilot/orders").asText())
                .isEqualTo("prefix=orders. namespace=sales");
        assertThat(removed.path("detail").path("version").asInt()).isEqualTo(2);
        JsonNode trail = world.eventsNamed("UntagResource").get(0);
        assertThat(trail.path("detail").path("requestParameters").path("resourceArn").asText())
                .isEqualTo(encoded(world.express));
        assertThat(trail.path("detail").path("requestParameters").path("tagKeys").get(0).asText()).isEqualTo("team");
    }

    @Test
    void shouldTagChannelsAndReportResourceTypeChannel() {
        String arn = world.kafka.createChannel(world.validRequest("orders-channel").build()).channelArn();

        world.kafka.tagResource(r -> r.resourceArn(arn).tags(Map.of("channel-pilot/fingerprint", "abc123")));

        assertThat(world.kafka.listTagsForResource(r -> r.resourceArn(arn)).tags())
                .containsEntry("channel-pilot/fingerprint", "abc123")
                .containsEntry("channel-pilot/managed-by", "channel-pilot");
        JsonNode tagEvent = world.events.stream().filter(e -> e.path("source").asText().equals("aws.tag"))
                .findFirst().orElseThrow();
        assertThat(tagEvent.path("detail").path("resource-type").asText()).isEqualTo("channel");
    }

    @Test
    void shouldRefuseTopicTaggingByDefaultAndAllowItWhenConfigured() throws Exception {
        assertThatThrownBy(() -> world.kafka.tagResource(r -> r.resourceArn(world.ordersTopic)
                .tags(Map.of("channel-pilot/enabled", "true"))))
                .isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.getMessage()).contains("resource type topic"));
        try (MskFixture tagging = new MskFixture(MskSettings.defaults("123456789012", "us-east-1")
                .withTopicTaggingSupported(true))) {
            tagging.kafka.tagResource(r -> r.resourceArn(tagging.ordersTopic)
                    .tags(Map.of("channel-pilot/enabled", "true")));

            assertThat(tagging.kafka.listTagsForResource(r -> r.resourceArn(tagging.ordersTopic)).tags())
                    .containsEntry("channel-pilot/enabled", "true");
        }
    }

    @Test
    void shouldRaiseNotFoundForUnknownTagResourceAndBadRequestForColonInTag() {
        assertThatThrownBy(() -> world.kafka.listTagsForResource(r -> r.resourceArn(
                "arn:aws:kafka:us-east-1:123456789012:cluster/none/x-1"))).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> world.kafka.tagResource(r -> r.resourceArn(world.express)
                .tags(Map.of("a:b", "c")))).isInstanceOfSatisfying(BadRequestException.class,
                        e -> assertThat(e.invalidParameter()).isEqualTo("tags"));
    }

    @Test
    void shouldPublishCloudTrailEventForEveryMutatingCall() {
        world.kafka.createTopic(r -> r.clusterArn(world.express).topicName("payments").partitionCount(1)
                .replicationFactor(3));
        world.kafka.updateTopic(r -> r.clusterArn(world.express).topicName("payments").partitionCount(2));
        world.kafka.deleteTopic(r -> r.clusterArn(world.express).topicName("payments"));
        var created = world.kafka.createChannel(world.validRequest("orders-channel").build());
        world.clock.advance(Duration.ofMinutes(1));
        world.kafka.updateChannel(r -> r.clusterArn(world.express).channelArn(created.channelArn())
                .icebergDestinationUpdate(u -> u.dataFreshnessInSeconds(900)));
        world.clock.advance(Duration.ofMinutes(1));
        world.kafka.deleteChannel(r -> r.clusterArn(world.express).channelArn(created.channelArn()));
        world.kafka.describeTopic(r -> r.clusterArn(world.express).topicName("orders"));

        assertThat(world.events).extracting(e -> e.path("detail").path("eventName").asText()).containsExactly(
                "CreateTopic", "UpdateTopic", "DeleteTopic", "CreateChannel", "UpdateChannel", "DeleteChannel");
        JsonNode create = world.eventsNamed("CreateChannel").get(0);
        assertThat(create.path("detail-type").asText()).isEqualTo("AWS API Call via CloudTrail");
        assertThat(create.path("source").asText()).isEqualTo("aws.kafka");
        assertThat(create.path("account").asText()).isEqualTo("123456789012");
        assertThat(create.path("region").asText()).isEqualTo("us-east-1");
        assertThat(create.path("time").asText()).isEqualTo("2026-05-01T10:00:00Z");
        JsonNode detail = create.path("detail");
        assertThat(detail.path("eventSource").asText()).isEqualTo("kafka.amazonaws.com");
        assertThat(detail.path("eventTime").asText()).isEqualTo("2026-05-01T10:00:00Z");
        assertThat(detail.path("awsRegion").asText()).isEqualTo("us-east-1");
        assertThat(detail.path("recipientAccountId").asText()).isEqualTo("123456789012");
        assertThat(detail.path("eventID").asText()).hasSize(36);
        assertThat(detail.path("requestParameters").path("clusterArn").asText()).isEqualTo(encoded(world.express))
                .startsWith("arn%3Aaws%3Akafka%3Aus-east-1%3A123456789012%3Acluster%2Fexpress-1%2F");
        assertThat(detail.path("requestParameters").path("channelName").asText()).isEqualTo("orders-channel");
        assertThat(detail.path("requestParameters").path("topicConfigurationList").get(0).path("topicArn").asText())
                .isEqualTo(world.ordersTopic);
        assertThat(detail.path("responseElements").path("channelArn").asText()).isEqualTo(created.channelArn());
        assertThat(detail.path("responseElements").path("clusterOperationArn").asText())
                .isEqualTo(created.clusterOperationArn());
        JsonNode topic = world.eventsNamed("CreateTopic").get(0).path("detail").path("requestParameters");
        assertThat(topic.path("clusterArn").asText()).isEqualTo(encoded(world.express));
        assertThat(topic.path("topicName").asText()).isEqualTo("payments");
        assertThat(world.eventsNamed("DeleteChannel").get(0).path("detail").path("requestParameters")
                .path("channelArn").asText()).isEqualTo(encoded(created.channelArn()));
    }

    /** CloudTrail records REST path parameters as sent: the SDK percent-encodes ':' and '/' in ARNs. */
    private static String encoded(String arn) {
        return arn.replace(":", "%3A").replace("/", "%2F");
    }

    @Test
    void shouldSuppressEventsWhenEmissionIsOff() throws Exception {
        try (MskFixture quiet = new MskFixture(MskSettings.defaults("123456789012", "us-east-1")
                .withEmitEvents(false))) {
            quiet.kafka.createTopic(r -> r.clusterArn(quiet.express).topicName("p").partitionCount(1)
                    .replicationFactor(3));
            quiet.kafka.tagResource(r -> r.resourceArn(quiet.express).tags(Map.of("k", "v")));

            assertThat(quiet.events).isEmpty();
            assertThat(quiet.backend.topics()).containsKey("express-1/p");
        }
    }

    @Test
    void shouldRaiseTooManyRequestsAndCreateNothingWhenCreateChannelIsThrottled() {
        world.server.faults().add(new FaultRule("kafka:CreateChannel", 1.0, 0, Duration.ZERO, List.of()));

        assertThatThrownBy(() -> world.kafka.createChannel(world.validRequest("orders-channel").build()))
                .isInstanceOf(TooManyRequestsException.class);

        assertThat(world.msk.channels()).isEmpty();
        assertThat(world.kafka.listChannels(r -> r.clusterArn(world.express)).channels()).isEmpty();
        assertThat(world.eventsNamed("CreateChannel")).isEmpty();
        assertThat(world.server.calls().count("kafka:CreateChannel")).isEqualTo(1);
    }
}
