package io.channelpilot.retention;

import io.channelpilot.dlq.RedriveCommandLine;
import io.channelpilot.notification.NextAction;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationSeverity;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a retention race is told to the on-call engineer (DESIGN §8): level, share of retention used, time left, the
 * oldest outstanding timestamp and causes, and the one command to run. Identifiers, counts and times only — a record
 * timestamp is metadata, never a payload value. Used by triage (inside DLQ_TRIAGE) and the sweep (RETENTION_RISK).
 */
public final class RetentionNotice {

    public static final String RUNBOOK = NotificationKind.RETENTION_RISK.runbook();

    private RetentionNotice() {
    }

    /** Condition reason for the channel's {@code Degraded} condition at this level ("" for NONE). */
    public static String reason(RetentionRace.Level level) {
        return switch (level) {
            case NONE -> "";
            case WARN -> "RetentionRaceWarning";
            case CRITICAL -> "RetentionRaceCritical";
        };
    }

    public static Map<String, String> facts(RetentionRace race, OutstandingEntries outstanding) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("retentionLevel", race.level().name());
        facts.put("retentionBasis", race.basis().name());
        if (race.basis() == RetentionRace.Basis.ASSESSED || race.basis() == RetentionRace.Basis.FUTURE_TIMESTAMP) {
            facts.put("retentionUsed", race.usedPercent() + "% of " + RetentionRace.duration(race.retention()));
            facts.put("retentionLeft", race.leftText());
        }
        outstanding.oldest().ifPresent(t -> facts.put("oldestOutstanding", t.toString()));
        facts.put("outstandingEntries", Long.toString(outstanding.count()));
        facts.put("outstandingCauses", String.join(",", outstanding.bands().keySet().stream().map(Enum::name).toList()));
        return facts;
    }

    /** One sentence for a summary; empty for NONE. */
    public static String sentence(RetentionRace race) {
        if (race.level() == RetentionRace.Level.NONE) {
            return "";
        }
        return "Retention race (" + race.level().name().toLowerCase(Locale.ROOT) + "): the oldest outstanding DLQ entry has used "
                + race.usedPercent() + "% of the topic's retention (" + RetentionRace.duration(race.retention())
                + "); redrive within " + race.leftText() + " or the records are deleted from Kafka and cannot be redriven.";
    }

    /** The one command: redrive the outstanding causes (the channel's own repair rules apply). */
    public static NextAction action(OutstandingEntries outstanding) {
        return NextAction.run("Redrive the outstanding entries before retention deletes them (preview first with --dry-run)",
                RedriveCommandLine.start(outstanding.key().clusterArn(), outstanding.key().channelName(),
                        outstanding.bands().keySet(), List.of(), false));
    }

    /** The sweep's RETENTION_RISK notification, sent once per level increase. */
    public static Notification notification(RetentionRace race, OutstandingEntries outstanding, String owner,
                                            String correlationId) {
        String channel = outstanding.key().channelName();
        String title = "Retention race " + race.level().name() + " (" + race.usedPercent() + "% used) on " + channel;
        return new Notification(NotificationKind.RETENTION_RISK, race.level() == RetentionRace.Level.CRITICAL
                ? NotificationSeverity.CRITICAL : NotificationSeverity.WARNING,
                title.length() <= 74 ? title : title.substring(0, 71) + "...", outstanding.key().clusterArn(),
                outstanding.topic(), channel, owner, outstanding.count() + " dead-lettered record(s) of topic "
                + outstanding.topic() + " are still waiting for a redrive. " + sentence(race),
                facts(race, outstanding), List.of(action(outstanding)), RUNBOOK, correlationId);
    }
}
