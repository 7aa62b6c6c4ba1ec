package io.channelpilot.notify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renders a {@link Notification} into the SNS message, subject, e-mail text and filter attributes (DESIGN §8). The
 * {@code MessageStructure=json} message has one member per subscription protocol: {@code default} (SQS, Lambda, http
 * and every protocol without its own member) and {@code email-json} carry the v1 JSON, {@code email} the readable text,
 * and {@code https} — the protocol AWS Chatbot subscribes with — the Chatbot custom-notification form
 * ({@link ChatNotification}).
 */
public final class NotificationRenderer {

    /** SNS: "Subjects must be UTF-8 text with no line breaks or control characters, and less than 100 characters". */
    static final int MAX_SUBJECT = 99;

    private final ObjectMapper mapper;

    public NotificationRenderer(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public static NotificationRenderer create() {
        return new NotificationRenderer(new ObjectMapper());
    }

    public RenderedNotification render(Notification n) {
        String json = toJson(n);
        String email = toEmail(n);
        String chat = toChat(n);
        ObjectNode structure = mapper.createObjectNode().put("default", json).put("email", email)
                .put("email-json", json).put(ChatNotification.SNS_PROTOCOL, chat);
        return new RenderedNotification(subject(n), write(structure), json, email, attributes(n), chat);
    }

    /** The AWS Chatbot custom-notification JSON (the {@code https} member). */
    public String toChat(Notification n) {
        return write(new ChatNotification(mapper).toNode(n));
    }

    public String toJson(Notification n) {
        ObjectNode root = mapper.createObjectNode()
                .put("schema", n.schema())
                .put("kind", n.kind().name())
                .put("severity", n.severity().name())
                .put("title", n.title())
                .put("cluster", n.cluster())
                .put("topic", n.topic())
                .put("channel", n.channel())
                .put("owner", n.owner())
                .put("summary", n.summary());
        ObjectNode facts = root.putObject("facts");
        n.facts().forEach(facts::put);
        ArrayNode actions = root.putArray("actions");
        n.actions().forEach(a -> {
            ObjectNode node = actions.addObject().put("label", a.label());
            if (a.command() != null) {
                node.put("command", a.command());
            }
        });
        root.put("runbook", n.runbook()).put("correlationId", n.correlationId());
        return write(root);
    }

    /** Plain-text e-mail: what happened, the facts as an aligned list, numbered next steps with commands. */
    public String toEmail(Notification n) {
        StringBuilder out = new StringBuilder();
        out.append(n.severity()).append(": ").append(n.title()).append("\n\n");
        if (!n.summary().isEmpty()) {
            out.append(n.summary()).append("\n\n");
        }
        Map<String, String> where = new LinkedHashMap<>();
        where.put("Cluster", n.cluster());
        where.put("Topic", n.topic());
        where.put("Channel", n.channel());
        where.put("Owner", n.owner());
        where.values().removeIf(String::isEmpty);
        appendTable(out, where);
        if (!n.facts().isEmpty()) {
            out.append("\nFacts\n");
            appendTable(out, n.facts());
        }
        if (!n.actions().isEmpty()) {
            out.append("\nWhat to do next\n");
            int i = 1;
            for (NextAction a : n.actions()) {
                out.append("  ").append(i++).append(". ").append(a.label()).append('\n');
                if (a.command() != null) {
                    out.append("       $ ").append(a.command()).append('\n');
                }
            }
        }
        if (!n.runbook().isEmpty()) {
            out.append("\nRunbook: ").append(n.runbook()).append('\n');
        }
        out.append("\nKind: ").append(n.kind()).append("   Correlation id: ").append(n.correlationId()).append('\n');
        out.append("Sent by Channel Pilot. Record payloads are never included in notifications.\n");
        return out.toString();
    }

    public String subject(Notification n) {
        String raw = "[Channel Pilot] " + n.severity() + " " + n.title();
        StringBuilder clean = new StringBuilder(raw.length());
        raw.codePoints().forEach(cp -> clean.appendCodePoint(Character.isISOControl(cp) ? ' ' : cp));
        String s = clean.toString().strip();
        if (s.length() <= MAX_SUBJECT) {
            return s;
        }
        // ASCII "..." rather than "…": SNS has refused non-ASCII subjects (its older documentation requires ASCII)
        int cut = MAX_SUBJECT - 3;
        if (Character.isLowSurrogate(s.charAt(cut))) {
            cut--;
        }
        return s.substring(0, cut) + "...";
    }

    public Map<String, String> attributes(Notification n) {
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("kind", n.kind().name());
        attrs.put("severity", n.severity().name());
        // SNS rejects empty attribute values, so absent routing keys are sent as "none".
        attrs.put("owner", n.owner().isEmpty() ? "none" : n.owner());
        attrs.put("cluster", n.cluster().isEmpty() ? "none" : n.cluster());
        return attrs;
    }

    private static void appendTable(StringBuilder out, Map<String, String> rows) {
        int width = rows.keySet().stream().mapToInt(String::length).max().orElse(0);
        rows.forEach((k, v) -> out.append("  ").append(k).append(" ".repeat(width - k.length())).append("  ")
                .append(v).append('\n'));
    }

    private String write(Object node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("notification is not serialisable", e);
        }
    }
}
