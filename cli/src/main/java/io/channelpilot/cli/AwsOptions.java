package io.channelpilot.cli;

import picocli.CommandLine.Option;

/** Connection options shared by every command. */
public final class AwsOptions {

    @Option(names = "--endpoint-url", description = "Endpoint override for every AWS call (the local world); default: AWS_ENDPOINT_URL, else real AWS.")
    String endpointUrl;

    @Option(names = "--region", description = "AWS Region; default: AWS_REGION, else us-east-1.")
    String region;

    @Option(names = "--table", description = "Status table; default: CHANNEL_PILOT_STATUS_TABLE, else channel-pilot-status.")
    String table;

    @Option(names = "--state-machine-arn", description = "redrive-dlq state machine; default: CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN, else found by name (*redrive-dlq / RedriveDlqStateMachine).")
    String stateMachineArn;
}
