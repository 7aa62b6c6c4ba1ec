package io.channelpilot.cli;

import io.channelpilot.gateway.Gateways;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.Skip;
import io.channelpilot.plan.SkipReason;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.spec.TagProblem;
import io.channelpilot.validation.Finding;
import io.channelpilot.validation.Status;
import io.channelpilot.validation.ValidationContext;
import io.channelpilot.validation.ValidationEngine;
import io.channelpilot.validation.ValidationReport;
import io.channelpilot.validation.ValidationSettings;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@code plan} and {@code reconcile --dry-run} print for one cluster: a row per intent (plan, reason, the
 * validation verdict of what would be created, every finding's code and fix) and per skip (every tag problem's code,
 * tag(s), setting and fix). A row is <em>refused</em> when the workflow would create nothing and tell the owner:
 * validation FAIL or INCOMPLETE, an UNMANAGED channel, tag problems, a look-alike key, a cluster outside the guardrail.
 */
final class PlanRows {

    /** Skips the owner is told about: the workflow refuses these. */
    static final Set<SkipReason> REFUSING = EnumSet.of(SkipReason.TAG_PROBLEMS, SkipReason.TAG_KEY_LOOKALIKE,
            SkipReason.CLUSTER_NOT_ALLOWED);

    private final List<Map<String, Object>> rows = new ArrayList<>();

    List<Map<String, Object>> rows() {
        return rows;
    }

    long refused() {
        return rows.stream().filter(r -> Boolean.TRUE.equals(r.get("refused"))).count();
    }

    void add(String clusterArn, PlanOutcome outcome, StackSettings stack, Map<String, String> env, Gateways.All gateways) {
        ValidationEngine engine = ValidationEngine.standard();
        for (Intent intent : outcome.intents()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("cluster", clusterArn);
            row.put("topic", intent.topic());
            row.put("channel", intent.channelName());
            row.put("plan", intent.plan().name());
            row.put("reason", intent.reason());
            List<String> codes = new ArrayList<>();
            boolean refused = intent.plan() == Plan.UNMANAGED;
            if (refused) {
                codes.add(intent.reason());
                row.put("message", intent.message());
            }
            if (intent.desired() != null && (intent.plan() == Plan.CREATE || intent.plan() == Plan.REPLACE_NEEDS_APPROVAL)) {
                ValidationReport report = engine.run(new ValidationContext(intent.desired(), stack, Set.of(),
                        ValidationSettings.from(env), gateways));
                row.put("verdict", report.verdict().name());
                List<Map<String, String>> findings = new ArrayList<>();
                for (Finding f : report.findings()) {
                    if (f.status() != Status.PASS) {
                        findings.add(Map.of("code", f.code().name(), "severity", f.severity().name(),
                                "status", f.status().name(), "message", f.message(), "remediation", f.remediation()));
                        codes.add(f.code().name());
                    }
                }
                row.put("findings", findings);
                refused |= report.verdict() != ValidationReport.Verdict.PASS;
            }
            row.put("codes", codes);
            row.put("refused", refused);
            rows.add(row);
        }
        for (Skip skip : outcome.skipped()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("cluster", clusterArn);
            row.put("topic", skip.topic());
            row.put("plan", "SKIPPED");
            row.put("reason", skip.reason().name());
            row.put("message", skip.message());
            List<Map<String, String>> problems = new ArrayList<>();
            for (TagProblem p : skip.problems()) {
                problems.add(Map.of("code", p.code().name(), "tag", p.tag(), "setting", p.setting(), "message", p.message(),
                        "remediation", p.remediation()));
            }
            row.put("codes", skip.problems().isEmpty() ? List.of(skip.reason().name())
                    : skip.problems().stream().map(p -> p.code().name()).distinct().toList());
            row.put("problems", problems);
            row.put("owner", skip.owner());
            row.put("refused", REFUSING.contains(skip.reason()));
            rows.add(row);
        }
    }

    @SuppressWarnings("unchecked")
    void print(PrintWriter out, OutputFormat format, String summaryVerb) {
        if (format == OutputFormat.json) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("rows", rows);
            doc.put("refused", refused());
            out.println(RedriveJson.write(doc));
            out.flush();
            return;
        }
        out.printf("%-28s %-24s %-10s %s%n", "TOPIC", "PLAN", "VERDICT", "CHANNEL / WHY");
        for (Map<String, Object> r : rows) {
            String verdict = Boolean.TRUE.equals(r.get("refused")) ? "REFUSED" : String.valueOf(r.getOrDefault("verdict", "-"));
            out.printf("%-28s %-24s %-10s %s%n", dash(r.get("topic")), r.get("plan") + (r.get("plan").equals("SKIPPED") ? " "
                    + r.get("reason") : ""), verdict, r.getOrDefault("channel", r.getOrDefault("message", "")));
            for (Map<String, String> f : (List<Map<String, String>>) r.getOrDefault("findings", List.of())) {
                out.printf("    %s %s %s: %s%n      fix: %s%n", f.get("status"), f.get("severity"), f.get("code"), f.get("message"),
                        f.get("remediation"));
            }
            for (Map<String, String> p : (List<Map<String, String>>) r.getOrDefault("problems", List.of())) {
                String where = String.join(" ", java.util.stream.Stream.of(p.get("tag"), p.get("setting"))
                        .filter(s -> s != null && !s.isEmpty()).toList());
                out.printf("    %s%s: %s%n      fix: %s%n", p.get("code"), where.isEmpty() ? "" : " [" + where + "]", p.get("message"),
                        p.get("remediation"));
            }
            if ("UNMANAGED".equals(r.get("plan"))) {
                out.printf("    %s: %s%n", r.get("reason"), r.get("message"));
            }
        }
        out.printf("%s: %d row(s), %d would be refused%s%n", summaryVerb, rows.size(), refused(),
                refused() > 0 ? " (exit " + ChannelPilot.EXIT_REFUSED_PLAN + ")" : "");
        out.flush();
    }

    private static String dash(Object o) {
        return o == null || o.toString().isEmpty() ? "-" : o.toString();
    }
}
