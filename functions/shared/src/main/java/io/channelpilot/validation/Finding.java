package io.channelpilot.validation;

import java.util.List;
import java.util.Objects;

/**
 * The outcome of one rule: stable code, severity, status, message, remediation (empty on PASS) and the alternatives to
 * use when streaming tables cannot serve.
 */
public record Finding(RuleCode code, Severity severity, Status status, String message, String remediation,
                      List<Alternative> alternatives) {

    public Finding {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        remediation = remediation == null ? "" : remediation;
        alternatives = List.copyOf(alternatives == null ? List.of() : alternatives);
    }

    public boolean blocks() {
        return severity == Severity.ERROR && status == Status.FAIL;
    }
}
