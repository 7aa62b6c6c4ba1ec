package io.channelpilot.local.sfn.asl;

/** The Task "Resource" kinds the runner executes; anything else is rejected at load. */
public sealed interface TaskResource {

    String arn();

    /** {@code "Resource": "arn:aws:lambda:...:function:NAME[:qualifier]"}: the result is the function's payload. */
    record LambdaFunction(String arn, String functionName) implements TaskResource {
    }

    /** {@code arn:aws:states:::lambda:invoke} with Parameters.FunctionName / Payload. */
    record LambdaInvoke(String arn) implements TaskResource {
    }

    /** {@code arn:aws:states:::sns:publish} (optimized integration). */
    record SnsPublish(String arn) implements TaskResource {
    }

    /** {@code arn:aws:states:::aws-sdk:<service>:<action>}. */
    record AwsSdk(String arn, String service, String action) implements TaskResource {
    }

    /** {@code arn:aws:states:::states:startExecution[.sync|.sync:2]}. */
    record StartExecution(String arn, Mode mode) implements TaskResource {
        public enum Mode { FIRE_AND_FORGET, SYNC, SYNC2 }
    }
}
