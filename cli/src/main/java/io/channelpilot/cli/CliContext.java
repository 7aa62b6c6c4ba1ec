package io.channelpilot.cli;

import io.channelpilot.gateway.AccountLookups.NamedArn;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.redrive.RedriveTaskEvents;
import io.channelpilot.redrive.RedriveService;
import io.channelpilot.store.StatusStore;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/** The environment, the output, and the clients/services built from the options of one invocation. */
public final class CliContext {

    static final String DEFAULT_TABLE = "channel-pilot-status";

    private final Map<String, String> env;
    private final PrintWriter out;
    private final PrintWriter err;
    private boolean endpointsChecked;

    public CliContext(Map<String, String> env, PrintWriter out) {
        this(env, out, new PrintWriter(java.io.Writer.nullWriter()));
    }

    public CliContext(Map<String, String> env, PrintWriter out, PrintWriter err) {
        this.env = Map.copyOf(env);
        this.out = out;
        this.err = err;
    }

    PrintWriter out() {
        return out;
    }

    /** The environment a command's clients see: the process environment with the options applied. */
    Map<String, String> env(AwsOptions o) {
        Map<String, String> e = new HashMap<>(env);
        if (o.endpointUrl != null) {
            e.put("AWS_ENDPOINT_URL", o.endpointUrl);
        }
        e.put("AWS_REGION", connection(o).region());
        return e;
    }

    /** Credentials and Region in the AWS CLI's order of precedence ({@link CliAws}). */
    CliAws.Resolved connection(AwsOptions o) {
        checkEndpointVariables(o);
        boolean overridden = o.endpointUrl != null || env.entrySet().stream()
                .anyMatch(x -> x.getKey().startsWith("AWS_ENDPOINT_URL") && x.getValue() != null && !x.getValue().isBlank());
        return CliAws.resolve(o.profile, o.region, env, overridden);
    }

    /**
     * {@code AWS_ENDPOINT_URL} and {@code AWS_ENDPOINT_URL_<SERVICE>} get the checks {@code --endpoint-url} gets
     * ({@link OptionValues.EndpointUrl}): an http(s) URL or a refusal naming the variable (INVALID_ARGUMENT, exit 2),
     * and a warning before a non-loopback one is used. Checked once per invocation, before any client exists.
     */
    private void checkEndpointVariables(AwsOptions o) {
        if (endpointsChecked) {
            return;
        }
        endpointsChecked = true;
        for (Map.Entry<String, String> e : new java.util.TreeMap<>(env).entrySet()) {
            if (!e.getKey().startsWith("AWS_ENDPOINT_URL") || e.getValue() == null || e.getValue().isBlank()
                    || (o.endpointUrl != null && e.getKey().equals("AWS_ENDPOINT_URL"))) {
                continue;
            }
            try {
                new OptionValues.EndpointUrl().convert(e.getValue());
            } catch (picocli.CommandLine.TypeConversionException bad) {
                throw new CliError(CliError.Code.INVALID_ARGUMENT, e.getKey() + ": " + bad.getMessage(),
                        "Set " + e.getKey() + " to an http(s) URL such as http://127.0.0.1:4566 (the local world), or unset it for real AWS.");
            }
            if (!OptionValues.isLoopback(e.getValue())) {
                err.println("warning: " + e.getKey() + " " + io.channelpilot.model.SafeText.of(e.getValue(), 200) + " is not a loopback address; the local world "
                        + "listens on 127.0.0.1 only, so calls go to that host");
                err.flush();
            }
        }
    }

    AwsClients clients(AwsOptions o) {
        return AwsClients.from(env(o), connection(o).credentials());
    }

    String table(AwsOptions o) {
        return o.table != null ? o.table : env.getOrDefault("CHANNEL_PILOT_STATUS_TABLE", DEFAULT_TABLE);
    }

    StatusStore statusStore(AwsClients c, AwsOptions o) {
        return c.statusStore(table(o), Clock.systemUTC());
    }

    RedriveService redrive(AwsClients c, AwsOptions o) {
        Clock clock = Clock.systemUTC();
        StatusStore status = statusStore(c, o);
        // the CLI changes task states (start, cancel): it publishes their events with the operator's credentials
        return new RedriveService(status, c.redriveTaskStore(table(o), clock),
                c.executions(stateMachineArn(c, o, "CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN",
                        m -> m.endsWith("redrive-dlq") || m.equals("RedriveDlqStateMachine"), "redrive-dlq")),
                clock, RedriveService.randomIds(clock), new RedriveTaskEvents(c.eventPublisher(), status));
    }

    /** The provisioning state machine the sweep starts executions of (reconcile). */
    String provisionStateMachineArn(AwsClients c, AwsOptions o) {
        return stateMachineArn(c, o, "CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN",
                m -> m.startsWith("ProvisionChannelStateMachine"), "ProvisionChannelStateMachine");
    }

    private String stateMachineArn(AwsClients c, AwsOptions o, String variable, Predicate<String> byName, String what) {
        if (o.stateMachineArn != null) {
            return o.stateMachineArn;
        }
        String fromEnv = env.get(variable);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        return c.lookups().stateMachines().stream().filter(m -> byName.test(m.name())).map(NamedArn::arn).findFirst()
                .orElseThrow(() -> new CliError(CliError.Code.NOT_FOUND, "no " + what + " state machine found in the Region",
                        "Pass --state-machine-arn (the stack's output) or set " + variable + "."));
    }

    /** A cluster ARN as given, or the ARN of the cluster with that name. */
    static String clusterArn(AwsClients c, String cluster) {
        if (cluster.startsWith("arn:")) {
            return cluster;
        }
        return c.lookups().clusters(cluster).stream().filter(n -> n.name().equals(cluster)).map(NamedArn::arn).findFirst()
                .orElseThrow(() -> new CliError(CliError.Code.NOT_FOUND, "--cluster: no cluster named '" + cluster + "' in the Region",
                        "List them with 'aws kafka list-clusters-v2', or pass the cluster ARN."));
    }
}
