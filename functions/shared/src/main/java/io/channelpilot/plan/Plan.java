package io.channelpilot.plan;

/**
 * What the workflow should do for one channel (DESIGN §5 step 1). The state machine's {@code RoutePlan} Choice
 * switches on these names, so they are part of the ASL contract.
 */
public enum Plan {
    /** Desired, no channel yet: validate, create, poll to ACTIVE. */
    CREATE,
    /** Managed channel exists with the same fingerprint but another {@code dataFreshnessInSeconds}. */
    UPDATE_FRESHNESS,
    /** Managed channel exists but is no longer desired: delete it (the table is kept). */
    DELETE,
    /** A non-updatable field changed: a new channel and a new table are needed; runs only when approved. */
    REPLACE_NEEDS_APPROVAL,
    /** Desired and actual agree. */
    NOOP,
    /** A channel for this topic/table exists without our ownership tag: never touched, only reported. */
    UNMANAGED,
    /** The rule says {@code paused=true}: no action at all. */
    PAUSED,
    /**
     * The rule says {@code managed=false} for a channel we manage: remove our ownership tags
     * ({@link io.channelpilot.model.OwnershipTags#KEYS}) and leave the channel running. From then on it is
     * UNMANAGED and never touched again (added with the resolver; routed to Provision with action RELEASE).
     */
    RELEASE
}
