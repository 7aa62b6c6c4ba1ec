package io.channelpilot.notification;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ClusterArn;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The AWS Chatbot (Amazon Q Developer in chat applications) <em>custom notification</em> form of a {@link Notification}.
 * Chatbot subscribes to an SNS topic with protocol {@code https} (endpoint {@code https://global.sns-api.chatbot.amazonaws.com})
 * and renders a message natively only when it has this shape (Chatbot admin guide, "Custom notifications", event schema):
 *
 * <pre>{"version": "1.0", "source": "custom", "id": .., "content": {"textType": "client-markdown", "title": ..,
 *   "description": .., "nextSteps": [..], "keywords": [..]}, "metadata": {"threadId": .., "summary": .., "eventType": ..,
 *   "relatedResources": [..], "additionalContext": {..}}}</pre>
 *
 * {@code version} must be {@code 1.0}, {@code source} must be {@code custom}, and {@code client-markdown} is the only
 * text type. Notifications with the same {@code threadId} thread together in the channel (when the channel's preferences
 * allow it), so the id is derived from the cluster and the channel (else the topic, else the cluster): every update of
 * one channel — ACTIVE, triage, redrive, resolved — lands in one thread.
 *
 * <p>UNCONFIRMED: the guide publishes no length limits per field. The bounds are our own, conservative, so a long
 * refusal never makes Chatbot drop the message, and configurable ({@link ChatLimits}, {@code CHANNEL_PILOT_CHAT_LIMITS}):
 * by default title 250 characters, description 3 500, five next steps of 500 and five keywords of 75. Values come from the structured {@link Notification} only (identifiers, codes, counts) — never
 * a record payload — and values are put in code spans with back-ticks removed, so a tag value cannot break out of them.
 */
public final class ChatNotification {

    public static final String VERSION = "1.0";
    public static final String SOURCE = "custom";
    public static final String TEXT_TYPE = "client-markdown";
    /** The SNS {@code MessageStructure=json} key Chatbot reads: it subscribes with protocol {@code https}. */
    public static final String SNS_PROTOCOL = "https";

    static final int MAX_TITLE = ChatLimits.DEFAULT.title();
    static final int MAX_DESCRIPTION = ChatLimits.DEFAULT.description();
    static final int MAX_NEXT_STEPS = ChatLimits.DEFAULT.nextSteps();
    static final int MAX_STEP = ChatLimits.DEFAULT.step();
    static final int MAX_KEYWORDS = ChatLimits.DEFAULT.keywords();
    static final int MAX_KEYWORD = ChatLimits.DEFAULT.keyword();

    private final ObjectMapper mapper;
    private final ChatLimits limits;

    public ChatNotification(ObjectMapper mapper) {
        this(mapper, ChatLimits.DEFAULT);
    }

    public ChatNotification(ObjectMapper mapper, ChatLimits limits) {
        this.mapper = mapper;
        this.limits = limits;
    }

    public ObjectNode toNode(Notification n) {
        ObjectNode root = mapper.createObjectNode().put("version", VERSION).put("source", SOURCE).put("id", id(n));
        ObjectNode content = root.putObject("content").put("textType", TEXT_TYPE)
                .put("title", cut(emoji(n.severity()) + " " + plain(n.title()), limits.title()))
                .put("description", cut(description(n), limits.description()));
        ArrayNode steps = content.putArray("nextSteps");
        n.actions().stream().limit(limits.nextSteps()).forEach(a -> steps.add(cut(plain(a.label())
                + (a.command() == null ? "" : ": " + code(a.command())), limits.step())));
        ArrayNode keywords = content.putArray("keywords");
        keywords(n).stream().limit(limits.keywords()).forEach(k -> keywords.add(cut(k, limits.keyword())));
        ObjectNode metadata = root.putObject("metadata").put("threadId", threadId(n))
                .put("summary", cut(n.severity() + " " + plain(n.title()), limits.title())).put("eventType", n.kind().name());
        ArrayNode related = metadata.putArray("relatedResources");
        relatedResources(n).forEach(related::add);
        ObjectNode context = metadata.putObject("additionalContext").put("kind", n.kind().name())
                .put("severity", n.severity().name()).put("owner", n.owner().isEmpty() ? "none" : n.owner())
                .put("runbook", n.runbook()).put("correlationId", n.correlationId());
        if (!n.topic().isEmpty()) {
            context.put("topic", n.topic());
        }
        if (!n.channel().isEmpty()) {
            context.put("channel", n.channel());
        }
        return root;
    }

    /**
     * Stable per channel: {@code channel-pilot-<cluster>-<channel|topic|cluster>}, hashed when it would exceed 128
     * characters (our bound; the guide gives none).
     */
    public static String threadId(Notification n) {
        String cluster = clusterName(n.cluster());
        String subject = !n.channel().isEmpty() ? n.channel() : !n.topic().isEmpty() ? "topic-" + n.topic() : "cluster";
        String id = "channel-pilot-" + (cluster.isEmpty() ? "stack" : cluster) + "-" + subject;
        return id.length() <= 128 ? id : "channel-pilot-" + sha256(id).substring(0, 32);
    }

    private static String description(Notification n) {
        StringBuilder out = new StringBuilder();
        if (!n.summary().isEmpty()) {
            out.append(plain(n.summary())).append("\n\n");
        }
        StringBuilder where = new StringBuilder();
        appendWhere(where, "Cluster", clusterName(n.cluster()));
        appendWhere(where, "Topic", n.topic());
        appendWhere(where, "Channel", n.channel());
        appendWhere(where, "Owner", n.owner());
        if (where.length() > 0) {
            out.append(where).append('\n');
        }
        for (Map.Entry<String, String> f : n.facts().entrySet()) {
            if (!f.getValue().isEmpty()) {
                out.append("• ").append(plain(f.getKey())).append(": ").append(code(f.getValue())).append('\n');
            }
        }
        if (!n.runbook().isEmpty()) {
            out.append("\nRunbook: ").append(n.runbook());
        }
        return out.toString().strip();
    }

    private static void appendWhere(StringBuilder out, String label, String value) {
        if (!value.isEmpty()) {
            out.append(out.length() == 0 ? "" : "  ·  ").append('*').append(label).append("* ").append(code(value));
        }
    }

    private static Set<String> keywords(Notification n) {
        Set<String> out = new LinkedHashSet<>();
        out.add(n.kind().name());
        out.add(n.severity().name());
        String cluster = clusterName(n.cluster());
        if (!cluster.isEmpty()) {
            out.add(cluster);
        }
        if (!n.topic().isEmpty()) {
            out.add(n.topic());
        }
        if (!n.owner().isEmpty()) {
            out.add(n.owner());
        }
        return out;
    }

    private static Set<String> relatedResources(Notification n) {
        Set<String> out = new LinkedHashSet<>();
        if (n.cluster().startsWith("arn:")) {
            out.add(n.cluster());
        }
        n.facts().forEach((k, v) -> {
            if (v.startsWith("arn:") && !v.contains(" ") && !v.contains(",")) {
                out.add(v);
            }
        });
        return out;
    }

    /** Cluster name from an MSK cluster ARN; anything else as given. */
    static String clusterName(String cluster) {
        return ClusterArn.isValid(cluster) ? ClusterArn.parse(cluster).name() : cluster;
    }

    private static String emoji(NotificationSeverity s) {
        return switch (s) {
            case INFO -> ":information_source:";
            case WARNING -> ":warning:";
            case CRITICAL -> ":rotating_light:";
        };
    }

    /** A value as a markdown code span; back-ticks and line breaks are removed so it cannot close the span. */
    static String code(String value) {
        return "`" + value.replace("`", "'").replaceAll("[\\r\\n]+", " ") + "`";
    }

    /** Prose: back-ticks become quotes so text from tags cannot open a code span that swallows the message. */
    static String plain(String text) {
        return text.replace("`", "'");
    }

    private static String id(Notification n) {
        return sha256(n.kind() + "|" + n.cluster() + "|" + n.channel() + "|" + n.topic() + "|" + n.correlationId() + "|"
                + n.title()).substring(0, 32);
    }

    private static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = max - 1;
        if (Character.isLowSurrogate(s.charAt(end))) {
            end--;
        }
        return s.substring(0, end) + "…";
    }

    private static String sha256(String s) {
        return NotificationDedupe.sha256(s);
    }
}
