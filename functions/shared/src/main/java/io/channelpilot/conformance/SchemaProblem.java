package io.channelpilot.conformance;

import io.channelpilot.model.SafeText;
import java.util.Objects;

/**
 * One finding of {@link SchemaAnalyzer}. {@code pointer} is a JSON pointer into the registered schema document
 * (the location to edit; for content reached through {@code $ref} it is the definition's location).
 */
public record SchemaProblem(ConformanceCode code, String pointer, String message, String remediation) {

    public SchemaProblem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(pointer, "pointer");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(remediation, "remediation");
        pointer = SafeText.of(pointer);
        message = SafeText.of(message, 2 * SafeText.MAX_ECHO);
    }

    static SchemaProblem of(ConformanceCode code, String pointer, String message) {
        return new SchemaProblem(code, pointer, message, code.remediation());
    }

    public ConformanceCode.Severity severity() {
        return code.severity();
    }

    public boolean isError() {
        return code.severity() == ConformanceCode.Severity.ERROR;
    }
}
