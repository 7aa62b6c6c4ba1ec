package io.channelpilot.plan;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Fingerprint;
import io.channelpilot.model.OwnershipTags;
import java.util.List;
import java.util.Map;

/** Builds each kind of intent with its reason code and one human sentence saying what happens and why. */
final class Intents {

    private final String clusterArn;
    private final String managedBy;
    private final String trigger;

    Intents(String clusterArn, String managedBy, String trigger) {
        this.clusterArn = clusterArn;
        this.managedBy = managedBy;
        this.trigger = trigger;
    }

    Intent create(ChannelSpec spec) {
        String key = key(spec);
        return withSpec(spec, PlanReason.CHANNEL_MISSING, null, key, "no channel serves topic '" + spec.topic() + "' -> table "
                + key + " yet; create channel " + spec.channelName());
    }

    /**
     * CREATE on table generation {@code generation} of the rule's table because the earlier ones exist. The message
     * states the table split exactly (DESIGN §5 replacement guard): which tables keep the old rows, that the new one
     * starts empty, no backfill, and how to query both.
     */
    Intent createOnNewTable(ChannelSpec logical, ChannelSpec moved, int generation) {
        String key = key(logical);
        List<String> earlier = TableGenerations.earlier(logical.table(), generation).stream()
                .map(t -> OwnershipTags.tableKey(logical.namespace(), t)).toList();
        String message = "no channel serves topic '" + logical.topic() + "' -> " + key + ", but table" + (earlier.size() > 1 ? "s " : " ")
                + String.join(", ", earlier) + (earlier.size() > 1 ? " already exist" : " already exists")
                + " (a channel deleted out of band after it delivered, or a rule added again); a channel always creates its own table "
                + "and cannot write into an existing one, so channel " + moved.channelName() + " is created on NEW table "
                + OwnershipTags.tableKey(moved.namespace(), moved.table()) + ". TABLE SPLIT: the old table keeps every row already "
                + "delivered, the new table starts empty, and nothing is backfilled; query both with a UNION ALL view ("
                + TableGenerations.unionView(logical.namespace(), logical.table(), generation) + ")";
        return new Intent(clusterArn, moved.topic(), moved.channelName(), Plan.CREATE, PlanReason.NEW_TABLE_GENERATION.name(), message,
                moved, moved.fingerprint(), null, false, null, trigger, key, OwnershipTags.of(moved, managedBy, key));
    }

    /** Delete our FAILED channel so that the next trigger or sweep creates it again (attempt {@code failures} of the limit). */
    Intent recreateFailed(ObservedChannel failed, String topic, String key, FailureHistory history) {
        return new Intent(clusterArn, topic, failed.channelName(), Plan.DELETE, PlanReason.FAILED_RECREATE.name(), "channel "
                + failed.channelName() + " is FAILED with the desired fingerprint " + prefix(fingerprintOf(failed))
                + "; FAILED is terminal, so it is deleted and the next trigger or sweep creates it again (recreate "
                + history.failures() + " of at most " + history.limit() + " for this fingerprint; its table is kept)", null,
                fingerprintOf(failed), failed, false, null, trigger, key, Map.of());
    }

    /** Our FAILED channel failed more often than it may be recreated: nothing more is done until a human acts. */
    Intent failedTooOften(ChannelSpec desired, ObservedChannel failed, String key, FailureHistory history) {
        return withSpec(desired, PlanReason.FAILED_RECREATE_LIMIT, failed, key, "channel " + failed.channelName() + " is FAILED for the "
                + history.failures() + ". time with fingerprint " + prefix(desired.fingerprint()) + " (recreate limit "
                + history.limit() + "); it is left FAILED: read its stateInfo and logs, fix the cause, then delete the channel "
                + "(the next sweep creates it again) or change the rule");
    }

    Intent inSync(ChannelSpec desired, ObservedChannel current, String key) {
        return withSpec(desired, PlanReason.IN_SYNC, current, key, "channel " + current.channelName() + " (" + status(current)
                + ") matches fingerprint " + prefix(desired.fingerprint()) + " and freshness " + desired.freshnessSeconds() + " s");
    }

