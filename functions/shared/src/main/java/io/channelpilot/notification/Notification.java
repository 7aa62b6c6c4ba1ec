package io.channelpilot.notification;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Notification message v1 (DESIGN §8). Built from structured facts only: identifiers, counts, codes, offsets and
 * field paths. It has no place for record payloads, and {@link #requireSafeFacts} bounds every fact so that a
 * payload cannot ride along by accident.
 *
 * @param kind          what happened
 * @param severity      how urgent
 * @param title         one line, becomes the e-mail subject (truncated to 100 characters)
 * @param cluster       cluster name or ARN ("" when not about one cluster)
 * @param topic         topic name ("" when not about one topic)
 * @param channel       channel name ("" when none)
 * @param owner         owner routing key from the {@code owner} setting ("" when none)
 * @param summary       a short paragraph: what broke, how much, where, what was done
 * @param facts         ordered key/value facts (counts, codes, offsets, ARNs)
 * @param actions       what to do next, most useful first
 * @param runbook       the runbook section ({@link NotificationKind#runbook()}; empty means the kind's section)
 * @param correlationId execution name, event id or sweep id that produced it
 */
public record Notification(NotificationKind kind, NotificationSeverity severity, String title, String cluster,
                           String topic, String channel, String owner, String summary, Map<String, String> facts,
                           List<NextAction> actions, String runbook, String correlationId) {

    public static final String SCHEMA = "channel-pilot.notification/v1";
    /** Longest fact value accepted; longer values are refused rather than truncated so a bug is noticed. */
    public static final int MAX_FACT_LENGTH = 512;

    public Notification {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(title, "title");
        cluster = nullToEmpty(cluster);
        topic = nullToEmpty(topic);
        channel = nullToEmpty(channel);
        owner = nullToEmpty(owner);
        summary = nullToEmpty(summary);
        runbook = runbook == null || runbook.isBlank() ? kind.runbook() : runbook;
        correlationId = nullToEmpty(correlationId);
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts == null ? Map.of() : facts));
        actions = List.copyOf(actions == null ? List.of() : actions);
        requireSafeFacts(facts);
    }

    public String schema() {
        return SCHEMA;
    }

    private static void requireSafeFacts(Map<String, String> facts) {
        facts.forEach((k, v) -> {
            if (v != null && v.length() > MAX_FACT_LENGTH) {
                throw new IllegalArgumentException("fact '" + k + "' is " + v.length()
                        + " characters; notifications carry identifiers and counts only (max " + MAX_FACT_LENGTH + ")");
            }
        });
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }
}
