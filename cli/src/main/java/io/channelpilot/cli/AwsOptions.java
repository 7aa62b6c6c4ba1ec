package io.channelpilot.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Connection options shared by every command. */
public final class AwsOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    String endpointUrl;

    @Option(names = "--region", description = "AWS Region; default: AWS_REGION, else us-east-1.")
    String region;

    @Option(names = "--table", description = "Status table; default: CHANNEL_PILOT_STATUS_TABLE, else channel-pilot-status.")
    String table;

    @Option(names = "--state-machine-arn", description = "redrive-dlq state machine; default: CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN, else found by name (*redrive-dlq / RedriveDlqStateMachine).")
    String stateMachineArn;

    /**
     * An http(s) URL ({@link OptionValues.EndpointUrl} refuses anything else). The local world listens on loopback only,
     * so a non-loopback endpoint is said out loud before any call is made to it (it may be meant: a VPC endpoint).
     */
    @Option(names = "--endpoint-url", converter = OptionValues.EndpointUrl.class,
            description = "Endpoint override for every AWS call (the local world, http://127.0.0.1:<port>); default: AWS_ENDPOINT_URL, else real AWS.")
    void endpointUrl(String url) {
        if (!OptionValues.isLoopback(url) && command != null) {
            command.commandLine().getErr().println("warning: --endpoint-url " + url + " is not a loopback address; the local "
                    + "world listens on 127.0.0.1 only, so every call of this command goes to that host");
        }
        this.endpointUrl = url;
    }
}
