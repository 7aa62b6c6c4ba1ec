package io.channelpilot.validation;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.channelpilot.model.SafeText;
import java.util.List;
import java.util.Objects;
import io.channelpilot.model.Alternative;

/**
 * The outcome of one rule: stable code, severity, status, message, remediation (empty on PASS) and the alternatives to
 * use when streaming tables cannot serve. {@code retryable}: an UNKNOWN whose lookup was throttled or unavailable, so
 * the same validation may well answer if run again (not serialized: it steers the retry, it is not a finding's fact).
 */
public record Finding(RuleCode code, Severity severity, Status status, String message, String remediation,
                      List<Alternative> alternatives, @JsonIgnore boolean retryable) {

    public Finding(RuleCode code, Severity severity, Status status, String message, String remediation,
                   List<Alternative> alternatives) {
        this(code, severity, status, message, remediation, alternatives, false);
    }

    public Finding {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
        remediation = remediation == null ? "" : SafeText.of(remediation, 4 * SafeText.MAX_ECHO);
        message = SafeText.of(message, 4 * SafeText.MAX_ECHO);
        alternatives = List.copyOf(alternatives == null ? List.of() : alternatives);
    }

    public boolean blocks() {
        return severity == Severity.ERROR && status == Status.FAIL;
    }
}
