package io.channelpilot.tests.abuse;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;
import java.nio.charset.StandardCharsets;

/** A Lambda context for handlers invoked directly in-process. */
final class TestContext implements Context {

    private final String function;

    TestContext(String function) {
        this.function = function;
    }

    @Override
    public String getAwsRequestId() {
        return "abuse-" + function;
    }

    @Override
    public String getLogGroupName() {
        return "/aws/lambda/" + function;
    }

    @Override
    public String getLogStreamName() {
        return "abuse";
    }

    @Override
    public String getFunctionName() {
        return function;
    }

    @Override
    public String getFunctionVersion() {
        return "$LATEST";
    }

    @Override
    public String getInvokedFunctionArn() {
        return "arn:aws:lambda:us-east-1:123456789012:function:" + function;
    }

    @Override
    public CognitoIdentity getIdentity() {
        return null;
    }

    @Override
    public ClientContext getClientContext() {
        return null;
    }

    @Override
    public int getRemainingTimeInMillis() {
        return 300_000;
    }

    @Override
    public int getMemoryLimitInMB() {
        return 1024;
    }

    @Override
    public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override
            public void log(String message) {
                System.out.println(message);
            }

            @Override
            public void log(byte[] message) {
                System.out.println(new String(message, StandardCharsets.UTF_8));
            }
        };
    }
}
