package io.channelpilot.plan;

/**
 * Stable reason codes of the planner, each tied to the one {@link Plan} it explains. The code goes into
 * {@link Intent#reason()}, logs and notifications; the human sentence into {@link Intent#message()}.
 */
public enum PlanReason {
    /** Desired, and no channel (managed or not) serves this topic/table yet. */
    CHANNEL_MISSING(Plan.CREATE),
    /**
     * Desired, no channel serves it, and the rule's table already exists (a channel deleted out of band after it
     * delivered, or a rule removed and added again): a channel cannot write into an existing table, so it is created on
     * the next free table generation {@code <table>_v<n>} ({@link TableGenerations}); the old table keeps its rows.
     */
    NEW_TABLE_GENERATION(Plan.CREATE),
    /** Managed channel matches the desired fingerprint and freshness. */
    IN_SYNC(Plan.NOOP),
    /**
     * Managed channel matches, but the status table holds its desired spec without {@code Provisioned=True}: the
     * provisioning function died between CreateChannel and its status write (issue 16.1, docs/developer-guide.md#crash-points), so its
     * alarms, grants or status may be missing. CREATE again: provisioning adopts the channel and completes the rest.
     */
    PROVISIONING_INCOMPLETE(Plan.CREATE),
    /** Managed channel matches the fingerprint; only {@code dataFreshnessInSeconds} differs. */
    FRESHNESS_DRIFT(Plan.UPDATE_FRESHNESS),
    /** A non-updatable field changed; waiting for {@code approve=<first 8 of the new fingerprint>}. */
    FINGERPRINT_CHANGED(Plan.REPLACE_NEEDS_APPROVAL),
    /** The rule moved the topic to another namespace/table; waiting for approval like any replacement. */
    TABLE_CHANGED(Plan.REPLACE_NEEDS_APPROVAL),
    /** The rule's {@code approve=} matches the new fingerprint: create the new channel, then delete the old. */
    REPLACEMENT_APPROVED(Plan.REPLACE_NEEDS_APPROVAL),
    /** An older channel of the same table key waits while its replacement is not ACTIVE yet. */
    REPLACEMENT_IN_PROGRESS(Plan.NOOP),
    /** The managed channel is being deleted; the next trigger or sweep plans again. */
    CHANNEL_DELETING(Plan.NOOP),
    /** An older channel of the same table key whose replacement is ACTIVE: finish the replacement. */
    SUPERSEDED(Plan.DELETE),
    /** A managed channel no rule selects any more. */
    NOT_DESIRED(Plan.DELETE),
    /**
     * Our channel for the desired fingerprint is FAILED (terminal; recovery is delete and recreate, reference §2):
     * delete it so the next trigger or sweep creates it again. Bounded by {@link FailureHistory}.
     */
    FAILED_RECREATE(Plan.DELETE),
    /** Our FAILED channel was already recreated {@link FailureHistory#limit()} times for this fingerprint: left for a human. */
    FAILED_RECREATE_LIMIT(Plan.NOOP),
    /** The channel's source topic no longer exists. */
    TOPIC_DELETED(Plan.DELETE),
    /** A channel for this topic/table exists without our ownership tag (or with another stack's): never touched. */
    UNMANAGED_CHANNEL(Plan.UNMANAGED),
    /** The rule says {@code paused=true}. */
    RULE_PAUSED(Plan.PAUSED),
    /** The rule says {@code managed=false} and we manage a channel for it: remove our tags, keep the channel. */
    RELEASE_REQUESTED(Plan.RELEASE),
    /** The rule says {@code managed=false} and no channel of ours exists: nothing to do. */
    NOT_MANAGED(Plan.NOOP);

    private final Plan plan;

    PlanReason(Plan plan) {
        this.plan = plan;
    }

    public Plan plan() {
        return plan;
    }
}
