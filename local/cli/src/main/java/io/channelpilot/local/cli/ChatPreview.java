package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.world.sns.PublishedMessage;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Prints a notification the way an on-call engineer sees it in Slack or Teams: the AWS Chatbot custom-notification form
 * Channel Pilot puts under the SNS {@code https} member (the protocol Chatbot subscribes with) — title, description,
 * next steps with the exact command, keywords, and the thread it joins.
 */
final class ChatPreview {

    private ChatPreview() {
    }

    /** The chat form of the last notification of {@code kind} about {@code channel}, as published. */
    static Optional<JsonNode> find(LocalWorld world, String kind, String channel) {
        List<PublishedMessage> published = world.sns().published();
        for (int i = published.size() - 1; i >= 0; i--) {
            PublishedMessage m = published.get(i);
            try {
                JsonNode v1 = Json.MAPPER.readTree(m.defaultMessage());
                if (kind.equals(v1.path("kind").asText()) && channel.equals(v1.path("channel").asText()) && m.perProtocol().containsKey("https")) {
                    return Optional.of(Json.MAPPER.readTree(m.messageFor("https")));
                }
            } catch (IOException notJson) {
                // alarm notifications CloudWatch publishes itself are plain text: not ours
            }
        }
        return Optional.empty();
    }

    static void print(JsonNode chat) {
        DemoCommand.say("          in chat (AWS Chatbot custom notification v" + chat.path("version").asText() + ", thread "
                + chat.at("/metadata/threadId").asText() + "):");
        DemoCommand.say("          ┃ " + chat.at("/content/title").asText());
        chat.at("/content/description").asText().lines().forEach(l -> DemoCommand.say("          ┃ " + l));
        DemoCommand.say("          ┃ Next steps:");
        int i = 1;
        for (JsonNode step : chat.at("/content/nextSteps")) {
            DemoCommand.say("          ┃   " + i++ + ". " + step.asText());
        }
        StringBuilder keywords = new StringBuilder();
        chat.at("/content/keywords").forEach(k -> keywords.append(keywords.length() == 0 ? "" : "  ").append('[').append(k.asText()).append(']'));
        DemoCommand.say("          ┃ " + keywords);
    }
}
