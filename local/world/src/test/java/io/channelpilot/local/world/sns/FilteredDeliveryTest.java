package io.channelpilot.local.world.sns;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.cloudwatch.CloudWatchEmulator;
import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.ComparisonOperator;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;

/** Per-subscription delivery decisions, and CloudWatch alarm actions publishing to SNS, end to end. */
class FilteredDeliveryTest {

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-03-01T10:00:00Z"));
    private final List<JsonNode> events = new ArrayList<>();
    private EmulatorServer server;
    private SnsEmulator emulator;
    private SnsClient sns;
    private String topic;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new SnsEmulator(clock, "123456789012", "us-east-1");
        server.register(emulator);
        sns = SdkTestClients.client(SnsClient.builder(), server);
        topic = sns.createTopic(r -> r.name("alerts")).topicArn();
    }

    @AfterEach
    void stop() {
        sns.close();
        server.close();
    }

    @Test
    void shouldDeliverOnlyToConfirmedSubscriptionsWhosePolicyMatches() {
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:critical")
                .attributes(Map.of("FilterPolicy", "{\"severity\":[\"critical\"]}")));
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:team-a")
                .attributes(Map.of("FilterPolicy", "{\"owner\":[\"team-a\"]}")));
        sns.subscribe(r -> r.topicArn(topic).protocol("email").endpoint("pending@example.com"));

        sns.publish(r -> r.topicArn(topic).message("m").messageAttributes(Map.of(
                "severity", MessageAttributeValue.builder().dataType("String").stringValue("critical").build(),
                "owner", MessageAttributeValue.builder().dataType("String").stringValue("team-b").build())));

        assertThat(emulator.published().get(0).deliveries())
                .extracting(PublishedMessage.Delivery::endpoint, PublishedMessage.Delivery::filterMatch,
                        PublishedMessage.Delivery::pendingConfirmation, PublishedMessage.Delivery::delivered)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("arn:aws:sqs:us-east-1:123456789012:critical", true, false, true),
                        org.assertj.core.groups.Tuple.tuple("arn:aws:sqs:us-east-1:123456789012:team-a", false, false, false),
                        org.assertj.core.groups.Tuple.tuple("pending@example.com", true, true, false));
    }

    @Test
    void shouldPublishAlarmNotificationWhenAlarmActionNamesTheTopic() {
        CloudWatchEmulator cw = new CloudWatchEmulator(clock, events::add, "123456789012", "us-east-1");
        cw.actionInvoker(AlarmNotifications.publishingTo(emulator, "123456789012", "US East (N. Virginia)"));
        server.register(cw);
        try (CloudWatchClient client = SdkTestClients.client(CloudWatchClient.builder(), server)) {
            client.putMetricAlarm(r -> r.alarmName("cp-orders-dlq").namespace("AWS/Kafka").metricName("DLQDeliverySuccess")
                    .statistic("Sum").period(60).evaluationPeriods(1).threshold(0.0)
                    .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD).alarmActions(topic));
            client.putMetricData(r -> r.namespace("ChannelPilotTest").metricData(m -> m.metricName("unused").value(1.0)));
        }
        clock.advance(Duration.ofMinutes(2));
        cw.evaluate();
        assertThat(emulator.published()).isEmpty();

        // The metric namespace AWS/Kafka cannot be published by clients; the world publishes channel metrics itself.
        publishWorldMetric(cw);
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();

        PublishedMessage m = emulator.published().get(0);
        assertThat(m.subject()).isEqualTo("ALARM: \"cp-orders-dlq\" in US East (N. Virginia)");
        JsonNode body = Json.parse(m.defaultMessage().getBytes());
        assertThat(body.get("NewStateValue").asText()).isEqualTo("ALARM");
        assertThat(body.get("OldStateValue").asText()).isEqualTo("INSUFFICIENT_DATA");
        assertThat(body.at("/Trigger/MetricName").asText()).isEqualTo("DLQDeliverySuccess");
        assertThat(body.get("AlarmArn").asText()).isEqualTo("arn:aws:cloudwatch:us-east-1:123456789012:alarm:cp-orders-dlq");
        assertThat(events).extracting(e -> e.at("/detail/state/value").asText()).containsExactly("ALARM");
    }

    private void publishWorldMetric(CloudWatchEmulator cw) {
        cw.record("AWS/Kafka", "DLQDeliverySuccess", Map.of(), 3.0, clock.instant());
    }
}
