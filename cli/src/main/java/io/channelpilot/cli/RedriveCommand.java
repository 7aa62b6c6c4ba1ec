package io.channelpilot.cli;

import io.channelpilot.gateway.AwsClients;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.RepairRule;
import io.channelpilot.redrive.RedriveCode;
import io.channelpilot.redrive.RedriveOutcome;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code channel-pilot redrive start|status|cancel}: SQS-StartMessageMoveTask-grade redrive of a channel's DLQ. */
@Command(name = "redrive", mixinStandardHelpOptions = true, description = "Redrive dead-lettered records of a channel.",
        subcommands = {RedriveCommand.Start.class, RedriveCommand.Status.class, RedriveCommand.Cancel.class})
public final class RedriveCommand {

    /** Exit code of a refusal (a coded, expected outcome, not a crash). */
    static final int REFUSED = 3;

    @Command(name = "start", mixinStandardHelpOptions = true, description = "Start a redrive task (one active task per channel).")
    static final class Start implements Callable<Integer> {
        private final CliContext ctx;
        @Mixin AwsOptions aws;
        @Option(names = "--channel", required = true, converter = OptionValues.Channel.class, description = "Channel name.") String channel;
        @Option(names = "--cluster", converter = OptionValues.Cluster.class, description = "Cluster name or ARN (default: the cluster holding --channel).") String cluster;
        @Option(names = "--from", description = "Only records at or after this ISO-8601 instant.") Instant from;
        @Option(names = "--to", description = "Only records before this ISO-8601 instant.") Instant to;
        @Option(names = "--cause", split = ",", description = "Only these causes: ${COMPLETION-CANDIDATES}.") List<DlqCause> causes = new ArrayList<>();
        @Option(names = "--repair", description = "Repair rule, repeatable: default:<ptr>=<json> coerce:<ptr>=<type> rename:<from>=<to> drop:<ptr>.") List<String> repairs = new ArrayList<>();
        @Option(names = "--rate", converter = OptionValues.Rate.class, description = "Task-wide cap, records per second (e.g. 500 or 500/s; default 500, at most 100000).") int rate;
        @Option(names = "--max-concurrency", converter = OptionValues.Concurrency.class, description = "Distributed Map MaxConcurrency (default 4, at most 10000).") int maxConcurrency;
        @Option(names = "--loop-limit", converter = OptionValues.LoopLimit.class, description = "Park records redriven this many times as poison (default 2, at most 100).") int loopLimit;
        @Option(names = "--dry-run", description = "Read, repair and pre-validate only; produce nothing, write no ledger.") boolean dryRun;

        Start(CliContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            AwsClients c = ctx.clients(aws);
            RedriveRequest request;
            try {
                String clusterArn = cluster != null ? CliContext.clusterArn(c, cluster)
                        : ctx.statusStore(c, aws).list(null).stream().filter(s -> s.key().channelName().equals(channel))
                        .map(ChannelStatus::key).map(ChannelKey::clusterArn).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("--channel: no managed channel named '" + channel
                                + "'; pass --cluster"));
                request = request(clusterArn);
            } catch (IllegalArgumentException e) {
                // A bad argument is a coded refusal (exit 3), not a crash: the message names the option.
                return Printer.print(ctx.out(), aws.output, RedriveOutcome.Refused.of(RedriveCode.INVALID_REQUEST, e.getMessage()));
            }
            return Printer.print(ctx.out(), aws.output, ctx.redrive(c, aws).start(request));
        }

        private RedriveRequest request(String clusterArn) {
            List<RepairRule> rules = new ArrayList<>();
            for (String repair : repairs) {
                try {
                    rules.add(RepairRule.parse(repair));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--repair: " + e.getMessage(), e);
                }
            }
            return new RedriveRequest(clusterArn, channel, from, to, causes, rules, rate,
                    maxConcurrency, loopLimit, dryRun ? RunMode.DRY_RUN : RunMode.LIVE, "cli");
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show a task (or a channel's active/latest task) with its counters.")
    static final class Status implements Callable<Integer> {
        private final CliContext ctx;
        @Mixin AwsOptions aws;
        @ArgGroup(exclusive = true, multiplicity = "1") Target target;
        @Option(names = "--cluster", converter = OptionValues.Cluster.class, description = "Cluster name or ARN (with --channel).") String cluster;

        static final class Target {
            @Option(names = "--task", required = true, paramLabel = "TASK", converter = OptionValues.TaskId.class, description = "Task id (from the notification).") String task;
            @Option(names = "--channel", required = true, paramLabel = "CHANNEL", converter = OptionValues.Channel.class, description = "Channel name: its active, else latest task.") String channel;
        }

        Status(CliContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            AwsClients c = ctx.clients(aws);
            RedriveOutcome outcome;
            if (target.task != null) {
                outcome = ctx.redrive(c, aws).status(target.task);
            } else {
                String clusterArn = cluster != null ? CliContext.clusterArn(c, cluster)
                        : ctx.statusStore(c, aws).list(null).stream().filter(s -> s.key().channelName().equals(target.channel))
                        .map(s -> s.key().clusterArn()).findFirst().orElse("unknown");
                outcome = ctx.redrive(c, aws).statusOfChannel(new ChannelKey(clusterArn, target.channel));
            }
            return Printer.print(ctx.out(), aws.output, outcome);
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true,
            description = "Cancel a task: StopExecution and CANCELLED; workers stop between offset runs.")
    static final class Cancel implements Callable<Integer> {
        private final CliContext ctx;
        @Mixin AwsOptions aws;
        @Option(names = "--task", required = true, paramLabel = "TASK", converter = OptionValues.TaskId.class, description = "Task id.") String task;

        Cancel(CliContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public Integer call() {
            AwsClients c = ctx.clients(aws);
            return Printer.print(ctx.out(), aws.output, ctx.redrive(c, aws).cancel(task));
        }
    }
}
