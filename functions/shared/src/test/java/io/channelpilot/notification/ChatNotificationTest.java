package io.channelpilot.notification;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Chatbot custom-notification form (issue 15 §3): every notification's {@code https} member has the documented
 * shape (docs/schemas/chatbot-custom-notification.schema.json, written from the Chatbot admin guide's event schema),
 * carries the exact command as a next step, threads per channel, and leaves {@code default} (SQS, Lambda) and
 * {@code email} as they were.
 */
class ChatNotificationTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();
    private static final NotificationRenderer RENDERER = new NotificationRenderer(MAPPER);
    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/1b2c3d4e-1";
    private static final Schema SCHEMA = ChatbotSchema.load();

    static Stream<String> notifySamples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../../events/notify"))) {
            // the item states of NotifyOutcome (refusals.json is NotifyRefusals' input, covered by NotifyHandlerTest)
            return files.filter(p -> !p.getFileName().toString().equals("refusals.json")).map(p -> p.getFileName().toString())
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("notifySamples")
    void shouldMatchTheDocumentedChatbotSchemaForEveryOutcome(String sample) throws IOException {
        Notification n = OutcomeNotifications.from(OutcomeNotificationsTest.event(sample));

        JsonNode chat = MAPPER.readTree(RENDERER.render(n).chat());

        List<Error> errors = SCHEMA.validate(chat);
        assertThat(errors).as(sample + ": " + chat).isEmpty();
        assertThat(chat.path("version").asText()).isEqualTo("1.0");
        assertThat(chat.path("source").asText()).isEqualTo("custom");
        assertThat(chat.at("/content/textType").asText()).isEqualTo("client-markdown");
        assertThat(chat.at("/metadata/eventType").asText()).isEqualTo(n.kind().name());
        assertThat(chat.at("/metadata/additionalContext/runbook").asText()).isEqualTo(n.runbook());
    }

    @Test
    void shouldPutTheChatFormUnderTheHttpsProtocolAndKeepDefaultAndEmail() throws IOException {
        RenderedNotification r = RENDERER.render(triage("orders-created-1", "redrive-1-ab"));

        JsonNode structure = MAPPER.readTree(r.message());

        assertThat(structure.fieldNames()).toIterable().containsExactly("default", "email", "email-json", "https");
        assertThat(structure.get("https").asText()).isEqualTo(r.chat());
        assertThat(MAPPER.readTree(structure.get("default").asText()).path("schema").asText()).isEqualTo(Notification.SCHEMA);
        assertThat(structure.get("email-json").asText()).isEqualTo(r.defaultJson());
        assertThat(structure.get("email").asText()).startsWith("WARNING: 10 records dead-lettered").contains("What to do next")
                .doesNotContain("\"version\"");
    }

    @Test
    void shouldCarryTheExactCommandAsANextStepAndTheFactsInTheDescription() throws IOException {
        JsonNode chat = MAPPER.readTree(RENDERER.toChat(triage("orders-created-1", "redrive-1-ab")));

        assertThat(chat.at("/content/nextSteps/0").asText())
                .isEqualTo("Follow the redrive: `channel-pilot redrive status --task redrive-1-ab`");
        assertThat(chat.at("/content/title").asText()).isEqualTo(":warning: 10 records dead-lettered on orders.created");
        assertThat(chat.at("/content/description").asText()).contains("*Cluster* `orders-express`", "*Channel* `orders-created-1`",
                "• Failed records: `10`", "Runbook: docs/runbook.md#dlq_triage");
        assertThat(chat.at("/content/keywords")).extracting(JsonNode::asText)
                .containsExactly("DLQ_TRIAGE", "WARNING", "orders-express", "orders.created", "team-orders");
        assertThat(chat.at("/metadata/relatedResources")).extracting(JsonNode::asText)
                .containsExactly(CLUSTER, "arn:aws:kafka:us-east-1:123456789012:channel/orders-express/abc/orders-created-1");
    }

    @Test
    void shouldThreadEveryUpdateOfOneChannelTogetherAndSeparateOtherChannels() {
        Notification triage = triage("orders-created-1", "r1");
        Notification resolved = new Notification(NotificationKind.ALARM_RESOLVED, NotificationSeverity.INFO, "resolved",
                CLUSTER, "orders.created", "orders-created-1", "", "", Map.of(), List.of(), "", "e2");
        Notification other = triage("orders-updated-1", "r2");
        Notification topicOnly = new Notification(NotificationKind.VALIDATION_REFUSED, NotificationSeverity.WARNING, "t",
                CLUSTER, "payments", "", "", "", Map.of(), List.of(), "", "e3");

        assertThat(ChatNotification.threadId(triage)).isEqualTo(ChatNotification.threadId(resolved))
                .isEqualTo("channel-pilot-orders-express-orders-created-1");
        assertThat(ChatNotification.threadId(other)).isNotEqualTo(ChatNotification.threadId(triage));
        assertThat(ChatNotification.threadId(topicOnly)).isEqualTo("channel-pilot-orders-express-topic-payments");
    }

    @Test
    void shouldBoundLongTextAndKeepBackticksFromBreakingCodeSpans() throws IOException {
        Notification n = new Notification(NotificationKind.VALIDATION_REFUSED, NotificationSeverity.WARNING,
                "t`x" + "y".repeat(400), CLUSTER, "payments", "", "", "s".repeat(5000), Map.of("tag", "channel-pilot/a`b"),
                List.of(NextAction.of("1"), NextAction.of("2"), NextAction.of("3"), NextAction.of("4"), NextAction.of("5"),
                        NextAction.of("6")), "docs/runbook.md#validation_refused", "e");

        JsonNode chat = MAPPER.readTree(RENDERER.toChat(n));

        assertThat(SCHEMA.validate(chat)).isEmpty();
        assertThat(chat.at("/content/title").asText()).hasSizeLessThanOrEqualTo(ChatNotification.MAX_TITLE).doesNotContain("`");
        assertThat(chat.at("/content/description").asText()).hasSizeLessThanOrEqualTo(ChatNotification.MAX_DESCRIPTION);
        assertThat(chat.at("/content/nextSteps")).hasSize(ChatNotification.MAX_NEXT_STEPS);
        assertThat(RENDERER.toChat(new Notification(NotificationKind.VALIDATION_REFUSED, NotificationSeverity.WARNING, "t",
                CLUSTER, "payments", "", "", "", Map.of("tag", "channel-pilot/a`b"), List.of(), "", "e")))
                .contains("`channel-pilot/a'b`");
    }

    private static Notification triage(String channel, String task) {
        return new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.WARNING, "10 records dead-lettered on orders.created",
                CLUSTER, "orders.created", channel, "team-orders", "10 records went to the DLQ.",
                Map.of("Failed records", "10", "channelArn", "arn:aws:kafka:us-east-1:123456789012:channel/orders-express/abc/" + channel),
                List.of(NextAction.run("Follow the redrive", "channel-pilot redrive status --task " + task)),
                "docs/runbook.md#dlq_triage", "exec-1");
    }
}
