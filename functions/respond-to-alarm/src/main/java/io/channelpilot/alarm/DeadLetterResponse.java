package io.channelpilot.alarm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.RedriveRequest;
import io.channelpilot.dlq.RedriveStart;
import io.channelpilot.dlq.RedriveStarter;
import io.channelpilot.notify.Notification;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * FailedRowCount / DLQDeliverySuccess: triage since the watermark, store the report, advance the watermark
 * (conditionally — a concurrent or duplicate run loses and sends nothing), decide per the redrive policy, notify.
 * The report is stored before the watermark moves, so a crash between the two re-triages rather than loses records.
 */
final class DeadLetterResponse {

    private final DlqTriage triage;
    private final AlarmPorts.TriageState state;
    private final AlarmPorts.Msk msk;
    private final RedriveStarter redrive;
    private final ObjectMapper mapper;
    private final Clock clock;

    DeadLetterResponse(DlqTriage triage, AlarmPorts.TriageState state, AlarmPorts.Msk msk, RedriveStarter redrive,
                       ObjectMapper mapper, Clock clock) {
        this.triage = triage;
        this.state = state;
        this.msk = msk;
        this.redrive = redrive;
        this.mapper = mapper;
        this.clock = clock;
    }

    record Outcome(String code, Map<String, Long> counts, Optional<Notification> notification) {
    }

    Outcome respond(AlarmEvent event, ChannelContext ch) {
        AlarmPorts.Watermark from = state.watermark(ch.clusterArn(), ch.channelName());
        DlqTriage.Run run = triage.run(ch, from);
        TriageReport report = run.report();
        Map<String, Long> counts = counts(report);
        if (report.empty()) {
            // Never a DLQ object for this channel although rows failed: the DLQ itself may be unwritable.
            return new Outcome(from.version() == 0 ? "NO_DLQ_OBJECTS" : "NOTHING_NEW", counts, Optional.empty());
        }
        if (!state.storeReport(ch.clusterArn(), ch.channelName(), run.next().version(), json(event, report), clock.instant())
                || !state.advance(ch.clusterArn(), ch.channelName(), from, run.next())) {
            return new Outcome("ALREADY_TRIAGED", counts, Optional.empty());
        }
        RedrivePlan plan = RedrivePlan.of(report, ch.redrive(), ch.repairRules());
        Optional<RedriveStart> started = plan.startsAutomatically() ? Optional.of(redrive.startRedrive(new RedriveRequest(
                ch.clusterArn(), ch.channelArn(), ch.channelName(), ch.topic(), plan.replayable(), Optional.empty(),
                Optional.empty(), ch.repairRules(), OptionalDouble.empty(), false, "respond-to-alarm", event.eventId())))
                : Optional.empty();
        Optional<RetentionRisk> retention = RetentionRisk.assess(report.oldestRecord(),
                msk.retentionMs(ch.clusterArn(), ch.topic()), clock.instant());
        return new Outcome("TRIAGED", counts,
                Optional.of(AlarmNotifications.triage(event, ch, report, plan, started, retention)));
    }

    private static Map<String, Long> counts(TriageReport report) {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("objects", report.objects());
        counts.put("records", report.records());
        counts.put("unparseableRecords", report.unparseableRecords());
        counts.put("quarantined", (long) report.quarantined().size());
        report.causes().forEach(c -> counts.put(c.cause().name(), c.count()));
        return counts;
    }

    private String json(AlarmEvent event, TriageReport report) {
        try {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("alarm", event.alarmName());
            doc.put("eventId", event.eventId());
            doc.put("report", report);
            return mapper.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("triage report is not serialisable", e);
        }
    }
}
