package io.channelpilot.reconcile;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

/** Minimal Lambda context for handler tests. */
final class TestContext implements Context {

    public String getAwsRequestId() {
        return "req-1";
    }

    public String getLogGroupName() {
        return "/aws/lambda/reconcile";
    }

    public String getLogStreamName() {
        return "stream";
    }

    public String getFunctionName() {
        return "resolve-intents";
    }

    public String getFunctionVersion() {
        return "1";
    }

    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:123456789012:function:resolve-intents";
    }

    public CognitoIdentity getIdentity() {
        return null;
    }

    public ClientContext getClientContext() {
        return null;
    }

    public int getRemainingTimeInMillis() {
        return 60_000;
    }

    public int getMemoryLimitInMB() {
        return 1024;
    }

    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            public void log(String message) {
            }

            public void log(byte[] message) {
            }
        };
    }
}
