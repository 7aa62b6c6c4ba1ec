package io.channelpilot.spec;

import io.channelpilot.model.SafeText;
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
        // Tag keys and values are quoted; a control or bidi character in a tag must not reach a log or notification.
        tag = SafeText.of(tag);
        setting = SafeText.of(setting);
        message = SafeText.of(message, 2 * SafeText.MAX_ECHO);
        remediation = SafeText.of(remediation, 2 * SafeText.MAX_ECHO);
    }

    static TagProblem of(SpecError code, String tag, String setting, String message, String remediation) {
        return new TagProblem(code, tag, setting, message, remediation);
    }
}
