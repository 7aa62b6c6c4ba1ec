package io.channelpilot.notify;

import java.util.Map;

/**
 * What is published to SNS: a subject, a {@code MessageStructure=json} message whose {@code default} member is the
 * v1 JSON document and whose {@code email} member is the readable rendering, and the message attributes used by
 * subscription filter policies ({@code kind}, {@code severity}, {@code owner}, {@code cluster}).
 */
public record RenderedNotification(String subject, String message, String defaultJson, String email,
                                   Map<String, String> attributes) {

    public RenderedNotification {
        attributes = Map.copyOf(attributes);
    }
}
