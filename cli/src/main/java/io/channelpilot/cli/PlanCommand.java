package io.channelpilot.cli;

import io.channelpilot.gateway.AwsClients;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.IntentPlanner;
import io.channelpilot.plan.PlanOutcome;
import io.channelpilot.plan.PlanScope;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code channel-pilot plan}: resolves the cluster's tags into intents and runs every validation rule for the ones
 * that would create a channel — read-only, creates nothing — and prints every specific code (validation findings,
 * tag problems, look-alike keys, unmanaged channels) with its fix. Exits {@link ChannelPilot#EXIT_REFUSED_PLAN} when
 * any intent would be refused. Stack settings come from the same {@code CHANNEL_PILOT_*} variables the functions get
 * (table bucket ARN, DLQ bucket, role...).
 */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = {"Resolve and validate channels for a cluster without creating anything; print every code and fix.",
                "Exit 0: nothing would be refused; exit 4: at least one intent would be refused."})
public final class PlanCommand implements Callable<Integer> {

    private final CliContext ctx;
    @Mixin AwsOptions aws;
    @Option(names = "--cluster", required = true, paramLabel = "CLUSTER", converter = OptionValues.Cluster.class, description = "Cluster name or ARN.") String cluster;
    @Option(names = "--topic", paramLabel = "TOPIC", converter = OptionValues.Topic.class, description = "Only this topic.") String topic;

    PlanCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        Map<String, String> env = ctx.env(aws);
        AwsClients c = ctx.clients(aws);
        String clusterArn = CliContext.clusterArn(c, cluster);
        PlanScope scope = topic == null ? new PlanScope.AllTopics() : new PlanScope.Topics(Set.of(topic));
        StackSettings stack = StackSettings.from(env);
        IntentPlanner planner = new IntentPlanner(stack);
        PlanRows rows = new PlanRows();
        Optional<io.channelpilot.plan.Skip> guardrail = planner.guardrail(clusterArn);
        PlanOutcome outcome;
        if (guardrail.isPresent()) {
            outcome = new PlanOutcome(java.util.List.of(), java.util.List.of(guardrail.get()));
        } else {
            ClusterState state = c.clusterReaderWithoutTables().read(clusterArn, scope);
            outcome = planner.plan(state, scope, "cli-plan");
        }
        rows.add(clusterArn, outcome, stack, env, c.gateways(Clock.systemUTC()));
        rows.print(ctx.out(), aws.output, "plan");
        return rows.refused() > 0 ? ChannelPilot.EXIT_REFUSED_PLAN : ChannelPilot.EXIT_OK;
    }
}
