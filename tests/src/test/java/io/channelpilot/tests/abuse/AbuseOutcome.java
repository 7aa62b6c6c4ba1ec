package io.channelpilot.tests.abuse;

/**
 * What a target made of an abuse input: the stable code, and every text the caller would see about it (field, message,
 * remediation) so the test can check the error names the field.
 */
record AbuseOutcome(String code, String text) {

    static AbuseOutcome of(String code, String... texts) {
        return new AbuseOutcome(code, String.join(" | ", texts));
    }
}
