package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.dlq.RedriveCommandLine;
import io.channelpilot.redrive.RedriveStart;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.notification.NextAction;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationSeverity;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.RetentionNotice;
import io.channelpilot.retention.RetentionRace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * Builds the on-call notifications (DESIGN §8): what broke, how much, where, what was done, the one command to run
 * next. Facts are identifiers, counts, causes, offsets and field paths — never DLQ error messages or payloads.
 */
final class AlarmNotifications {

    /** Documented (reference §3, DESIGN §6): at 300 s freshness the channel needs at least 2.4 MB/s uncompressed. */
    static final double FLOOR_BYTES_PER_SECOND_AT_300 = 2_400_000;

    private AlarmNotifications() {
    }

    static Notification triage(AlarmEvent event, ChannelContext ch, TriageReport report, RedrivePlan plan,
                               Optional<RedriveStart> redrive, RetentionRace retention, OutstandingEntries outstanding) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("alarm", event.alarmName());
        facts.put("dlqObjects", Long.toString(report.objects()));
        facts.put("records", Long.toString(report.records()));
        for (TriageReport.CauseCount c : report.causes()) {
            facts.put("cause." + c.cause().name(), c.count() + (c.fieldPaths().isEmpty() ? "" : " at " + String.join(", ", c.fieldPaths()))
                    + "; e.g. " + String.join(", ", c.samples()));
        }
        if (!report.partitions().isEmpty()) {
            facts.put("offsets", report.partitions().entrySet().stream()
                    .map(e -> "p" + e.getKey() + ":" + e.getValue()).collect(Collectors.joining(", ")));
        }
        if (report.unparseableRecords() > 0) {
            facts.put("unparseableRecords", Long.toString(report.unparseableRecords()));
        }
        for (TriageReport.QuarantinedObject q : report.quarantined()) {
            facts.put("quarantined." + (facts.size()), q.reason().name() + " " + q.key() + " -> " + q.quarantineKey());
        }
        facts.put("dlq", "s3://" + ch.dlqBucket() + "/" + ch.dlqPrefix());
        facts.put("redrivePolicy", ch.redrive().name().toLowerCase(java.util.Locale.ROOT));
        facts.putAll(RetentionNotice.facts(retention, outstanding));

