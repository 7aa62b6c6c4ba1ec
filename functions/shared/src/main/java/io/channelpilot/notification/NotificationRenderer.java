package io.channelpilot.notification;

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

    /** Where the operator's copy of the repository is: the stack parameter {@code RunbookBaseUrl}. */
    public static final String RUNBOOK_BASE_VARIABLE = "CHANNEL_PILOT_RUNBOOK_BASE_URL";
    /**
     * The default {@code RunbookBaseUrl} (template.yaml). UNCONFIRMED: the project's public repository URL is not settled;
     * operators who keep their own copy of docs/runbook.md set the parameter.
     */
    public static final String DEFAULT_RUNBOOK_BASE_URL = "https://github.com/channel-pilot/channel-pilot/blob/main/";

    private final ObjectMapper mapper;
    /** Prefix of every {@code runbook} link ("" keeps the repository-relative {@code docs/runbook.md#kind}). */
    private final String runbookBase;
    private final ChatLimits chatLimits;

    public NotificationRenderer(ObjectMapper mapper) {
        this(mapper, "");
    }

    public NotificationRenderer(ObjectMapper mapper, String runbookBase) {
        this(mapper, runbookBase, ChatLimits.DEFAULT);
    }

    public NotificationRenderer(ObjectMapper mapper, String runbookBase, ChatLimits chatLimits) {
        this.mapper = mapper;
        this.chatLimits = chatLimits;
        this.runbookBase = runbookBase.isEmpty() || runbookBase.endsWith("/") ? runbookBase : runbookBase + "/";
    }

    public static NotificationRenderer create() {
        return new NotificationRenderer(new ObjectMapper());
    }

    /**
     * The functions' renderer: runbook links under {@value #RUNBOOK_BASE_VARIABLE} (default {@link #DEFAULT_RUNBOOK_BASE_URL}),
     * chat bounds from {@value ChatLimits#VARIABLE}.
     */
    public static NotificationRenderer fromEnvironment(Map<String, String> env, ObjectMapper mapper) {
        return new NotificationRenderer(mapper, runbookBase(env), ChatLimits.from(env));
    }

    /** {@value #RUNBOOK_BASE_VARIABLE}: an http(s) URL; unset or blank means {@link #DEFAULT_RUNBOOK_BASE_URL}. */
    public static String runbookBase(Map<String, String> env) {
        String raw = env.getOrDefault(RUNBOOK_BASE_VARIABLE, "").strip();
        if (raw.isEmpty()) {
            return DEFAULT_RUNBOOK_BASE_URL;
        }
        if (!raw.matches("https?://[^\\s]+")) {
            throw new IllegalArgumentException(RUNBOOK_BASE_VARIABLE + " must be an http(s) URL of the folder that holds docs/runbook.md, was '"
                    + raw + "'");
        }
        return raw;
    }

    /** {@code n} with its runbook link made absolute under the base (links already absolute stay as they are). */
    private Notification linked(Notification n) {
        if (runbookBase.isEmpty() || n.runbook().isEmpty() || n.runbook().matches("^[a-z]+://.*")) {
            return n;
        }
        return new Notification(n.kind(), n.severity(), n.title(), n.cluster(), n.topic(), n.channel(), n.owner(), n.summary(),
                n.facts(), n.actions(), runbookBase + n.runbook(), n.correlationId());
    }

    public RenderedNotification render(Notification given) {
        Notification n = linked(given);
        String json = toJson(n);
        String email = toEmail(n);
        String chat = toChat(n);
        ObjectNode structure = mapper.createObjectNode().put("default", json).put("email", email)
                .put("email-json", json).put(ChatNotification.SNS_PROTOCOL, chat);
        return new RenderedNotification(subject(n), write(structure), json, email, attributes(n), chat);
    }

    /** The AWS Chatbot custom-notification JSON (the {@code https} member). */
    public String toChat(Notification n) {
        return write(new ChatNotification(mapper, chatLimits).toNode(linked(n)));
    }

    public String toJson(Notification given) {
        Notification n = linked(given);
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
    public String toEmail(Notification given) {
        Notification n = linked(given);
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
