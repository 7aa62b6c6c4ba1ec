package io.channelpilot.validate;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

/** A minimal Lambda context for handler tests. */
final class TestContext implements Context {

    public String getAwsRequestId() {
        return "req-1";
    }

    public String getLogGroupName() {
        return "/aws/lambda/validate-channel";
    }

    public String getLogStreamName() {
        return "stream";
    }

    public String getFunctionName() {
        return "validate-channel";
    }

    public String getFunctionVersion() {
        return "1";
    }

    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:123456789012:function:validate-channel";
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
                System.out.print(message);
            }

            public void log(byte[] message) {
                System.out.print(new String(message, java.nio.charset.StandardCharsets.UTF_8));
            }
        };
    }
}
