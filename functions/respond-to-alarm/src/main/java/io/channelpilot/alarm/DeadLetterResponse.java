package io.channelpilot.alarm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.redrive.RedriveCode;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.RedriveStart;
import io.channelpilot.redrive.RedriveStarter;
import io.channelpilot.notification.Notification;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.ChannelKey;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * FailedRowCount / DLQDeliverySuccess: triage since the watermark, store the report, advance the watermark
 * (conditionally — a concurrent or duplicate run loses and sends nothing), decide per the redrive policy, notify.
 * The report is stored before the watermark moves, so a crash between the two re-triages rather than loses records.
 *
 * <p>Retention race across batches: the entries of the report are merged into the channel's outstanding-entries record
 * ({@link OutstandingStore}; keyed by report number, so a duplicate merges nothing) before the report is stored and the
 * watermark moves, and the race is assessed on the oldest outstanding entry of every batch not yet redriven — not only
 * this batch's.
 */
final class DeadLetterResponse {

    private final DlqTriage triage;
    private final AlarmPorts.TriageState state;
    private final AlarmPorts.Msk msk;
    private final RedriveStarter redrive;
    private final OutstandingStore outstanding;
    private final RetentionSettings retention;
    private final ObjectMapper mapper;
    private final Clock clock;

    DeadLetterResponse(DlqTriage triage, AlarmPorts.TriageState state, AlarmPorts.Msk msk, RedriveStarter redrive,
                       OutstandingStore outstanding, RetentionSettings retention, ObjectMapper mapper, Clock clock) {
        this.triage = triage;
        this.state = state;
        this.msk = msk;
        this.redrive = redrive;
        this.outstanding = outstanding;
        this.retention = retention;
        this.mapper = mapper;
        this.clock = clock;
    }

    /** @param retention the race after this triage (level NONE when nothing was triaged) */
    record Outcome(String code, Map<String, Long> counts, Optional<Notification> notification,
                   RetentionRace.Level retention) {
        Outcome(String code, Map<String, Long> counts, Optional<Notification> notification) {
            this(code, counts, notification, RetentionRace.Level.NONE);
        }
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
        ChannelKey key = new ChannelKey(ch.clusterArn(), ch.channelName());
        Instant now = clock.instant();
        // first, and keyed by the report number: a crash after it re-triages the same objects under the same number,
        // which merges nothing twice; a racing invocation with the same number merges nothing either
        OutstandingEntries entries = outstanding.update(key, ch.topic(), e -> e.merge(run.next().version(), bands(report, now)));
        if (!state.storeReport(ch.clusterArn(), ch.channelName(), run.next().version(), json(event, report), clock.instant())) {
            return new Outcome("ALREADY_TRIAGED", counts, Optional.empty());
        }
        if (!state.advance(ch.clusterArn(), ch.channelName(), from, run.next())) {
            return new Outcome("ALREADY_TRIAGED", counts, Optional.empty());
        }
        RedrivePlan plan = RedrivePlan.of(report, ch.redrive(), ch.repairRules());
        Optional<RedriveStart> started = plan.startsAutomatically() ? Optional.of(startRedrive(ch, plan)) : Optional.empty();
        RetentionRace race = RetentionRace.assess(entries.oldest(), now, msk.retentionMs(ch.clusterArn(), ch.topic()),
                retention);
        if (race.level().isAbove(entries.notifiedLevel())) {
            // the DLQ_TRIAGE notification below tells this level: the sweep must not repeat it
            outstanding.update(key, ch.topic(), e -> e.withNotified(race.level()));
        }
        return new Outcome("TRIAGED", counts,
                Optional.of(AlarmNotifications.triage(event, ch, report, plan, started, race, entries)), race.level());
    }

    /** Per cause: the oldest and newest record timestamps and the count this report saw. */
    private static Map<DlqCause, OutstandingEntries.Band> bands(TriageReport report, Instant now) {
        Map<DlqCause, OutstandingEntries.Band> bands = new EnumMap<>(DlqCause.class);
        report.causes().forEach(c -> bands.put(c.cause(), OutstandingEntries.Band.seen(c.oldest(), c.newest(), c.count(), now)));
        return bands;
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

    /** The stack's defaults for rate, concurrency and loop limit; a request the service would not accept is refused as a value. */
    private RedriveStart startRedrive(ChannelContext ch, RedrivePlan plan) {
        RedriveRequest request;
        try {
            request = new RedriveRequest(ch.clusterArn(), ch.channelName(), null, null, List.copyOf(plan.replayable()),
                    ch.repairRules(), 0, 0, 0, RunMode.LIVE, "respond-to-alarm");
        } catch (IllegalArgumentException e) {
            return new RedriveStart.Refused(RedriveCode.INVALID_REQUEST.name(), e.getMessage(),
                    RedriveCode.INVALID_REQUEST.remediation(), Optional.empty());
        }
        return redrive.startRedrive(request);
    }
}
