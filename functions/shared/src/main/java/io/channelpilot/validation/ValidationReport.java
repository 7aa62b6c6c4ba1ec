package io.channelpilot.validation;

import java.util.List;

/**
 * Every rule's finding for one intended channel. {@code verdict}: FAIL when any ERROR rule failed (nothing is created),
 * INCOMPLETE when no ERROR failed but an ERROR rule could not be checked, PASS otherwise. {@code passed} (read by
 * the state machine as {@code $.validation.passed}) is true only for PASS: an unchecked rule never lets a channel through.
 */
public record ValidationReport(String clusterArn, String topic, String channelName, String fingerprint, Verdict verdict,
                               boolean passed, int errors, int warnings, int unknown, List<Finding> findings) {

    public enum Verdict { PASS, FAIL, INCOMPLETE }

    public ValidationReport {
        findings = List.copyOf(findings);
    }

    public static ValidationReport of(String clusterArn, String topic, String channelName, String fingerprint, List<Finding> findings) {
        int errors = (int) findings.stream().filter(Finding::blocks).count();
        int warnings = (int) findings.stream().filter(f -> f.severity() == Severity.WARN && f.status() == Status.FAIL).count();
        int unknown = (int) findings.stream().filter(f -> f.status() == Status.UNKNOWN).count();
        boolean errorUnknown = findings.stream().anyMatch(f -> f.severity() == Severity.ERROR && f.status() == Status.UNKNOWN);
        Verdict verdict = errors > 0 ? Verdict.FAIL : errorUnknown ? Verdict.INCOMPLETE : Verdict.PASS;
        return new ValidationReport(clusterArn, topic, channelName, fingerprint, verdict, verdict == Verdict.PASS, errors, warnings, unknown, findings);
    }

    /**
     * INCOMPLETE and at least one unchecked ERROR rule is {@link Finding#retryable()} (its lookup was throttled or
     * unavailable; rules that depend on it are UNKNOWN too): running the same validation again may well answer, so this
     * is not yet a refusal to tell the owner. A report whose only unchecked rules were denied is final.
     */
    public boolean incompleteForTransientFailures() {
        return verdict == Verdict.INCOMPLETE && findings.stream()
                .anyMatch(f -> f.severity() == Severity.ERROR && f.status() == Status.UNKNOWN && f.retryable());
    }

    public List<Finding> findings(RuleCode code) {
        return findings.stream().filter(f -> f.code() == code).toList();
    }
}
