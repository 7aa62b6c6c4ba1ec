package io.channelpilot.cli;

import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.AwsErrors;
import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.workflow.AwsThrottled;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;

/**
 * Every error the CLI prints: a stable code, what is wrong, and the fix — never a stack trace. {@link #of} turns any
 * exception a command lets through into one (SDK and Channel Pilot exceptions by kind; anything else is
 * {@link Code#INTERNAL_ERROR} with its message only). Exit code {@link ChannelPilot#EXIT_ERROR}.
 */
final class CliError extends RuntimeException {

    /** Stable codes (docs/runbook.md "CLI errors"). */
    enum Code {
        /** An option value the command cannot use (also picocli's parse errors, exit 2). */
        INVALID_ARGUMENT,
        /** A named profile is in neither the config nor the credentials file. */
        PROFILE_NOT_FOUND,
        /** No Region from options, environment or profile. */
        REGION_MISSING,
        /** No usable credentials anywhere in the chain. */
        CREDENTIALS_MISSING,
        /** AWS answered 401/403. */
        ACCESS_DENIED,
        /** AWS throttled the call after the SDK's retries. */
        THROTTLED,
        /** AWS answered with another error. */
        AWS_CALL_FAILED,
        /** The endpoint could not be reached (network, DNS, nothing listening). */
        ENDPOINT_UNREACHABLE,
        /** A resource the command needs does not exist (cluster, state machine, status table). */
        NOT_FOUND,
        /** A stack setting the command needs is not configured (CHANNEL_PILOT_* variables). */
        CONFIG_MISSING,
        /** A bug: the message says what failed. */
        INTERNAL_ERROR
    }

    private final Code code;
    private final String remediation;

    CliError(Code code, String message, String remediation) {
        super(message);
        this.code = code;
        this.remediation = remediation;
    }

    Code code() {
        return code;
    }

    String remediation() {
        return remediation;
    }

    static CliError of(Throwable e) {
        Throwable t = e;
        while (!(t instanceof CliError) && t.getCause() != null && (t instanceof java.lang.reflect.InvocationTargetException
                || t instanceof picocli.CommandLine.ExecutionException)) {
            t = t.getCause();
        }
        if (t instanceof CliError c) {
            return c;
        }
        if (t instanceof AwsThrottled) {
            return new CliError(Code.THROTTLED, t.getMessage(), "Retry in a minute; AWS throttled the call after the SDK's retries.");
        }
        if (t instanceof ClusterReadException r) {
            return switch (r.code()) {
                case CLUSTER_NOT_FOUND -> new CliError(Code.NOT_FOUND, r.getMessage(), "Check --cluster and --region (aws kafka list-clusters-v2).");
                case READ_DENIED -> new CliError(Code.ACCESS_DENIED, r.getMessage(), "Allow " + r.permission() + " for your identity.");
                case READ_FAILED -> new CliError(Code.AWS_CALL_FAILED, r.getMessage(), "Check the request in CloudTrail and retry.");
            };
        }
        if (t instanceof AwsServiceException aws) {
            String service = aws.awsErrorDetails() == null ? "" : aws.awsErrorDetails().serviceName();
            String awsCode = aws.awsErrorDetails() == null ? "" : aws.awsErrorDetails().errorCode();
            String message = (service == null || service.isEmpty() ? "AWS" : service) + " answered HTTP " + aws.statusCode()
                    + (awsCode == null || awsCode.isEmpty() ? "" : " " + awsCode) + ": " + firstLine(aws.awsErrorDetails() == null
                    ? aws.getMessage() : aws.awsErrorDetails().errorMessage());
            AwsErrorKind kind = AwsErrors.classify(aws);
            if (kind == AwsErrorKind.ACCESS_DENIED) {
                return new CliError(Code.ACCESS_DENIED, message, "Use credentials allowed to call it (--profile, AWS_PROFILE) "
                        + "or ask for the permission; see README 'Operator CLI' for what each command calls.");
            }
            if (kind == AwsErrorKind.THROTTLED) {
                return new CliError(Code.THROTTLED, message, "Retry in a minute.");
            }
            if (kind == AwsErrorKind.NOT_FOUND) {
                return new CliError(Code.NOT_FOUND, message, "Check the names and --region; --table and --state-machine-arn "
                        + "name the stack's resources (its outputs StatusTableName, RedriveDlqStateMachineArn).");
            }
            return new CliError(Code.AWS_CALL_FAILED, message, "Check the request in CloudTrail and retry.");
        }
        if (t instanceof SdkClientException sdk) {
            String m = firstLine(sdk.getMessage());
            if (m.contains("Unable to load credentials") || m.contains("credentials")) {
                return new CliError(Code.CREDENTIALS_MISSING, m, "Pass --profile, set AWS_PROFILE, export AWS_ACCESS_KEY_ID and "
                        + "AWS_SECRET_ACCESS_KEY, or run 'aws configure'.");
            }
            return new CliError(Code.ENDPOINT_UNREACHABLE, m, "Check the network, --region and --endpoint-url (for the local "
                    + "world: is 'bin/channel-pilot-local serve' running?).");
        }
        if (t instanceof IllegalArgumentException) {
            return new CliError(Code.INVALID_ARGUMENT, firstLine(t.getMessage()), "Run the command with --help for its options.");
        }
        return new CliError(Code.INTERNAL_ERROR, t.getClass().getSimpleName() + ": " + firstLine(t.getMessage()),
                "Report it with the command line you ran (no stack trace is printed; set CHANNEL_PILOT_CLI_DEBUG=true for one).");
    }

    /** Prints the error on {@code err}: {@code error: CODE: message} and {@code fix: ...}, or one JSON object. */
    void print(PrintWriter err, OutputFormat format) {
        if (format == OutputFormat.json) {
            Map<String, String> m = new LinkedHashMap<>();
            m.put("code", code.name());
            m.put("message", getMessage());
            m.put("remediation", remediation);
            err.println(RedriveJson.write(Map.of("error", m)));
        } else {
            err.println("error: " + code + ": " + getMessage());
            err.println("fix: " + remediation);
        }
        err.flush();
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
