package io.channelpilot.reconcile;

import io.channelpilot.notification.NextAction;
import io.channelpilot.notification.Notification;
import io.channelpilot.notification.NotificationKind;
import io.channelpilot.notification.NotificationSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ONE {@link NotificationKind#SWEEP_SUMMARY} a sweep sends, only when {@link SweepReport#worthNotifying()}:
 * counts, then one fact per item that changed or needs a human (capped; the rest is in the sweep's log and report).
 * A channel deleted out of band states the table-split consequence: a channel always creates its own table and
 * cannot write into an existing one (reference §4), so its replacement gets a NEW table and nothing is backfilled.
 */
final class SweepSummary {

    static final int MAX_ITEMS = 20;
    static final String TABLE_SPLIT = "The recreated channel writes to a new table when the old one exists: a channel always creates "
            + "its own table and cannot write into an existing one, so rows already delivered stay in the old table, the new table "
            + "(<table>_v<n>) starts empty and rows are NOT backfilled; query both with a UNION ALL view (see the table-split items). "
            + "When the old table does not exist (nothing was delivered), its name is reused.";

    private SweepSummary() {
    }

    static Notification of(SweepReport r) {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("sweepId", r.sweepId());
        facts.put("clusters", Integer.toString(r.clusters().size()));
        facts.put("channelsDesired", Integer.toString(r.desired()));
        facts.put("channelsActual", Integer.toString(r.actual()));
        facts.put("channelsDrifted", Integer.toString(r.drifted()));
        facts.put("channelsUnmanaged", Integer.toString(r.unmanaged()));
        facts.put("executionsStarted", Long.toString(r.executionsStarted()));
        facts.put("executionsAlreadyStarted", Long.toString(r.executionsAlreadyStarted()));
        facts.put("executionsNotStarted", Long.toString(r.executionsNotStarted()));
        facts.put("statusCorrections", Integer.toString(r.corrections()));
        facts.put("retentionChecked", Integer.toString(r.retention().checked()));
        facts.put("retentionWarn", Integer.toString(r.retention().warn()));
        facts.put("retentionCritical", Integer.toString(r.retention().critical()));
        facts.put("retentionUnknown", Integer.toString(r.retention().retentionUnknown()));
        List<String> items = new ArrayList<>();
        boolean deletedOutOfBand = false;
        for (ClusterReport c : r.clusters()) {
            c.executions().forEach(e -> items.add(c.clusterName() + " topic " + e.topic() + ": " + e.result() + " " + e.executionName()
                    + " " + e.reasons()));
            for (StatusCorrector.Correction d : c.deletedOutOfBand()) {
                deletedOutOfBand = true;
                items.add(c.clusterName() + " channel " + d.channelName() + " (topic " + d.topic() + ") was deleted out of band; "
                        + "it is recreated. " + TABLE_SPLIT);
            }
            c.corrections().forEach(x -> items.add(c.clusterName() + " channel " + x.channelName() + switch (x.reason()) {
                case StatusCorrector.RECORDED -> ": table claimed and its alarms (" + x.actual() + " names) recorded";
                case StatusCorrector.TABLE_CLAIMED_BY_ANOTHER -> ": its table is claimed by " + x.actual()
                        + "; two channels deliver into one table - delete one of them";
                default -> ": status corrected " + (x.recorded().isEmpty() ? "(none)" : x.recorded()) + " -> " + x.actual();
            }));
            c.tableSplits().forEach(t -> items.add(c.clusterName() + " table split, channel " + t));
            c.newlyPendingApproval().forEach(n -> items.add(c.clusterName() + " channel " + n + ": replacement waits for approval"));
            c.newlyFailedTooOften().forEach(n -> items.add(c.clusterName() + " FAILED too often, channel " + n));
            c.unmanaged().forEach(u -> items.add(c.clusterName() + " unmanaged channel " + u + ": left alone"));
            c.errors().forEach(e -> items.add(c.clusterName() + " " + e.code() + ": " + e.message()));
            c.retention().items().forEach(i -> items.add(c.clusterName() + " retention race " + i));
        }
        r.errors().forEach(e -> items.add(e.code() + ": " + e.message()));
        for (int i = 0; i < Math.min(MAX_ITEMS, items.size()); i++) {
            String item = items.get(i);
            facts.put("item" + (i + 1), item.length() > Notification.MAX_FACT_LENGTH ? item.substring(0, Notification.MAX_FACT_LENGTH) : item);
        }
        if (items.size() > MAX_ITEMS) {
            facts.put("itemsNotShown", Integer.toString(items.size() - MAX_ITEMS));
        }
        boolean human = r.clusterErrors() > 0 || r.executionsNotStarted() > 0 || deletedOutOfBand
                || r.clusters().stream().anyMatch(c -> !c.newlyPendingApproval().isEmpty() || !c.tableSplits().isEmpty()
                        || !c.newlyFailedTooOften().isEmpty());
        String summary = "Sweep " + r.sweepId() + " started " + r.executionsStarted() + " provisioning execution(s), corrected "
                + r.corrections() + " recorded status(es) and found " + r.drifted() + " drifted and " + r.unmanaged()
                + " unmanaged channel(s)." + (deletedOutOfBand ? " " + TABLE_SPLIT : "");
        List<NextAction> actions = new ArrayList<>();
        actions.add(NextAction.run("Show channel status and conditions", "channel-pilot status --output table"));
        if (human) {
            actions.add(NextAction.of("Review the items above: errors, channels deleted out of band, table splits, channels FAILED "
                    + "too often and replacements awaiting approve=<fingerprint>"));
        }
        String cluster = r.clusters().size() == 1 ? r.clusters().get(0).clusterArn() : "";
        return new Notification(NotificationKind.SWEEP_SUMMARY, human ? NotificationSeverity.WARNING : NotificationSeverity.INFO,
                "Sweep: " + r.executionsStarted() + " started, " + r.corrections() + " corrected, " + r.drifted() + " drifted",
                cluster, "", "", "", summary, facts, actions, NotificationKind.SWEEP_SUMMARY.runbook(), r.sweepId());
    }
}
