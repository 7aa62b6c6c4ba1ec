package io.channelpilot.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Connection and output options shared by every command that calls AWS. Credentials and Region follow the AWS CLI's
 * precedence ({@link CliAws}); {@code --endpoint-url} points every call at one endpoint (the local world).
 */
public final class AwsOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    String endpointUrl;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Named profile from the config/credentials files (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE); "
                    + "overrides AWS_PROFILE and AWS_ACCESS_KEY_ID, as in the AWS CLI.")
    String profile;

    @Option(names = "--region", paramLabel = "REGION",
            description = "AWS Region; default: AWS_REGION, AWS_DEFAULT_REGION, then the profile's region.")
    String region;

    @Option(names = "--table", paramLabel = "NAME",
            description = "Status table; default: CHANNEL_PILOT_STATUS_TABLE, else channel-pilot-status.")
    String table;

    @Option(names = "--state-machine-arn", paramLabel = "ARN",
            description = "State machine to start (redrive: redrive-dlq, reconcile: provision-channel); default: "
                    + "CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN / CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN, else found by name.")
    String stateMachineArn;

    @Option(names = {"--output", "-o"}, paramLabel = "FORMAT", defaultValue = "table",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat output = OutputFormat.table;

    /**
     * An http(s) URL ({@link OptionValues.EndpointUrl} refuses anything else). The local world listens on loopback only,
     * so a non-loopback endpoint is said out loud before any call is made to it (it may be meant: a VPC endpoint).
     */
    @Option(names = "--endpoint-url", paramLabel = "URL", converter = OptionValues.EndpointUrl.class,
            description = "Endpoint override for every AWS call (the local world, http://127.0.0.1:<port>); default: AWS_ENDPOINT_URL, else real AWS.")
    void endpointUrl(String url) {
        if (!OptionValues.isLoopback(url) && command != null) {
            command.commandLine().getErr().println("warning: --endpoint-url " + url + " is not a loopback address; the local "
                    + "world listens on 127.0.0.1 only, so every call of this command goes to that host");
        }
        this.endpointUrl = url;
    }
}
