package io.channelpilot.reconcile;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.retention.RetentionNotice;
import io.channelpilot.retention.RetentionRace;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.Condition;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.channelpilot.reconcile.gateway.TopicRetention;

/**
 * The sweep's retention-race check (DESIGN §7, issue 7 §3) for one cluster. Reads: one Query of the cluster's
 * outstanding-entries records and one of its statuses (pages, not channels), then one DescribeTopic per topic that has a
 * managed channel with outstanding entries — never per topic of the cluster, so the sweep's calls still grow with pages.
 * Per such channel: assess the race on the oldest outstanding entry; set {@code Degraded=True} with reason
 * {@code RetentionRaceWarning}/{@code RetentionRaceCritical} (it replaces {@code DeadLetteredRecords}, never another
 * True reason); send RETENTION_RISK only when the level rose above the level already notified (stored with the entries,
 * so a repeated sweep or a concurrent triage does not repeat it); when the level falls, store the lower level so the
 * next rise notifies again. A channel whose race is over gets {@code Degraded=False, RetentionRaceCleared}.
 */
final class RetentionCheck {

    static final String CLEARED = "RetentionRaceCleared";
    static final int MAX_ITEMS = 20;
    private static final Logger LOG = LoggerFactory.getLogger(RetentionCheck.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final OutstandingStore outstanding;
    private final StatusStore store;
    private final TopicRetention topics;
    private final RetentionSettings settings;
    private final NotificationPublisher publisher;
    private final NotificationRenderer renderer;
    private final Clock clock;

    RetentionCheck(OutstandingStore outstanding, StatusStore store, TopicRetention topics, RetentionSettings settings,
                   NotificationPublisher publisher, NotificationRenderer renderer, Clock clock) {
        this.outstanding = outstanding;
        this.store = store;
        this.topics = topics;
        this.settings = settings;
        this.publisher = publisher;
        this.renderer = renderer;
        this.clock = clock;
    }

    RetentionSummary check(String clusterArn, String sweepId) {
        Map<String, ChannelStatus> managed = new HashMap<>();
        store.list(clusterArn).forEach(s -> managed.put(s.key().channelName(), s));
        Map<String, Optional<Long>> retentionByTopic = new HashMap<>();
        Set<String> racing = new HashSet<>();
        int checked = 0, warn = 0, critical = 0, unknown = 0, unlimited = 0, notified = 0, cleared = 0;
        List<String> items = new ArrayList<>();
        Instant now = clock.instant();
        for (OutstandingEntries e : outstanding.list(clusterArn)) {
            ChannelStatus status = managed.get(e.key().channelName());
            if (e.isEmpty() || status == null) {
                continue;
            }
            checked++;
            Optional<Long> retention = retentionByTopic.computeIfAbsent(e.topic(), t -> topics.retentionMs(clusterArn, t));
            RetentionRace race = RetentionRace.assess(e.oldest(), now, retention, settings);
            unknown += race.basis() == RetentionRace.Basis.RETENTION_UNKNOWN ? 1 : 0;
            unlimited += race.basis() == RetentionRace.Basis.RETENTION_UNLIMITED ? 1 : 0;
            LOG.info("sweep={} channel={} topic={} retention={} basis={} used={}% left={}", sweepId, e.key().channelName(),
                    e.topic(), race.level(), race.basis(), race.usedPercent(), race.leftText());
            if (race.level() == RetentionRace.Level.NONE) {
                lower(e, race);
                continue;
            }
            racing.add(e.key().channelName());
            warn += race.level() == RetentionRace.Level.WARN ? 1 : 0;
            critical += race.level() == RetentionRace.Level.CRITICAL ? 1 : 0;
            if (items.size() < MAX_ITEMS) {
                items.add(e.key().channelName() + ": " + race.level() + " " + race.usedPercent() + "% used, " + race.leftText() + " left");
            }
            mark(status, race, e.oldest());
            if (race.level().isAbove(e.notifiedLevel())) {
                notified += notify(e, race, owner(status), sweepId) ? 1 : 0;
            } else {
                lower(e, race);
            }
        }
        for (ChannelStatus s : managed.values()) {
            if (!racing.contains(s.key().channelName()) && isRetentionRace(s)) {
                store.update(s.key(), s.topic(), x -> x.withCondition(ConditionType.DEGRADED, ConditionStatus.FALSE, CLEARED,
                        "no outstanding DLQ entry is in a retention race any more", now));
                cleared++;
            }
        }
        return new RetentionSummary(checked, warn, critical, unknown, unlimited, notified, cleared, items);
    }

    /** Degraded=True with the retention reason, unless the channel is degraded for another reason already. */
    private void mark(ChannelStatus status, RetentionRace race, Optional<Instant> oldest) {
        Optional<Condition> degraded = status.condition(ConditionType.DEGRADED);
        boolean otherCause = degraded.isPresent() && degraded.get().status() == ConditionStatus.TRUE
                && !isRetentionRace(status) && !degraded.get().reason().equals("DeadLetteredRecords");
        if (otherCause) {
            return;
        }
        // the message names the threshold crossed, not the current share, so each sweep does not rewrite the status
        int threshold = race.level() == RetentionRace.Level.CRITICAL ? settings.criticalPercent() : settings.warnPercent();
        String message = "the oldest outstanding DLQ entry" + oldest.map(t -> " (" + t + ")").orElse("") + " has used at least "
                + threshold + "% of the topic's retention (" + RetentionRace.duration(race.retention())
                + "); redrive it before Kafka deletes it";
        store.update(status.key(), status.topic(), s -> s.withCondition(ConditionType.DEGRADED, ConditionStatus.TRUE,
                RetentionNotice.reason(race.level()), message, clock.instant()));
    }

    private boolean notify(OutstandingEntries e, RetentionRace race, String owner, String sweepId) {
        try {
            publisher.publish(renderer.render(RetentionNotice.notification(race, e, owner, sweepId)));
        } catch (RuntimeException failed) {
            // not stored as notified: the next sweep tries again
            LOG.warn("sweep={} channel={} RETENTION_RISK not published: {}", sweepId, e.key().channelName(), failed.toString());
            return false;
        }
        outstanding.update(e.key(), e.topic(), x -> race.level().isAbove(x.notifiedLevel()) ? x.withNotified(race.level()) : x);
        return true;
    }

    /** The race receded (a partial redrive, a longer retention): remember the lower level so a new rise notifies. */
    private void lower(OutstandingEntries e, RetentionRace race) {
        if (e.notifiedLevel().isAbove(race.level())) {
            outstanding.update(e.key(), e.topic(), x -> x.notifiedLevel().isAbove(race.level()) ? x.withNotified(race.level()) : x);
        }
    }

    private static boolean isRetentionRace(ChannelStatus s) {
        return s.condition(ConditionType.DEGRADED).map(c -> c.status() == ConditionStatus.TRUE
                && c.reason().startsWith("RetentionRace")).orElse(false);
    }

    private static String owner(ChannelStatus s) {
        if (s.desiredJson().isEmpty()) {
            return "";
        }
        try {
            return JSON.readTree(s.desiredJson()).path("operations").path("owner").asText("");
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