    /** Our channel exists but its provisioning never finished (issue 16.1): CREATE again, which adopts and completes it. */
    Intent incomplete(ChannelSpec desired, ObservedChannel current, String key) {
        return withSpec(desired, PlanReason.PROVISIONING_INCOMPLETE, current, key, "channel " + current.channelName() + " ("
                + status(current) + ") matches fingerprint " + prefix(desired.fingerprint()) + ", but the status table records "
                + "no finished provisioning for it (the function died after CreateChannel); it is adopted and its log group, "
                + "alarms, grants and status are completed");
    }

    Intent freshness(ChannelSpec desired, ObservedChannel current, String key) {
        return withSpec(desired, PlanReason.FRESHNESS_DRIFT, current, key, "channel " + current.channelName()
                + " has freshness " + current.freshnessSeconds() + " s, the rule wants " + desired.freshnessSeconds()
                + " s; only dataFreshnessInSeconds is updated (no new table)");
    }

    Intent deleting(ChannelSpec desired, ObservedChannel current, String key) {
        return withSpec(desired, PlanReason.CHANNEL_DELETING, current, key, "channel " + current.channelName()
                + " is DELETING; the next trigger or sweep plans topic '" + desired.topic() + "' again");
    }

    Intent paused(ChannelSpec desired, ObservedChannel current, String key) {
        return withSpec(desired, PlanReason.RULE_PAUSED, current, key, "the rule for topic '" + desired.topic()
                + "' says paused=true; nothing is created, changed or deleted");
    }

    /** A paused rule for a topic that no longer exists: the channel is left exactly as it is. */
    Intent pausedChannel(ObservedChannel channel, String topic) {
        return new Intent(clusterArn, topic, channel.channelName(), Plan.PAUSED, PlanReason.RULE_PAUSED.name(), "the rule for topic '"
                + topic + "' says paused=true; channel " + channel.channelName() + " is left as it is although the topic is gone",
                null, fingerprintOf(channel), channel, false, null, trigger, channel.tableKey().orElse(""), Map.of());
    }

    Intent notManaged(ChannelSpec desired, ObservedChannel foreign, String key) {
        return new Intent(clusterArn, desired.topic(), foreign == null ? desired.channelName() : foreign.channelName(),
                Plan.NOOP, PlanReason.NOT_MANAGED.name(), "the rule for topic '" + desired.topic()
                + "' says managed=false and no channel of ours serves " + key + "; nothing to do", null, "", foreign,
                false, null, trigger, key, Map.of());
    }

    /**
     * A replacement: {@code next} is the channel to create (a new physical table unless the table key itself changed),
     * {@code old} the channel it replaces. Approval is matched against {@code next}'s fingerprint, the one shown here.
     */
    Intent replace(ChannelSpec next, ObservedChannel old, String key, boolean tableChanged) {
        String fp = next.fingerprint();
        boolean approved = next.operations().approves(fp);
        String split = "the new channel " + next.channelName() + " writes to a NEW table " + OwnershipTags.tableKey(next.namespace(),
                next.table()) + "; the old table of " + old.channelName() + (old.table().isEmpty() ? "" : " ("
                + OwnershipTags.tableKey(old.namespace(), old.table()) + ")") + " is kept but not backfilled, so the data splits "
                + "across two tables";
        String cause = tableChanged ? "the rule moved topic '" + next.topic() + "' from " + old.tableKey().orElse(old.channelName())
                + " to " + key : "a setting that cannot be updated changed for topic '" + next.topic() + "' (table " + key + ")";
        PlanReason reason = approved ? PlanReason.REPLACEMENT_APPROVED : tableChanged ? PlanReason.TABLE_CHANGED
                : PlanReason.FINGERPRINT_CHANGED;
        String message = approved
                ? "approve=" + next.operations().approve() + " matches new fingerprint " + fp + ": create " + next.channelName()
                        + ", wait for ACTIVE, then delete " + old.channelName() + "; " + split
                : cause + "; replacing channel " + old.channelName() + " needs approval: " + split + ". New fingerprint " + fp
                        + "; add approve=" + Fingerprint.approvalPrefix(fp) + " to the rule to proceed";
        return new Intent(clusterArn, next.topic(), next.channelName(), Plan.REPLACE_NEEDS_APPROVAL, reason.name(), message,
                next, fp, old, approved, approved ? old : null, trigger, key, OwnershipTags.of(next, managedBy, key));
    }

