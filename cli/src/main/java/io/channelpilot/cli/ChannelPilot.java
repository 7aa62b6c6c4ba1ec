package io.channelpilot.cli;

import java.io.PrintWriter;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code channel-pilot}: the operator CLI (DESIGN §7). Talks to real AWS by default (default credential chain and
 * region); {@code --endpoint-url} or {@code AWS_ENDPOINT_URL} points it at the local world.
 */
@Command(name = "channel-pilot", mixinStandardHelpOptions = true, version = "channel-pilot 0.1.0",
        description = "Operate Channel Pilot: redrive dead-lettered records, show channel status, plan a cluster.",
        subcommands = {RedriveCommand.class, StatusCommand.class, PlanCommand.class})
public final class ChannelPilot {

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line with an explicit environment (tests run it in-process against a local world). */
    public static int run(String[] args, Map<String, String> env, PrintWriter out, PrintWriter err) {
        CommandLine cli = commandLine(new CliContext(env, out));
        cli.setOut(out).setErr(err);
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            err.println("error: " + e.getMessage());
            return 1;
        });
        return cli.execute(args);
    }

    /** The command tree, its commands built with {@code context} (tests parse the commands notifications print). */
    static CommandLine commandLine(CliContext context) {
        return new CommandLine(new ChannelPilot(), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                try {
                    return cls.getDeclaredConstructor(CliContext.class).newInstance(context);
                } catch (NoSuchMethodException noContext) {
                    return CommandLine.defaultFactory().create(cls);
                }
            }
        });
    }
}
