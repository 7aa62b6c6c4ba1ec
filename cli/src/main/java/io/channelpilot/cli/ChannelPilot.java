package io.channelpilot.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code channel-pilot}: the operator CLI (DESIGN §7). Talks to real AWS by default, with credentials and Region in
 * the AWS CLI's order ({@link CliAws}); {@code --endpoint-url} or {@code AWS_ENDPOINT_URL} points it at the local world.
 * Every command and subcommand answers {@code --help}/{@code -h}; {@code --version}/{@code -V} prints the version.
 *
 * <p>Exit codes: {@value #EXIT_OK} done; {@value #EXIT_ERROR} a coded error ({@link CliError}, printed as
 * {@code error: CODE: message} and {@code fix: ...}, never a stack trace); {@value #EXIT_USAGE} a usage error (unknown or
 * missing option, bad value); {@value #EXIT_REFUSED} a redrive request refused with a code; {@value #EXIT_REFUSED_PLAN}
 * {@code plan} or {@code reconcile --dry-run} found something the workflow would refuse.
 */
@Command(name = "channel-pilot", mixinStandardHelpOptions = true, versionProvider = ChannelPilot.Version.class,
        description = {"Operate Channel Pilot: channel status and refusals, plan a cluster, run the reconcile sweep, redrive dead letters.",
                "Global options --output, --profile, --region and --endpoint-url may also come before the command, as with the AWS CLI."},
        subcommands = {StatusCommand.class, PlanCommand.class, ReconcileCommand.class, RedriveCommand.class, CompletionCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {"  0  done", "  1  error (printed with a code and the fix)", "  2  usage error", "  3  redrive refused (coded)",
                "  4  plan / reconcile --dry-run: something would be refused"})
public final class ChannelPilot {

    public static final int EXIT_OK = 0;
    public static final int EXIT_ERROR = 1;
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_REFUSED = 3;
    public static final int EXIT_REFUSED_PLAN = 4;

    /** The version of the jar (Maven's project version), or the development one. */
    static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = ChannelPilot.class.getPackage().getImplementationVersion();
            return new String[] {"channel-pilot " + (v == null ? "0.1.0-SNAPSHOT" : v)};
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /** Runs one command line with an explicit environment (tests run it in-process against a local world). */
    public static int run(String[] given, Map<String, String> env, PrintWriter out, PrintWriter err) {
        String[] args = globalOptionsLast(given);
        CommandLine cli = commandLine(new CliContext(env, out, err));
        cli.setOut(out).setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        boolean debug = "true".equalsIgnoreCase(env.get("CHANNEL_PILOT_CLI_DEBUG"));
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            CliError error = CliError.of(e);
            error.print(err, format(parsed));
            if (debug) {
                e.printStackTrace(err);
            }
            // a value the command cannot use is a usage error wherever it is found: exit 2, as picocli's own refusals
            return error.code() == CliError.Code.INVALID_ARGUMENT ? EXIT_USAGE : EXIT_ERROR;
        });
        cli.setParameterExceptionHandler((e, args1) -> {
            CommandLine failed = e.getCommandLine();
            new CliError(CliError.Code.INVALID_ARGUMENT, e.getMessage(), "run '" + failed.getCommandSpec().qualifiedName()
                    + " --help' for its options.").print(err, requestedFormat(args1));
            return EXIT_USAGE;
        });
        return cli.execute(args);
    }

    /** Options every AWS-calling command takes ({@link AwsOptions}) that the AWS CLI habit puts before the command. */
    static final Set<String> GLOBAL_OPTIONS = Set.of("--output", "-o", "--profile", "--region", "--endpoint-url");

    /**
     * {@code channel-pilot --output json status} as {@code channel-pilot status --output json}: the global options in
     * front of the command are moved behind it (before a {@code --}, if any), where the command declares them. A line
     * with no command after them is left as it is, so picocli reports it.
     */
    static String[] globalOptionsLast(String[] args) {
        List<String> leading = new ArrayList<>();
        int i = 0;
        while (i < args.length && GLOBAL_OPTIONS.contains(args[i].split("=", 2)[0])) {
            leading.add(args[i]);
            if (!args[i].contains("=") && i + 1 < args.length) {
                leading.add(args[++i]);
            }
            i++;
        }
        if (leading.isEmpty() || i >= args.length || args[i].startsWith("-")) {
            return args;
        }
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(i, args.length));
        int end = rest.indexOf("--");
        rest.addAll(end < 0 ? rest.size() : end, leading);
        return rest.toArray(String[]::new);
    }

    /** The {@code --output} on a line picocli could not parse (a usage error follows it, like any other error). */
    static OutputFormat requestedFormat(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String value = a.startsWith("--output=") || a.startsWith("-o=") ? a.substring(a.indexOf('=') + 1)
                    : (a.equals("--output") || a.equals("-o")) && i + 1 < args.length ? args[i + 1]
                    : a.startsWith("-o") && !a.startsWith("--") && a.length() > 2 ? a.substring(2) : null;
            if ("json".equalsIgnoreCase(value)) {
                return OutputFormat.json;
            }
        }
        return OutputFormat.table;
    }

    /** The {@code --output} the failing command was given (errors follow it), else table. */
    private static OutputFormat format(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        return leaf.hasMatchedOption("--output") ? leaf.matchedOptionValue("--output", OutputFormat.table) : OutputFormat.table;
    }

    /** The command tree, its commands built with {@code context} (tests parse the commands notifications print). */
    static CommandLine commandLine(CliContext context) {
        CommandLine root = new CommandLine(new ChannelPilot(), new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> cls) throws Exception {
                try {
                    return cls.getDeclaredConstructor(CliContext.class).newInstance(context);
                } catch (NoSuchMethodException noContext) {
                    return CommandLine.defaultFactory().create(cls);
                }
            }
        });
        withVersion(root, new Version());
        return root;
    }

    /** Every subcommand's {@code --version}/{@code -V} prints the tool's version (picocli gives subcommands none). */
    private static void withVersion(CommandLine cl, IVersionProvider version) {
        cl.getCommandSpec().versionProvider(version);
        cl.getSubcommands().values().forEach(sub -> withVersion(sub, version));
    }
}
