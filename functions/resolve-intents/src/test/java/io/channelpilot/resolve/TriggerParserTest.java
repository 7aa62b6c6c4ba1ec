package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.PlanScope;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every accepted trigger variant, and every rejection with its code and field. */
class TriggerParserTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String C = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    private static final String C_ENC = "arn%3Aaws%3Akafka%3Aus-east-1%3A123456789012%3Acluster%2Fdemo%2F1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    private static final String TOPIC_ARN = "arn:aws:kafka:us-east-1:123456789012:topic/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1/orders";
    private static final String CHANNEL_ARN = "arn:aws:kafka:us-east-1:123456789012:channel/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1/ch/uuid";

    static Stream<Arguments> accepted() {
        return Stream.of(
                Arguments.of("control plane, URL-encoded clusterArn", control("CreateTopic", "{\"clusterArn\":\"" + C_ENC + "\",\"topicName\":\"orders\"}"),
                        PlanScope.topics(Set.of("orders"))),
                Arguments.of("control plane, plain clusterArn", control("DeleteTopic", "{\"clusterArn\":\"" + C + "\",\"topicName\":\"orders\"}"),
                        PlanScope.topics(Set.of("orders"))),
                Arguments.of("data plane, documented resourceARN", data("CreateTopic", "{\"requestParameters\":{\"kafkaAPI\":\"CreateTopics\","
                        + "\"resourceARN\":\"" + TOPIC_ARN + "\"}}", "[]"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("data plane, resourceArn (UNCONFIRMED)", data("DeleteTopic", "{\"requestParameters\":{\"resourceArn\":\""
                        + TOPIC_ARN + "\"}}", "[]"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("data plane, CloudTrail resources[].ARN (UNCONFIRMED)", data("CreateTopic", "{\"requestParameters\":{},"
                        + "\"resources\":[{\"ARN\":\"" + TOPIC_ARN + "\",\"type\":\"AWS::Kafka::Topic\"}]}", "[]"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("data plane, envelope resources[] (UNCONFIRMED)", data("CreateTopic", "{\"requestParameters\":null}",
                        "[\"" + TOPIC_ARN + "\"]"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("data plane, clusterArn + topicName (UNCONFIRMED)", data("CreateTopic", "{\"requestParameters\":{\"clusterArn\":\""
                        + C + "\",\"topicName\":\"orders\"}}", "[]"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("TagResource on the cluster", control("TagResource", "{\"resourceArn\":\"" + C_ENC
                        + "\",\"tags\":{\"channel-pilot/x\":\"topic=orders\"}}"), PlanScope.all()),
                Arguments.of("UntagResource on a channel", control("UntagResource", "{\"resourceArn\":\"" + CHANNEL_ARN
                        + "\",\"tagKeys\":[\"channel-pilot/managed-by\"]}"), PlanScope.all()),
                Arguments.of("TagResource on a topic", control("TagResource", "{\"resourceArn\":\"" + TOPIC_ARN
                        + "\",\"tags\":{\"channel-pilot/enabled\":\"true\"}}"), PlanScope.topics(Set.of("orders"))),
                Arguments.of("aws.tag on the cluster", "{\"id\":\"t1\",\"source\":\"aws.tag\",\"detail-type\":\"Tag Change on Resource\","
                        + "\"resources\":[\"" + C + "\"],\"detail\":{\"service\":\"kafka\",\"changed-tag-keys\":[\"channel-pilot/x\"],\"tags\":{}}}",
                        PlanScope.all()),
                Arguments.of("sweep of the whole cluster", "{\"source\":\"channel-pilot.sweep\",\"sweepId\":\"s1\",\"clusterArn\":\"" + C + "\"}",
                        PlanScope.all()),
                Arguments.of("manual for the whole cluster", "{\"source\":\"channel-pilot.manual\",\"requestId\":\"m1\",\"clusterArn\":\"" + C + "\"}",
                        PlanScope.all()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("accepted")
    void shouldAcceptTriggerAndScopeItWhenShapeIsKnown(String name, String json, PlanScope scope) throws Exception {
        ParsedTrigger parsed = TriggerParser.parse(JSON.readTree(json));

        assertThat(parsed).as(name).isInstanceOfSatisfying(ParsedTrigger.Valid.class, v -> {
            assertThat(v.trigger().clusterArn()).isEqualTo(C);
            assertThat(v.trigger().scope()).isEqualTo(scope);
        });
    }

    static Stream<Arguments> rejected() {
        return Stream.of(
                Arguments.of("[1,2]", "TRIGGER_NOT_OBJECT", "$"),
                Arguments.of("{}", "TRIGGER_FIELD_MISSING", "source"),
                Arguments.of("{\"source\":\"aws.s3\"}", "TRIGGER_SOURCE_UNKNOWN", "source"),
                Arguments.of("{\"source\":\"aws.kafka\",\"detail-type\":\"MSK Cluster State Change\",\"id\":\"e\"}", "TRIGGER_DETAIL_TYPE_UNSUPPORTED",
                        "detail-type"),
                Arguments.of(control("CreateCluster", "{}"), "TRIGGER_EVENT_UNSUPPORTED", "detail.eventName"),
                Arguments.of(control("CreateTopic", "{\"clusterArn\":\"" + C + "\"}").replace("kafka.amazonaws.com", "kafka-cluster.amazonaws.com"),
                        "TRIGGER_EVENT_UNSUPPORTED", "detail.eventSource"),
                Arguments.of(data("TagResource", "{\"requestParameters\":{}}", "[]"), "TRIGGER_EVENT_UNSUPPORTED", "detail.eventName"),
                Arguments.of(control("CreateTopic", "{\"clusterArn\":\"arn:aws:s3:::bucket\",\"topicName\":\"o\"}"), "TRIGGER_FIELD_INVALID",
                        "detail.requestParameters.clusterArn"),
                Arguments.of(control("CreateTopic", "{\"clusterArn\":\"" + C + "\"}"), "TRIGGER_FIELD_MISSING", "detail.requestParameters.topicName"),
                Arguments.of(control("CreateTopic", "{\"clusterArn\":\"" + C + "\",\"topicName\":\"a b\"}"), "TRIGGER_FIELD_INVALID",
                        "detail.requestParameters.topicName"),
                Arguments.of(data("CreateTopic", "{\"requestParameters\":{\"kafkaAPI\":\"CreateTopics\"}}", "[]"), "TRIGGER_FIELD_MISSING",
                        "detail.requestParameters.resourceARN"),
                Arguments.of(control("TagResource", "{\"tags\":{}}"), "TRIGGER_FIELD_MISSING", "detail.requestParameters.resourceArn"),
                Arguments.of(control("TagResource", "{\"resourceArn\":\"arn:aws:kafka:us-east-1:123456789012:vpc-connection/123/abc\"}"),
                        "TRIGGER_RESOURCE_UNSUPPORTED", "detail.requestParameters.resourceArn"),
                Arguments.of("{\"id\":\"t\",\"source\":\"aws.tag\",\"detail-type\":\"Tag Change on Resource\",\"resources\":[],\"detail\":{}}",
                        "TRIGGER_FIELD_MISSING", "resources[0]"),
                Arguments.of("{\"id\":\"t\",\"source\":\"aws.tag\",\"detail-type\":\"Tag Change on Resource\",\"resources\":[\"x\"],"
                        + "\"detail\":{\"service\":\"ec2\"}}", "TRIGGER_RESOURCE_UNSUPPORTED", "detail.service"),
                Arguments.of("{\"source\":\"channel-pilot.sweep\",\"clusterArn\":\"" + C + "\"}", "TRIGGER_FIELD_MISSING", "sweepId"),
                Arguments.of("{\"source\":\"channel-pilot.sweep\",\"sweepId\":\"s\",\"clusterArn\":\"" + C + "\",\"topics\":\"orders\"}",
                        "TRIGGER_FIELD_INVALID", "topics"),
                Arguments.of("{\"source\":\"channel-pilot.manual\",\"clusterArn\":\"" + C + "\"}", "TRIGGER_FIELD_MISSING", "requestId"),
                Arguments.of("{\"source\":\"channel-pilot.manual\",\"requestId\":\"m\"}", "TRIGGER_FIELD_MISSING", "clusterArn"),
                Arguments.of("{\"source\":\"channel-pilot.manual\",\"requestId\":\"m\",\"clusterArn\":\"demo\"}", "TRIGGER_FIELD_INVALID", "clusterArn"),
                Arguments.of("{\"detail-type\":\"AWS API Call via CloudTrail\",\"source\":\"aws.kafka\",\"detail\":{}}", "TRIGGER_FIELD_MISSING", "id"));
    }

    @ParameterizedTest(name = "{1} {2}")
    @MethodSource("rejected")
    void shouldNameCodeFieldAndFixWhenTriggerIsMalformed(String json, String code, String field) throws Exception {
        ParsedTrigger parsed = TriggerParser.parse(JSON.readTree(json));

        assertThat(parsed).isInstanceOfSatisfying(ParsedTrigger.Invalid.class, i -> {
            assertThat(i.error().code().name()).isEqualTo(code);
            assertThat(i.error().field()).isEqualTo(field);
            assertThat(i.error().remediation()).isNotBlank();
        });
    }

    @Test
    void shouldKeepRemovedKeyFromChangedTagKeysWhenAwsTagEventDropsItFromTags() throws Exception {
        JsonNode event = JSON.readTree("{\"id\":\"t1\",\"source\":\"aws.tag\",\"detail-type\":\"Tag Change on Resource\",\"resources\":[\""
                + C + "\"],\"detail\":{\"service\":\"kafka\",\"changed-tag-keys\":[\"channel-pilot/orders\"],\"tags\":{\"team\":\"x\"}}}");

        Trigger trigger = ((ParsedTrigger.Valid) TriggerParser.parse(event)).trigger();

        assertThat(trigger).isInstanceOfSatisfying(Trigger.TagEvent.class, t -> {
            assertThat(t.changedKeys()).containsExactly("channel-pilot/orders");
            assertThat(t.touchesChannelPilotKeys()).isTrue();
            assertThat(t.claimId()).contains("t1");
        });
    }

    @Test
    void shouldClaimOnlyEventBridgeEventsWhenTriggersCarryIds() throws Exception {
        Trigger sweep = ((ParsedTrigger.Valid) TriggerParser.parse(JSON.readTree("{\"source\":\"channel-pilot.sweep\",\"sweepId\":\"s1\","
                + "\"clusterArn\":\"" + C + "\",\"topics\":[\"a\",\"b\"]}"))).trigger();
        Trigger topic = ((ParsedTrigger.Valid) TriggerParser.parse(JSON.readTree(control("CreateTopic", "{\"clusterArn\":\"" + C
                + "\",\"topicName\":\"orders\"}")))).trigger();

        assertThat(sweep.claimId()).isEmpty();
        assertThat(sweep.id()).isEqualTo("s1");
        assertThat(topic.claimId()).contains("evt");
        assertThat(List.of(sweep.scope(), topic.scope())).containsExactly(PlanScope.topics(Set.of("a", "b")), PlanScope.topics(Set.of("orders")));
    }

    private static String control(String eventName, String requestParameters) {
        return "{\"id\":\"evt\",\"source\":\"aws.kafka\",\"detail-type\":\"AWS API Call via CloudTrail\",\"resources\":[],"
                + "\"detail\":{\"eventSource\":\"kafka.amazonaws.com\",\"eventName\":\"" + eventName + "\",\"requestParameters\":"
                + requestParameters + "}}";
    }

    private static String data(String eventName, String detailRest, String resources) {
        String rest = detailRest.substring(1, detailRest.length() - 1);
        return "{\"id\":\"evt\",\"source\":\"aws.kafka-cluster\",\"detail-type\":\"AWS API Call via CloudTrail\",\"resources\":" + resources
                + ",\"detail\":{\"eventSource\":\"kafka-cluster.amazonaws.com\",\"eventName\":\"" + eventName + "\"," + rest + "}}";
    }
}
