package io.channelpilot.alarm;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.model.Home;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.RetentionNotice;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;

import io.channelpilot.model.SafeText;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * The respond-to-alarm domain service (DESIGN §7): one alarm state change → triage, freshness diagnosis or resolution,
 * one notification, and the channel's {@code Degraded} condition.
 */
public final class AlarmResponder {

    private static final Logger LOG = LoggerFactory.getLogger(AlarmResponder.class);
    static final Duration EVENT_CLAIM_TTL = Duration.ofDays(1);
    static final Duration BYTES_IN_WINDOW = Duration.ofMinutes(15);

    private final ChannelLocator locator;
    private final AlarmIdentity identity;
    private final DeadLetterResponse deadLetters;
    private final AlarmPorts.Msk msk;
    private final AlarmPorts.Metrics metrics;
    private final StatusStore store;
    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;
    private final Clock clock;

    AlarmResponder(ChannelLocator locator, DeadLetterResponse deadLetters, AlarmPorts.Msk msk, AlarmPorts.Metrics metrics,
                   StatusStore store, NotificationPublisher publisher, NotificationRenderer renderer, Clock clock) {
        this.locator = locator;
        this.identity = new AlarmIdentity(msk, store);
        this.deadLetters = deadLetters;
        this.msk = msk;
        this.metrics = metrics;
        this.store = store;
        this.publisher = publisher;
        this.renderer = renderer;
        this.clock = clock;
    }

    private static String known(String state) {
        return switch (state) {
            case "ALARM", "OK", "INSUFFICIENT_DATA" -> state;
            default -> "UNKNOWN";
        };
    }

    public AlarmResponse respond(JsonNode rawEvent) {
        return respond(rawEvent, Home.unknown());
    }

    /** @param home the stack's account and Region: alarm events from elsewhere are ignored ({@code FOREIGN_ALARM}) */
    public AlarmResponse respond(JsonNode rawEvent, Home home) {
        AlarmEvent.Input input = AlarmEvent.parse(rawEvent, home);
        if (input instanceof AlarmEvent.Input.Ignored ignored) {
            return AlarmResponse.ignored(ignored.code(), ignored.message());
        }
        AlarmEvent event = ((AlarmEvent.Input.Ours) input).event();
        // Alarm identity before anything else: a forged or foreign alarm is read about, never acted on (no claim, no
        // DLQ read, no status change, no notification).
        AlarmIdentity.Verdict verdict = identity.verify(event);
        if (verdict instanceof AlarmIdentity.Verdict.Refused refused) {
            LOG.warn("alarm ignored reason={} alarm={} cluster={} channel={}", refused.code(), SafeText.of(event.alarmName(), 256),
                    event.clusterName(), event.channelName());
            return AlarmResponse.ignored(refused.code(), refused.message());
        }
        AlarmIdentity.Verdict.Ours ours = (AlarmIdentity.Verdict.Ours) verdict;
        if (!event.isAlarm() && !event.isRecovery()) {
            // Codes only from known states: an unknown state string must not become part of a "stable" code.
            String reason = event.isOk() ? "STATE_OK_FROM_" + known(event.previousState())
                    : "STATE_" + known(event.state());
            return AlarmResponse.of("IGNORED", reason, event.channelName());
        }
        // DLQ triage needs no claim: its watermark makes a duplicate a no-op, and a failed run stays retryable.
        if (!event.signal().meansDeadLetters() || event.isOk()) {
            if (!store.claimEvent("alarm#" + event.eventId(), EVENT_CLAIM_TTL)) {
                return AlarmResponse.of("DUPLICATE_EVENT", event.eventId(), event.channelName());
            }
        }
        ChannelContext ch = locator.locate(event, ours.clusterArn(), Optional.of(ours.status()));
        if (event.isOk()) {
            resolved(ch, event.alarmName() + " returned to OK");
            return new AlarmResponse("RESOLVED", "", ch.channelName(), publish(AlarmNotifications.resolved(event, ch)), Map.of());
        }
        if (event.signal().meansDeadLetters()) {
            DeadLetterResponse.Outcome outcome = deadLetters.respond(event, ch);
            if (outcome.code().equals("NO_DLQ_OBJECTS") && store.claimEvent("alarm#" + event.eventId(), EVENT_CLAIM_TTL)) {
                degraded(ch, ConditionStatus.TRUE, "FailedRowsWithoutDlqObjects", "rows failed but no DLQ object was found");
                return new AlarmResponse(outcome.code(), "", ch.channelName(),
                        publish(AlarmNotifications.noDlqObjects(event, ch)), outcome.counts());
            }
            if (outcome.notification().isEmpty()) {
                return new AlarmResponse(outcome.code(), "", ch.channelName(), "", outcome.counts());
            }
            String records = outcome.counts().getOrDefault("records", 0L) + " record(s) dead-lettered; see the DLQ_TRIAGE notification";
            if (outcome.retention() == RetentionRace.Level.NONE) {
                degraded(ch, ConditionStatus.TRUE, "DeadLetteredRecords", records);
            } else {
                degraded(ch, ConditionStatus.TRUE, RetentionNotice.reason(outcome.retention()), records
                        + "; the oldest outstanding entry is in a retention race (" + outcome.retention() + ")");
            }
            return new AlarmResponse(outcome.code(), "", ch.channelName(), publish(outcome.notification().get()), outcome.counts());
        }
        Optional<AlarmPorts.ChannelState> state = msk.channel(ch.clusterArn(), ch.topic(), ch.channelName());
        Optional<Double> bytesIn = metrics.deliveryBytesInPerSecond(ch.clusterName(), ch.channelName(), ch.topic(), BYTES_IN_WINDOW);
        degraded(ch, ConditionStatus.TRUE, "DataFreshness", "delivered data is older than " + ch.freshnessSeconds() + " s");
        return new AlarmResponse("FRESHNESS_REPORTED", "", ch.channelName(),
                publish(AlarmNotifications.freshness(event, ch, state, bytesIn)), Map.of());
    }

    /**
     * Degraded=False on OK — unless the channel is in a retention race: its outstanding DLQ entries still age whether
     * or not the alarm is quiet, and the sweep clears that reason once they are redriven.
     */
    private void resolved(ChannelContext ch, String message) {
        store.update(new ChannelKey(ch.clusterArn(), ch.channelName()), ch.topic(), s -> s.condition(ConditionType.DEGRADED)
                .filter(c -> c.status() == ConditionStatus.TRUE && c.reason().startsWith("RetentionRace")).isPresent() ? s
                : s.withCondition(ConditionType.DEGRADED, ConditionStatus.FALSE, "AlarmResolved", message, clock.instant()));
    }

    private void degraded(ChannelContext ch, ConditionStatus status, String reason, String message) {
        store.update(new ChannelKey(ch.clusterArn(), ch.channelName()), ch.topic(),
                s -> s.withCondition(ConditionType.DEGRADED, status, reason, message, clock.instant()));
    }

    private String publish(Notification n) {
        return publisher.publish(renderer.render(n));
    }
}
