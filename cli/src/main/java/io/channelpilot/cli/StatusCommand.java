package io.channelpilot.cli;

import io.channelpilot.gateway.AwsClients;
import io.channelpilot.store.StatusStore;
import io.channelpilot.store.StatusView;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code channel-pilot status}: managed channels with their conditions, and every refusal condition (tag problems,
 * look-alike keys, unmanaged channels, rejected triggers) with its codes, tags, owner and fix — from the status store.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "List managed channels with their conditions, and the refusals Channel Pilot recorded (codes, tags, fix).")
public final class StatusCommand implements Callable<Integer> {

    private final CliContext ctx;
    @Mixin AwsOptions aws;
    @Option(names = "--cluster", paramLabel = "CLUSTER", converter = OptionValues.Cluster.class, description = "Only this cluster (name or ARN).") String cluster;

    StatusCommand(CliContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Integer call() {
        AwsClients c = ctx.clients(aws);
        String clusterArn = cluster == null ? null : CliContext.clusterArn(c, cluster);
        StatusStore store = ctx.statusStore(c, aws);
        ctx.out().print(StatusView.render(store.list(clusterArn), store.refusals(clusterArn),
                aws.output == OutputFormat.json ? StatusView.Format.JSON : StatusView.Format.TABLE));
        if (aws.output == OutputFormat.json) {
            ctx.out().println();
        }
        ctx.out().flush();
        return ChannelPilot.EXIT_OK;
    }
}
