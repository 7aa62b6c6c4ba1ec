package io.channelpilot.provision;

import io.channelpilot.workflow.ProvisioningRefused;
import io.channelpilot.model.SafeText;
import java.util.Objects;

/**
 * Why provisioning will not act — an error value with a stable code, a message and the remediation. The handler
 * raises it as {@link ProvisioningRefused} so the state machine notifies instead of polling.
 */
record ProvisionProblem(Code code, String message, String remediation) {

    public enum Code {
        /** A channel with the intended name exists without our ownership tag; IaC owns it, we never modify it. */
        CHANNEL_NAME_TAKEN_UNMANAGED,
        /** Our channel with the intended name exists with another fingerprint (non-updatable fields differ). */
        CHANNEL_FINGERPRINT_MISMATCH,
        /** UPDATE_FRESHNESS found no channel to update. */
        CHANNEL_NOT_FOUND,
        /** The action needs a part of the intent that is missing (desired spec, {@code replaces}). */
        INTENT_INCOMPLETE,
        /** The table belongs to another channel (another cluster's, or another rule's): one table, one channel. */
        TABLE_CLAIMED
    }

    public ProvisionProblem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(remediation, "remediation");
        message = SafeText.of(message, 2 * SafeText.MAX_ECHO);
    }

    public ProvisioningRefused toError() {
        return new ProvisioningRefused(code.name(), message, remediation);
    }
}
