package io.channelpilot.notification;

import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.Intent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * A notification being written: the shared conventions of every Channel Pilot message (owner routing, correlation,
 * bounded facts, runbook). Facts longer than {@link #FACT_LIMIT} are cut so an unexpectedly long error text cannot
 * fail the publication; facts never receive record values.
 */
public final class MessageDraft {

    static final int FACT_LIMIT = 300;

    private final NotificationKind kind;
    private final NotificationSeverity severity;
    private final String title;
    private final String cluster;
    private final String topic;
    private final String channel;
    private final String owner;
    private final String correlationId;
    private final Map<String, String> facts = new LinkedHashMap<>();
    private final List<NextAction> actions = new ArrayList<>();
    private String summary = "";
    private String runbook;

    public MessageDraft(NotificationKind kind, NotificationSeverity severity, String title, String cluster, String topic,
                        String channel, String owner, String correlationId) {
        this.kind = kind;
        this.severity = severity;
        this.title = title;
        this.cluster = cluster;
        this.topic = topic;
        this.channel = channel;
        this.owner = owner;
        this.correlationId = correlationId;
        this.runbook = kind.runbook();
    }

    static MessageDraft of(ItemState state, NotificationKind kind, NotificationSeverity severity, String title) {
        Intent intent = state.intent();
        return new MessageDraft(kind, severity, title, intent.clusterArn(), intent.topic(), intent.channelName(),
                owner(intent), state.correlationId());
    }

    /**
     * Owner routing: the desired spec's {@code owner} setting, else the {@code channel-pilot/owner} tag of the
     * existing (or replaced) channel, else none.
     */
    public static String owner(Intent intent) {
        if (intent.desired() != null && intent.desired().operations().ownerIfSet().isPresent()) {
            return intent.desired().operations().owner();
        }
        return Stream.of(intent.existing(), intent.replaces()).filter(Objects::nonNull)
                .map(observed -> observed.tags().get(OwnershipTags.OWNER)).filter(Objects::nonNull)
                .findFirst().orElse("");
    }

    public MessageDraft summary(String text) {
        this.summary = text;
        return this;
    }

    public MessageDraft runbook(String link) {
        this.runbook = link;
        return this;
    }

    public MessageDraft fact(String key, String value) {
        String v = value == null ? "" : value;
        facts.put(key, v.length() > FACT_LIMIT ? v.substring(0, FACT_LIMIT - 1) + "…" : v);
        return this;
    }

    public MessageDraft action(String label, String command) {
        actions.add(new NextAction(label, command));
        return this;
    }

    public Notification build() {
        return new Notification(kind, severity, title, cluster, topic, channel, owner, summary, facts, actions, runbook,
                correlationId);
    }
}
