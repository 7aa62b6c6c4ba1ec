package io.channelpilot.provision;

/** The {@code action} parameter the state machine passes (Provision, UpdateFreshness, Deprovision, DeleteReplaced). */
public enum ProvisionAction {
    CREATE,
    UPDATE_FRESHNESS,
    DELETE,
    DELETE_REPLACED
}
