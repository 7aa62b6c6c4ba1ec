package io.channelpilot.cli;

import io.channelpilot.gateway.AwsClients;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.reconcile.ClusterReport;
import io.channelpilot.reconcile.ReconcileConfig;
import io.channelpilot.reconcile.ReconcileWiring;
import io.channelpilot.reconcile.Reconciler;
import io.channelpilot.reconcile.SweepReport;
import io.channelpilot.reconcile.SweepService;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.time.TimeSource;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import io.channelpilot.gateway.AccountLookups.NamedArn;

/**
 * {@code channel-pilot reconcile}: the scheduled sweep, now. It runs the same {@link SweepService} the reconcile function
 * runs, with the operator's credentials: every allowed cluster (or {@code --cluster}) is re-read and planned, one
 * provisioning execution is started per topic with work (named by the sweep, so running it twice in one schedule slot
 * starts nothing twice), recorded status is corrected and refusals are recorded and notified once. {@code --dry-run}
 * starts nothing: it prints what the sweep would start and every code {@code plan} prints, and exits
 * {@link ChannelPilot#EXIT_REFUSED_PLAN} when something would be refused.
 */
@Command(name = "reconcile", mixinStandardHelpOptions = true,
        description = {"Run the reconcile sweep now (start provisioning for drift, record and notify refusals), "
                + "or with --dry-run print what it would do.",
                "Reads the same CHANNEL_PILOT_* variables as the functions (and CHANNEL_PILOT_TOPIC_ARN for notifications)."})
public final class ReconcileCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private final CliContext ctx;
    @Mixin AwsOptions aws;
    @Option(names = "--cluster", paramLabel = "CLUSTER", converter = OptionValues.Cluster.class, description = "Only this cluster (name or ARN); default: every allowed cluster.")
    String cluster;
    @Option(names = "--dry-run", description = "Start nothing: print the executions the sweep would start and every refusal code.")
    boolean dryRun;
    @Option(names = "--sweep-id", paramLabel = "ID", description = "Name the sweep (default: the current schedule slot, "
            + "so a repeat within the slot starts nothing twice).")
    String sweepId;

    ReconcileCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Map<String, String> env = new LinkedHashMap<>(ctx.env(aws));
        AwsClients c = ctx.clients(aws);
        String only = cluster == null ? null : CliContext.clusterArn(c, cluster);
        return dryRun ? dryRun(env, c, only) : sweep(env, c, only);
    }

    private int dryRun(Map<String, String> env, AwsClients c, String only) {
        StackSettings stack = StackSettings.from(env);
        IntentPlanner planner = new IntentPlanner(stack);
        PlanRows rows = new PlanRows();
        List<Map<String, Object>> executions = new ArrayList<>();
        String id = sweepId == null ? "dry-run" : sweepId;
        List<String> clusters = only != null ? List.of(only)
                : c.lookups().clusters(null).stream().map(NamedArn::arn)
                .filter(arn -> planner.guardrail(arn).isEmpty()).sorted().toList();
        for (String arn : clusters) {
            PlanOutcome outcome = planner.guardrail(arn).map(skip -> new PlanOutcome(List.of(), List.of(skip)))
                    .orElseGet(() -> planner.plan(c.clusterReaderWithoutTables().read(arn, PlanScope.all()), PlanScope.all(), id));
            rows.add(arn, outcome, stack, env, c.gateways(Clock.systemUTC()));
            for (Reconciler.PlannedExecution e : Reconciler.wouldStart(id, arn, outcome.intents())) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("cluster", arn);
                m.put("topic", e.topic());
                m.put("execution", e.executionName());
                m.put("reasons", e.reasons());
                executions.add(m);
            }
        }
        PrintWriter out = ctx.out();
        if (aws.output == OutputFormat.json) {
            ObjectNode doc = JSON.createObjectNode();
            doc.set("wouldStart", JSON.valueToTree(executions));
            doc.set("rows", JSON.valueToTree(rows.rows()));
            doc.put("refused", rows.refused());
            out.println(doc.toPrettyString());
        } else {
            out.println("Would start " + executions.size() + " provisioning execution(s):");
            for (Map<String, Object> e : executions) {
                out.printf("  %-28s %s%n", e.get("topic"), String.join(", ", castList(e.get("reasons"))));
            }
            out.println();
            rows.print(out, OutputFormat.table, "reconcile --dry-run");
        }
        out.flush();
        return rows.refused() > 0 ? ChannelPilot.EXIT_REFUSED_PLAN : ChannelPilot.EXIT_OK;
    }

    private int sweep(Map<String, String> env, AwsClients c, String only) {
        env.put("CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN", ctx.provisionStateMachineArn(c, aws));
        env.put("CHANNEL_PILOT_STATUS_TABLE", ctx.table(aws));
        if (env.getOrDefault("CHANNEL_PILOT_TOPIC_ARN", "").isBlank()) {
            throw new CliError(CliError.Code.CONFIG_MISSING, "CHANNEL_PILOT_TOPIC_ARN is not set: the sweep notifies refusals "
                    + "and its summary on the stack's notification topic",
                    "Export CHANNEL_PILOT_TOPIC_ARN=<the stack's NotificationTopicArn output>, or use --dry-run.");
        }
        ObjectNode input = JSON.createObjectNode().put("source", "channel-pilot.reconcile");
        if (only != null) {
            input.put("clusterArn", only);
        }
        if (sweepId != null) {
            input.put("sweepId", sweepId);
        }
        SweepReport report = ReconcileWiring.from(ReconcileConfig.from(env), AwsClients.from(env, ctx.connection(aws).credentials()),
                TimeSource.system()).service().sweep(input);
        PrintWriter out = ctx.out();
        if (aws.output == OutputFormat.json) {
            out.println(JSON.valueToTree(report).toPrettyString());
        } else {
            out.println("Sweep " + report.sweepId() + ": " + report.clusters().size() + " cluster(s), " + report.executionsStarted()
                    + " execution(s) started, " + report.executionsAlreadyStarted() + " already started, " + report.corrections()
                    + " status correction(s)");
            for (ClusterReport r : report.clusters()) {
                out.println("  " + r.clusterName() + ": " + r.desired() + " desired, " + r.actual() + " channels, " + r.drifted()
                        + " drifted");
                r.executions().forEach(e -> out.printf("    %s %-28s %s%n", e.result(), e.topic(), String.join(", ", e.reasons())));
                for (RefusalNotifier.Sent s : r.refusalNotices()) {
                    out.printf("    REFUSED %-40s %s (%s)%n", s.subject(), String.join(",", s.codes()),
                            s.duplicate() ? "owner already notified" : "owner notified");
                }
                r.errors().forEach(e -> out.printf("    ERROR %s %s: %s%n", e.code(), e.where(), e.message()));
            }
            report.errors().forEach(e -> out.printf("  ERROR %s %s: %s%n", e.code(), e.where(), e.message()));
        }
        out.flush();
        if (!report.errors().isEmpty() && report.clusters().isEmpty()) {
            var e = report.errors().get(0);
            throw new CliError(e.code().name().startsWith("INPUT_") ? CliError.Code.INVALID_ARGUMENT : CliError.Code.AWS_CALL_FAILED,
                    e.code() + " " + e.where() + ": " + e.message(), "Check --cluster and the credentials, then run again.");
        }
        return report.clusterErrors() > 0 ? ChannelPilot.EXIT_ERROR : ChannelPilot.EXIT_OK;
    }

    @SuppressWarnings("unchecked")
    private static List<String> castList(Object o) {
        return (List<String>) o;
    }
}
