package io.channelpilot.validation;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs every rule, always all of them, into one {@link ValidationReport}. A rule that throws is a bug, but it must not
 * hide the other findings or pass silently: it becomes {@link RuleCode#CHECK_FAILED} with status UNKNOWN.
 */
public final class ValidationEngine {

    private static final Logger LOG = LoggerFactory.getLogger(ValidationEngine.class);
    private final List<Check> checks;

    public ValidationEngine(List<Check> checks) {
        this.checks = List.copyOf(checks);
    }

    /** Every rule of DESIGN §6, in report order. */
    public static ValidationEngine standard() {
        List<Check> all = new ArrayList<>();
        all.addAll(ClusterChecks.all());
        all.addAll(SchemaChecks.all());
        all.addAll(TableChecks.all());
        all.addAll(DeliveryChecks.all());
        all.addAll(QuotaChecks.all());
        all.addAll(DlqChecks.all());
        all.addAll(LogGroupChecks.all());
        all.addAll(RoleChecks.all());
        return new ValidationEngine(all);
    }

    public List<Check> checks() {
        return checks;
    }

    public ValidationReport run(ValidationContext ctx) {
        List<Finding> findings = new ArrayList<>();
        for (Check check : checks) {
            try {
                findings.addAll(check.evaluate(ctx));
            } catch (RuntimeException e) {
                LOG.error("validation rule crashed code={} channel={}", check.code(), ctx.spec().channelName(), e);
                findings.add(RuleCode.CHECK_FAILED.unknown("Rule " + check.code() + " could not run: "
                        + e.getClass().getSimpleName() + ".", "Report this bug; validate again after the fix. Rule: " + check.code()));
            }
        }
        return ValidationReport.of(ctx.spec().clusterArn(), ctx.spec().topic(), ctx.spec().channelName(),
                ctx.spec().fingerprint(), findings);
    }
}
