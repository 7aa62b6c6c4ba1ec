package io.channelpilot.tests.abuse;

import java.util.List;

/**
 * What a target made of an abuse input: the stable code, every text the caller would see about it (field, message,
 * remediation) so the test can check the error names the field, and whatever the target produced from it that would
 * be acted on — specs a tag set resolves to, DLQ entries handed on for redrive, a world that would start — which must
 * be nothing for a malformed input (the world targets are judged by the world's mutating API calls instead).
 */
record AbuseOutcome(String code, String text, List<String> created) {

    AbuseOutcome {
        created = List.copyOf(created);
    }

    static AbuseOutcome of(String code, String... texts) {
        return new AbuseOutcome(code, String.join(" | ", texts), List.of());
    }

    AbuseOutcome creating(List<String> things) {
        return new AbuseOutcome(code, text, things);
    }
}
