package io.channelpilot.notification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The UNCONFIRMED Chatbot field bounds are Channel Pilot's defaults, and an operator can change them. */
class ChatLimitsTest {

    @Test
    void shouldDefaultToTheConservativeBoundsAndReadAnySubsetFromTheEnvironment() {
        assertThat(ChatLimits.from(Map.of())).isEqualTo(ChatLimits.DEFAULT)
                .isEqualTo(new ChatLimits(ChatNotification.MAX_TITLE, ChatNotification.MAX_DESCRIPTION, ChatNotification.MAX_NEXT_STEPS,
                        ChatNotification.MAX_STEP, ChatNotification.MAX_KEYWORDS, ChatNotification.MAX_KEYWORD));
        assertThat(ChatLimits.from(Map.of(ChatLimits.VARIABLE, " description=1000, nextSteps=3")))
                .isEqualTo(new ChatLimits(250, 1000, 3, 500, 5, 75));
    }

    @Test
    void shouldRefuseAnUnknownFieldOrABoundTooSmall() {
        assertThatThrownBy(() -> ChatLimits.from(Map.of(ChatLimits.VARIABLE, "body=10"))).hasMessageContaining(ChatLimits.VARIABLE)
                .hasMessageContaining("'body=10'");
        assertThatThrownBy(() -> ChatLimits.from(Map.of(ChatLimits.VARIABLE, "title=1"))).hasMessageContaining("at least 2");
    }

    @Test
    void shouldCutTheChatFormToTheConfiguredBounds() throws Exception {
        NotificationRenderer renderer = NotificationRenderer.fromEnvironment(Map.of(ChatLimits.VARIABLE,
                "title=40,description=100,nextSteps=2,step=30,keywords=1,keyword=5"), new ObjectMapper());
        Notification n = new Notification(NotificationKind.VALIDATION_REFUSED, NotificationSeverity.WARNING, "t".repeat(80),
                "", "payments", "", "team-payments", "s".repeat(500), Map.of(), List.of(NextAction.of("a".repeat(50)),
                NextAction.of("b"), NextAction.of("c")), "", "e");

        JsonNode chat = new ObjectMapper().readTree(renderer.toChat(n));

        assertThat(chat.at("/content/title").asText()).hasSize(40).endsWith("…");
        assertThat(chat.at("/content/description").asText()).hasSize(100);
        assertThat(chat.at("/content/nextSteps")).hasSize(2);
        assertThat(chat.at("/content/nextSteps/0").asText()).hasSize(30);
        assertThat(chat.at("/content/keywords")).extracting(JsonNode::asText).containsExactly("VALI…");
    }
}
