package io.channelpilot.notification;

import java.util.Map;

/**
 * What is published to SNS: a subject, a {@code MessageStructure=json} message whose {@code default} member is the
 * v1 JSON document, whose {@code email} member is the readable rendering and whose {@code https} member is the AWS
 * Chatbot custom-notification form ({@code chat}), and the message attributes used by subscription filter policies
 * ({@code kind}, {@code severity}, {@code owner}, {@code cluster}).
 */
public record RenderedNotification(String subject, String message, String defaultJson, String email,
                                   Map<String, String> attributes, String chat) {

    public RenderedNotification {
        attributes = Map.copyOf(attributes);
        chat = chat == null ? "" : chat;
    }

    /** The shape before the Chatbot form. */
    public RenderedNotification(String subject, String message, String defaultJson, String email, Map<String, String> attributes) {
        this(subject, message, defaultJson, email, attributes, "");
    }
}
