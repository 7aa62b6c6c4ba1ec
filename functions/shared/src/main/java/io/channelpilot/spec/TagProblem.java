package io.channelpilot.spec;

import java.util.Objects;

/**
 * One tag-contract error, as a value: the stable code, the tag key (or keys, for conflicts), the setting, a message
 * and the fix.
 */
public record TagProblem(SpecError code, String tag, String setting, String message, String remediation) {

    public TagProblem {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(tag, "tag");
        setting = setting == null ? "" : setting;
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(remediation, "remediation");
    }

    static TagProblem of(SpecError code, String tag, String setting, String message, String remediation) {
        return new TagProblem(code, tag, setting, message, remediation);
    }
}
