package io.channelpilot.provision;

/** The {@code action} parameter the state machine passes (Provision, UpdateFreshness, Deprovision, DeleteReplaced). */
public enum ProvisionAction {
    CREATE,
    UPDATE_FRESHNESS,
    DELETE,
    DELETE_REPLACED,
    /** {@code managed=false}: remove our ownership tags and alarms, leave the channel running (Plan.RELEASE). */
    RELEASE
}