    Intent waiting(ObservedChannel old, ObservedChannel successor, String topic, String key) {
        return new Intent(clusterArn, topic, old.channelName(), Plan.NOOP, PlanReason.REPLACEMENT_IN_PROGRESS.name(),
                "channel " + old.channelName() + " waits for its replacement " + successor.channelName() + " (" + status(successor)
                        + ") to become ACTIVE before it is deleted", null, fingerprintOf(old), old, false, null, trigger, key, Map.of());
    }

    /** A superseded channel that is already DELETING: nothing to do, the deletion is under way. */
    Intent alreadyDeleting(ObservedChannel old, String topic, String key) {
        return new Intent(clusterArn, topic, old.channelName(), Plan.NOOP, PlanReason.CHANNEL_DELETING.name(),
                "channel " + old.channelName() + " is already DELETING after its replacement became ACTIVE", null,
                fingerprintOf(old), old, false, null, trigger, key, Map.of());
    }

    Intent delete(ObservedChannel channel, String topic, PlanReason reason, String why) {
        return new Intent(clusterArn, topic, channel.channelName(), Plan.DELETE, reason.name(), why + "; delete channel "
                + channel.channelName() + " (its table is kept)", null, fingerprintOf(channel), channel, false, null, trigger,
                channel.tableKey().orElse(""), Map.of());
    }

    Intent release(ObservedChannel channel, String topic, String key) {
        return new Intent(clusterArn, topic, channel.channelName(), Plan.RELEASE, PlanReason.RELEASE_REQUESTED.name(),
                "the rule for topic '" + topic + "' says managed=false; remove Channel Pilot's tags from " + channel.channelName()
                        + " and leave the channel running (it is never touched again)", null, fingerprintOf(channel), channel,
                false, null, trigger, key, Map.of());
    }

    Intent unmanaged(ObservedChannel foreign, String topic, String key) {
        String owner = OwnershipTags.isManaged(foreign.tags()) ? "another Channel Pilot stack ("
                + foreign.tags().get(OwnershipTags.MANAGED_BY) + ")" : "no Channel Pilot ownership tag";
        return new Intent(clusterArn, topic, foreign.channelName(), Plan.UNMANAGED, PlanReason.UNMANAGED_CHANNEL.name(),
                "channel " + foreign.channelName() + " already serves topic '" + topic + "' -> " + key + " with " + owner
                        + "; it is never modified. Remove it or change the rule's table= to provision another channel",
                null, "", foreign, false, null, trigger, key, Map.of());
    }

    private Intent withSpec(ChannelSpec desired, PlanReason reason, ObservedChannel current, String key, String message) {
        String name = current == null ? desired.channelName() : current.channelName();
        return new Intent(clusterArn, desired.topic(), name, reason.plan(), reason.name(), message, desired,
                desired.fingerprint(), current, false, null, trigger, key, OwnershipTags.of(desired, managedBy, key));
    }

    static String key(ChannelSpec spec) {
        return OwnershipTags.tableKey(spec.namespace(), spec.table());
    }

    static String fingerprintOf(ObservedChannel channel) {
        return OwnershipTags.fingerprint(channel.tags()).orElse("");
    }

    private static String prefix(String fingerprint) {
        return Fingerprint.approvalPrefix(fingerprint);
    }

    private static String status(ObservedChannel channel) {
        return channel.status().isEmpty() ? "status unknown" : channel.status();
    }
}