        List<NextAction> actions = new ArrayList<>();
        if (retention.level() != RetentionRace.Level.NONE) {
            actions.add(RetentionNotice.action(outstanding));
        }
        String done = whatWasDone(ch, plan, redrive, facts, actions);
        if (!report.quarantined().isEmpty()) {
            actions.add(NextAction.of("Inspect the quarantined object(s) and, if the DLQ format changed, set the DLQ_FIELD_*"
                    + " settings: " + report.quarantined().get(0).reason().remediation()));
        }
        for (DlqCause stuck : plan.stuck()) {
            actions.add(NextAction.of(stuckAdvice(stuck)));
        }
        NotificationSeverity severity = retention.level() == RetentionRace.Level.CRITICAL
                || !report.quarantined().isEmpty() && report.records() == 0
                ? NotificationSeverity.CRITICAL : NotificationSeverity.WARNING;
        String causes = report.causes().stream().map(c -> c.count() + " " + c.cause().name().toLowerCase(java.util.Locale.ROOT)
                .replace('_', ' ')).collect(Collectors.joining(", "));
        String summary = report.records() + " record(s) of topic " + ch.topic() + " were dead-lettered by channel "
                + ch.channelName() + (causes.isEmpty() ? "" : " (" + causes + ")") + " in " + report.objects()
                + " DLQ object(s)" + (report.quarantined().isEmpty() ? "" : "; " + report.quarantined().size()
                + " object(s) could not be read and were quarantined") + ". " + done
                + (retention.level() == RetentionRace.Level.NONE ? "" : " " + RetentionNotice.sentence(retention));
        return new Notification(NotificationKind.DLQ_TRIAGE, severity,
                title("DLQ triage: " + report.records() + " dead-lettered record(s) on " + ch.channelName()),
                ch.clusterArn(), ch.topic(), ch.channelName(), ch.owner(), summary, facts, actions, NotificationKind.DLQ_TRIAGE.runbook(), event.eventId());
    }

    private static String whatWasDone(ChannelContext ch, RedrivePlan plan, Optional<RedriveStart> redrive,
                                      Map<String, String> facts, List<NextAction> actions) {
        if (redrive.isPresent() && redrive.get() instanceof RedriveStart.Started s) {
            facts.put("redriveTask", s.taskId());
            actions.add(NextAction.run("Follow the redrive", RedriveCommandLine.status(s.taskId())));
            return "A redrive of " + names(plan.replayable()) + " was started automatically (task " + s.taskId() + ").";
        }
        if (redrive.isPresent() && redrive.get() instanceof RedriveStart.Refused r) {
            facts.put("redriveRefused", r.code());
            actions.add(NextAction.of(r.remediation().isEmpty() ? r.message() : r.remediation()));
            return "The automatic redrive was refused (" + r.code() + ").";
        }
        if (ch.redrive() == RedrivePolicy.OFF) {
            return "Redrive is off for this channel: report only.";
        }
        if (!plan.replayable().isEmpty()) {
            actions.add(NextAction.run("Redrive the repairable records (preview first with --dry-run)",
                    RedriveCommandLine.start(ch.clusterArn(), ch.channelName(), plan.replayable(), ch.repairRules(), false)));
            return "Nothing was redriven (policy " + ch.redrive().name().toLowerCase(java.util.Locale.ROOT) + ").";
        }
        actions.add(NextAction.run("After fixing the producer, redrive (preview first with --dry-run)",
                RedriveCommandLine.start(ch.clusterArn(), ch.channelName(), plan.stuck(), List.of(), true)));
        return "Nothing was redriven: no cause is repairable by the channel's repair rules.";
    }

    /**
     * Keeps "[Channel Pilot] CRITICAL " + title within the renderer's 99 characters (SNS: ASCII, under 100); longer
     * subjects get a non-ASCII ellipsis from the shared renderer, which SNS rejects (InvalidParameter: Subject).
     */
    static String title(String title) {
        return title.length() <= MAX_TITLE ? title : title.substring(0, MAX_TITLE - 3) + "...";
    }

    static final int MAX_TITLE = 74;

    private static String stuckAdvice(DlqCause cause) {
        return switch (cause) {
            case MISSING_REQUIRED_FIELD -> "Missing required field: fix the producer, or add a repair rule default:<field>=<json> and redrive.";
            case TYPE_MISMATCH -> "Type mismatch: fix the producer's JSON types, or add a repair rule coerce:<field>=<type> and redrive.";
            case MALFORMED_JSON -> "Malformed JSON: fix the producer's serializer; these records cannot be repaired by redrive.";
            case NESTING_TOO_DEEP -> "Nesting deeper than 16 levels: flatten the data, or drop:<field> the deep part and redrive.";
            case SCHEMA_RESOLUTION -> "Schema resolution: register the schema version / use the GSR serializer, then redrive.";
            case UNKNOWN -> "Unknown error codes: check the DLQ objects' error fields and the channel's CloudWatch logs.";
        };
    }

    private static String names(java.util.Set<DlqCause> causes) {
        return causes.stream().sorted().map(Enum::name).collect(Collectors.joining(", "));
    }

    static Notification freshness(AlarmEvent event, ChannelContext ch, Optional<AlarmPorts.ChannelState> state,
                                  Optional<Double> bytesPerSecond) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("alarm", event.alarmName());
        facts.put("freshnessSeconds", Integer.toString(ch.freshnessSeconds()));
        state.ifPresent(s -> {
            facts.put("channelStatus", s.status());
            if (!s.stateCode().isEmpty()) {
                facts.put("stateInfo", s.stateCode() + ": " + s.stateMessage());
            }
        });
        bytesPerSecond.ifPresent(b -> facts.put("deliveryBytesInPerSecond", String.format(java.util.Locale.ROOT, "%.0f", b)));
        List<NextAction> actions = new ArrayList<>();
        StringBuilder summary = new StringBuilder("Channel ").append(ch.channelName()).append(" delivers data older than its freshness of ")
                .append(ch.freshnessSeconds()).append(" s.");
        boolean notActive = state.isEmpty() || !"ACTIVE".equals(state.get().status());
        if (notActive) {
            summary.append(state.map(s -> " The channel is " + s.status() + (s.stateCode().isEmpty() ? "" : " (" + s.stateCode() + ")"))
                    .orElse(" The channel was not found.")).append(" Delivery is stopped, not slow.");
            actions.add(NextAction.of("Fix the channel state first: see stateInfo and " + NotificationKind.CHANNEL_FAILED.runbook() + "."));
        }
        if (bytesPerSecond.isEmpty() || bytesPerSecond.get() == 0) {
            summary.append(" No DeliveryToIceberg.BytesIn was read recently.");
            actions.add(NextAction.of("Check the producers: the topic's BytesInPerSec should be non-zero."));
        } else if (ch.freshnessSeconds() <= 300 && bytesPerSecond.get() < FLOOR_BYTES_PER_SECOND_AT_300) {
            summary.append(String.format(java.util.Locale.ROOT, " Recent input is %.2f MB/s, below the documented 2.4 MB/s"
                    + " (uncompressed) that 300 s freshness needs.", bytesPerSecond.get() / 1_000_000));
            actions.add(NextAction.of("Loosen freshness: set freshness=<301..900> in the channel's tag rule (an in-place update);"
                    + " no per-interval throughput figures are published for other values, so raise it and watch the alarm."));
            actions.add(NextAction.of("Check the producers: if input dropped unexpectedly, the topic's BytesInPerSec shows when."));
        }
        actions.add(NextAction.of("Check for cluster maintenance or service issues (MSK console / AWS Health) if input is normal."));
        NotificationSeverity severity = notActive ? NotificationSeverity.CRITICAL : NotificationSeverity.WARNING;
        return new Notification(NotificationKind.DATA_FRESHNESS, severity, title("Data freshness alarm on " + ch.channelName()),
                ch.clusterArn(), ch.topic(), ch.channelName(), ch.owner(), summary.toString(), facts, actions, NotificationKind.DATA_FRESHNESS.runbook(),
                event.eventId());
    }

    /** Rows failed but the DLQ prefix holds nothing: the channel may be unable to write its DLQ. */
    static Notification noDlqObjects(AlarmEvent event, ChannelContext ch) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("alarm", event.alarmName());
        facts.put("dlq", "s3://" + ch.dlqBucket() + "/" + ch.dlqPrefix());
        return new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.WARNING,
                title("Failed rows but no DLQ objects on " + ch.channelName()), ch.clusterArn(), ch.topic(),
                ch.channelName(), ch.owner(), "The alarm " + event.alarmName() + " reports failed rows, but no DLQ object"
                        + " exists under the channel's DLQ prefix yet.",
                facts, List.of(NextAction.of("Check that the DLQ bucket exists and that the channel's service role may"
                        + " write to it (s3:PutObject on the prefix, the bucket's KMS key); check IAM, bucket access and"
                        + " schema compatibility (reference: FailedRowCount alarm).")), NotificationKind.DLQ_TRIAGE.runbook(), event.eventId());
    }

    static Notification resolved(AlarmEvent event, ChannelContext ch) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("alarm", event.alarmName());
        facts.put("signal", event.signal().metric());
        facts.put("previousState", event.previousState());
        return new Notification(NotificationKind.ALARM_RESOLVED, NotificationSeverity.INFO,
                title("Resolved: " + event.signal().metric() + " on " + ch.channelName()), ch.clusterArn(), ch.topic(),
                ch.channelName(), ch.owner(), "The alarm " + event.alarmName() + " returned to OK.", facts, List.of(), NotificationKind.ALARM_RESOLVED.runbook(),
                event.eventId());
    }
}
