package io.channelpilot.local.world.sns;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.world.cloudwatch.SdkTestClients;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.notification.NextAction;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.NotificationSeverity;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.time.VirtualClock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.MessageAttributeValue;

/** Channel Pilot's own rendered notification (message v1, e-mail rendering, filter attributes) through SNS. */
class NotificationOnEmulatorTest {

    private EmulatorServer server;
    private SnsEmulator emulator;
    private SnsClient sns;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new SnsEmulator(VirtualClock.startingAt(Instant.parse("2026-03-01T10:00:00Z")), "123456789012",
                "us-east-1");
        server.register(emulator);
        sns = SdkTestClients.client(SnsClient.builder(), server);
    }

    @AfterEach
    void stop() {
        sns.close();
        server.close();
    }

    @Test
    void shouldAcceptRenderedNotificationAndRouteByItsAttributes() {
        String topic = sns.createTopic(r -> r.name("channel-pilot")).topicArn();
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:critical")
                .attributes(Map.of("FilterPolicy", "{\"severity\":[\"CRITICAL\"],\"kind\":[{\"prefix\":\"DLQ\"}]}")));
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:team-b")
                .attributes(Map.of("FilterPolicy", "{\"owner\":[\"team-b\"]}")));
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("records", "42");
        Notification n = new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.CRITICAL,
                "Channel orders-1 is dead-lettering records " + "x".repeat(120), "prod", "orders", "orders-1", "team-a",
                "42 records failed conformance", facts, List.of(new NextAction("Redrive", "channel-pilot redrive start")),
                "https://runbook", "corr-1");
        RenderedNotification rendered = NotificationRenderer.create().render(n);
        Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>();
        rendered.attributes().forEach((k, v) -> attributes.put(k,
                MessageAttributeValue.builder().dataType("String").stringValue(v).build()));

        sns.publish(r -> r.topicArn(topic).subject(rendered.subject()).messageStructure("json")
                .message(rendered.message()).messageAttributes(attributes));

        PublishedMessage m = emulator.published().get(0);
        assertThat(m.subject()).isEqualTo(rendered.subject());
        assertThat(m.defaultMessage()).isEqualTo(rendered.defaultJson());
        assertThat(m.messageFor("email")).isEqualTo(rendered.email());
        assertThat(m.messageFor("email-json")).isEqualTo(rendered.defaultJson());
        assertThat(m.deliveries()).extracting(PublishedMessage.Delivery::delivered).containsExactly(true, false);
    }

    /**
     * Issue 15 §3: AWS Chatbot subscribes with protocol https to its global endpoint; it must receive the custom
     * notification form, while an SQS (or Lambda) subscriber still gets the v1 JSON and e-mail the readable text.
     */
    @Test
    void shouldDeliverTheChatbotFormToTheHttpsSubscriptionAndV1ToSqs() throws Exception {
        String topic = sns.createTopic(r -> r.name("channel-pilot-chat")).topicArn();
        String chatbot = "https://global.sns-api.chatbot.amazonaws.com";
        sns.subscribe(r -> r.topicArn(topic).protocol("https").endpoint(chatbot));
        emulator.confirm(topic, chatbot);
        sns.subscribe(r -> r.topicArn(topic).protocol("sqs").endpoint("arn:aws:sqs:us-east-1:123456789012:tools"));
        Notification n = new Notification(NotificationKind.UNMANAGED_CHANNEL, NotificationSeverity.WARNING,
                "Topic payments has a channel Channel Pilot does not manage",
                "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/1b2c3d4e-1", "payments", "payments-iac", "",
                "A rule selects the topic but its channel has no ownership tag.", Map.of("code", "UNMANAGED_CHANNEL"),
                List.of(new NextAction("See it", "channel-pilot status --cluster orders-express")), "docs/runbook.md#unmanaged_channel",
                "exec-9");
        RenderedNotification rendered = NotificationRenderer.create().render(n);

        sns.publish(r -> r.topicArn(topic).subject(rendered.subject()).messageStructure("json").message(rendered.message()));

        PublishedMessage m = emulator.published().get(0);
        PublishedMessage.Delivery toChat = m.deliveries().stream().filter(d -> d.protocol().equals("https")).findFirst().orElseThrow();
        PublishedMessage.Delivery toSqs = m.deliveries().stream().filter(d -> d.protocol().equals("sqs")).findFirst().orElseThrow();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode chat = json.readTree(json.readTree(toChat.body()).path("Message").asText());
        assertThat(toChat.delivered()).isTrue();
        assertThat(chat.path("version").asText()).isEqualTo("1.0");
        assertThat(chat.path("source").asText()).isEqualTo("custom");
        assertThat(chat.at("/metadata/threadId").asText()).isEqualTo("channel-pilot-orders-express-payments-iac");
        assertThat(chat.at("/content/nextSteps/0").asText()).contains("`channel-pilot status --cluster orders-express`");
        assertThat(json.readTree(json.readTree(toSqs.body()).path("Message").asText()).path("schema").asText())
                .isEqualTo(Notification.SCHEMA);
        assertThat(m.messageFor("email")).isEqualTo(rendered.email());
    }
}
