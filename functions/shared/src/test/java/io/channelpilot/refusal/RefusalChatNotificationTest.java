package io.channelpilot.refusal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import io.channelpilot.notification.ChatNotification;
import io.channelpilot.notification.ChatbotSchema;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationRenderer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal kind renders as a valid AWS Chatbot custom notification (issue 15 §3): the shape of the event schema
 * in the Chatbot admin guide ("Custom notifications": version 1.0, source custom, content.textType client-markdown,
 * title, description, nextSteps, keywords, metadata.threadId/summary/eventType/relatedResources/additionalContext),
 * pinned per kind. {@code enableCustomActions} is not in that event schema, so Channel Pilot never sends it.
 */
class RefusalChatNotificationTest {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/1b2c3d4e-1";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Schema SCHEMA = ChatbotSchema.load();

    /** One refusal of every kind, as resolve-intents, the sweep or the guardrail raise it. */
    static Map<NotificationKind, Refusal> examples() {
        return Stream.of(
                new Refusal(NotificationKind.TAG_CONTRACT_ERROR, CLUSTER, "payments", "", "team-pay", "Two rules disagree.",
                        List.of(new Refusal.Problem("RULE_CONFLICT", "channel-pilot/a | channel-pilot/b", "freshness",
                                "300 vs 600", "Make the values agree.")), "evt-1"),
                new Refusal(NotificationKind.TAG_KEY_HINT, CLUSTER, "", "", "team-hint", "A key looks like ours.",
                        List.of(new Refusal.Problem("TAG_KEY_LOOKALIKE", "channelpilot/orders", "", "not read",
                                "Rename it 'channel-pilot/orders'.")), "evt-2"),
                new Refusal(NotificationKind.UNMANAGED_CHANNEL, CLUSTER, "orders.created", "iac-orders-created", "", "Not ours.",
                        List.of(new Refusal.Problem("UNMANAGED_CHANNEL", "", "", "no ownership tag", "Add managed=false to the rule.")),
                        "sweep-1"),
                new Refusal(NotificationKind.TRIGGER_REJECTED, "", "", "", "", "Trigger rejected.",
                        List.of(new Refusal.Problem("TRIGGER_FIELD_MISSING", "", "detail.requestParameters.clusterArn", "missing",
                                "Send the CloudTrail event unchanged.")), "evt-3", true),
                new Refusal(NotificationKind.CLUSTER_NOT_ALLOWED, CLUSTER, "", "", "", "Outside the guardrail.",
                        List.of(new Refusal.Problem("CLUSTER_NOT_ALLOWED", "", "AllowedClusters", "outside",
                                "Add the cluster's ARN to AllowedClusters.")), "evt-4", true))
                .collect(Collectors.toMap(Refusal::kind, r -> r));
    }

    static Stream<NotificationKind> kinds() {
        return Refusal.KINDS.stream().sorted();
    }

    @Test
    void shouldHaveAnExampleOfEveryRefusalKind() {
        assertThat(examples().keySet()).isEqualTo(Refusal.KINDS);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void shouldRenderEveryRefusalKindAsAValidChatbotCustomNotification(NotificationKind kind) throws IOException {
        Refusal refusal = examples().get(kind);
        Notification n = RefusalNotices.of(refusal);

        JsonNode structure = MAPPER.readTree(NotificationRenderer.create().render(n).message());
        JsonNode chat = MAPPER.readTree(structure.path(ChatNotification.SNS_PROTOCOL).asText());

        assertThat(SCHEMA.validate(chat)).as(kind + ": " + chat).isEmpty();
        assertThat(chat.path("version").asText()).isEqualTo("1.0");
        assertThat(chat.path("source").asText()).isEqualTo("custom");
        assertThat(chat.path("id").asText()).hasSize(32);
        assertThat(chat.at("/content/textType").asText()).isEqualTo("client-markdown");
        assertThat(chat.at("/content/title").asText()).startsWith(":").contains(switch (kind) {
            case TAG_KEY_HINT -> "channelpilot/orders";
            case UNMANAGED_CHANNEL -> "iac-orders-created";
            case CLUSTER_NOT_ALLOWED -> "orders-express";
            default -> refusal.codes().get(0);
        });
        assertThat(chat.at("/content/description").asText()).contains("`" + refusal.codes().get(0) + "`")
                .contains("Runbook: " + kind.runbook());
        assertThat(chat.at("/content/nextSteps")).isNotEmpty()
                .anySatisfy(step -> assertThat(step.asText()).startsWith(refusal.codes().get(0) + ": "));
        assertThat(chat.at("/content/keywords")).extracting(JsonNode::asText).startsWith(kind.name());
        assertThat(chat.at("/metadata/threadId").asText()).isEqualTo(ChatNotification.threadId(n)).startsWith("channel-pilot-");
        assertThat(chat.at("/metadata/eventType").asText()).isEqualTo(kind.name());
        assertThat(chat.at("/metadata/summary").asText()).startsWith(n.severity().name());
        assertThat(chat.at("/metadata/additionalContext/kind").asText()).isEqualTo(kind.name());
        assertThat(chat.at("/metadata/additionalContext/runbook").asText()).isEqualTo(kind.runbook());
        assertThat(chat.at("/metadata/relatedResources")).extracting(JsonNode::asText)
                .isEqualTo(refusal.clusterArn().isEmpty() ? List.of() : List.of(CLUSTER));
        assertThat(chat.toString()).doesNotContain("enableCustomActions");
        // the commands an on-call engineer copies are code spans
        if (!refusal.clusterArn().isEmpty() && kind != NotificationKind.CLUSTER_NOT_ALLOWED) {
            assertThat(chat.at("/content/nextSteps").toString()).contains("`channel-pilot status --cluster " + CLUSTER + "`");
        }
    }
}
