package io.channelpilot.local.sfn.asl;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Classifies a Task "Resource" ARN; unsupported integration patterns are rejected at load with a reason. */
final class ResourceParser {

    private static final Pattern LAMBDA = Pattern.compile("arn:aws[a-z-]*:lambda:[^:]*:[^:]*:function:([^:]+)(:[^:]+)?");
    private static final Pattern AWS_SDK = Pattern.compile("arn:aws[a-z-]*:states:::aws-sdk:([a-z0-9]+):([A-Za-z0-9]+)(\\..*)?");

    private ResourceParser() {
    }

    static TaskResource parse(Fields f) {
        String arn = f.string("Resource");
        if (arn.endsWith(".waitForTaskToken")) {
            throw f.error("Resource", "the callback pattern (.waitForTaskToken) is not supported by the local runner: " + arn);
        }
        Matcher lambda = LAMBDA.matcher(arn);
        if (lambda.matches()) {
            return new TaskResource.LambdaFunction(arn, lambda.group(1));
        }
        if (arn.matches("arn:aws[a-z-]*:states:[^:]*:[^:]*:activity:.*")) {
            throw f.error("Resource", "Activities are not supported by the local runner: " + arn);
        }
        Matcher sdk = AWS_SDK.matcher(arn);
        if (sdk.matches()) {
            if (sdk.group(3) != null) {
                throw f.error("Resource", "aws-sdk integrations support only Request Response; '" + sdk.group(3) + "' is not supported: " + arn);
            }
            return new TaskResource.AwsSdk(arn, sdk.group(1), sdk.group(2));
        }
        String optimized = arn.replaceFirst("^arn:aws[a-z-]*:states:::", "");
        switch (optimized) {
            case "lambda:invoke":
                return new TaskResource.LambdaInvoke(arn);
            case "sns:publish":
                return new TaskResource.SnsPublish(arn);
            case "states:startExecution":
                return new TaskResource.StartExecution(arn, TaskResource.StartExecution.Mode.FIRE_AND_FORGET);
            case "states:startExecution.sync":
                return new TaskResource.StartExecution(arn, TaskResource.StartExecution.Mode.SYNC);
            case "states:startExecution.sync:2":
                return new TaskResource.StartExecution(arn, TaskResource.StartExecution.Mode.SYNC2);
            default:
                throw f.error("Resource", "unsupported resource: " + arn + " (supported: Lambda function ARNs, "
                        + "lambda:invoke, sns:publish, aws-sdk:<service>:<action>, states:startExecution[.sync[:2]])");
        }
    }
}
