package io.channelpilot.reconcile;

import io.channelpilot.model.SafeText;
import java.util.Objects;

/** A problem of the sweep as a value: code, where, what, and the fix. */
public record ReconcileError(ReconcileErrorCode code, String where, String message, String remediation) {

    public ReconcileError {
        Objects.requireNonNull(code, "code");
        where = where == null ? "" : SafeText.of(where);
        message = message == null ? "" : SafeText.of(message);
        remediation = remediation == null ? code.remediation() : remediation;
    }

    public static ReconcileError of(ReconcileErrorCode code, String where, String message) {
        return new ReconcileError(code, where, message, code.remediation());
    }
}
