package io.channelpilot.local.cli;

import io.channelpilot.local.sfn.cli.SfnTestCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code channel-pilot-local}: the offline world of Channel Pilot. Launched by {@code bin/channel-pilot-local}. */
@Command(name = "channel-pilot-local", mixinStandardHelpOptions = true,
        description = "Run Channel Pilot offline: the local world, the real state machines and the real handlers.",
        subcommands = {DemoCommand.class, RunCommand.class, ServeCommand.class, ChannelPilotLocal.Sfn.class})
public final class ChannelPilotLocal implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** {@code sfn test}: run any state machine definition offline (AWS Step Functions Local style). */
    @Command(name = "sfn", mixinStandardHelpOptions = true, description = "Step Functions tools.",
            subcommands = {SfnTestCommand.class})
    static final class Sfn implements Runnable {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public void run() {
            spec.commandLine().usage(System.out);
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    static int execute(String... args) {
        CommandLine cli = new CommandLine(new ChannelPilotLocal());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof WorldOptions.UsageError) {
                cmd.getErr().println("error: " + e.getMessage());
                return 2;
            }
            if (e instanceof io.channelpilot.local.world.file.WorldFiles.InvalidWorldFileException bad) {
                cmd.getErr().println("error: invalid world file:");
                bad.problems().forEach(p -> cmd.getErr().println("  " + p));
                return 2;
            }
            throw e;
        });
        return cli.execute(args);
    }
}
