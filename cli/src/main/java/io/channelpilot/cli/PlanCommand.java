package io.channelpilot.cli;

import io.channelpilot.gateway.RedriveClients;
import io.channelpilot.gateway.SdkClusterStateReader;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.Plan;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.plan.Skip;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.validation.Finding;
import io.channelpilot.validation.Status;
import io.channelpilot.validation.ValidationContext;
import io.channelpilot.validation.ValidationEngine;
import io.channelpilot.validation.ValidationReport;
import io.channelpilot.validation.ValidationSettings;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code channel-pilot plan}: resolves the cluster's tags into intents and runs every validation rule for the ones
 * that would create a channel — read-only, creates nothing. Stack settings come from the same
 * {@code CHANNEL_PILOT_*} variables the functions get (table bucket ARN, DLQ bucket, role...).
 */
@Command(name = "plan", description = "Resolve and validate channels for a cluster without creating anything.")
public final class PlanCommand implements Callable<Integer> {

    private final CliContext ctx;
    @Mixin AwsOptions aws;
    @Option(names = "--cluster", required = true, converter = OptionValues.Cluster.class, description = "Cluster name or ARN.") String cluster;
    @Option(names = "--topic", converter = OptionValues.Topic.class, description = "Only this topic.") String topic;
    @Option(names = "--output", defaultValue = "table", description = "json or table.") String output;

    PlanCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Map<String, String> env = ctx.env(aws);
        RedriveClients c = new RedriveClients(env);
        String clusterArn = CliContext.clusterArn(c.kafka(), cluster);
        PlanScope scope = topic == null ? new PlanScope.AllTopics() : new PlanScope.Topics(Set.of(topic));
        StackSettings stack = StackSettings.from(env);
        ClusterState state = new SdkClusterStateReader(c.kafka()).read(clusterArn, scope);
        PlanOutcome outcome = new IntentPlanner(stack).plan(state, scope, "cli-plan");
        ValidationEngine engine = ValidationEngine.standard();
        var gateways = c.aws().gateways(Clock.systemUTC());
        List<Map<String, Object>> rows = new ArrayList<>();
        boolean anyFailed = false;
        for (Intent intent : outcome.intents()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("topic", intent.topic());
            row.put("channel", intent.channelName());
            row.put("plan", intent.plan().name());
            row.put("reason", intent.reason());
            if (intent.desired() != null && (intent.plan() == Plan.CREATE || intent.plan() == Plan.REPLACE_NEEDS_APPROVAL)) {
                ValidationReport report = engine.run(new ValidationContext(intent.desired(), stack, Set.of(),
                        ValidationSettings.from(env), gateways));
                row.put("verdict", report.verdict().name());
                List<Map<String, String>> findings = new ArrayList<>();
                for (Finding f : report.findings()) {
                    if (f.status() != Status.PASS) {
                        findings.add(Map.of("code", f.code().name(), "severity", f.severity().name(),
                                "status", f.status().name(), "message", f.message(), "remediation", f.remediation()));
                    }
                }
                row.put("findings", findings);
                anyFailed |= report.verdict() == ValidationReport.Verdict.FAIL;
            }
            rows.add(row);
        }
        for (Skip skip : outcome.skipped()) {
            rows.add(Map.of("topic", skip.topic() == null ? "" : skip.topic(), "plan", "SKIPPED",
                    "reason", skip.reason().name(), "message", skip.message()));
        }
        print(rows);
        return anyFailed ? 4 : 0;
    }

    @SuppressWarnings("unchecked")
    private void print(List<Map<String, Object>> rows) {
        if ("json".equals(output)) {
            ctx.out().println(RedriveJson.write(rows));
        } else {
            for (Map<String, Object> r : rows) {
                ctx.out().printf("%-28s %-24s %-8s %s%n", r.get("topic"), r.getOrDefault("plan", ""),
                        r.getOrDefault("verdict", "-"), r.getOrDefault("channel", r.getOrDefault("message", "")));
                for (Map<String, String> f : (List<Map<String, String>>) r.getOrDefault("findings", List.of())) {
                    ctx.out().printf("    %s %s %s: %s%n      fix: %s%n", f.get("status"), f.get("severity"),
                            f.get("code"), f.get("message"), f.get("remediation"));
                }
            }
        }
        ctx.out().flush();
    }
}
