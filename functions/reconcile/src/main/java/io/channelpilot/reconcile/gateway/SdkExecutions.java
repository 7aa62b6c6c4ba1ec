package io.channelpilot.reconcile.gateway;

import software.amazon.awssdk.core.exception.SdkException;
import io.channelpilot.gateway.AwsErrors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.sfn.SfnClient;

/**
 * {@link Executions} over Step Functions StartExecution. "StartExecution is idempotent for STANDARD workflows ... If a
 * name is reused while the execution is running with the same input, it returns 200; closed or different input →
 * 400 ExecutionAlreadyExists" (Step Functions API reference, StartExecution).
 */
public final class SdkExecutions implements Executions {

    private static final Logger LOG = LoggerFactory.getLogger(SdkExecutions.class);

    private final SfnClient sfn;
    private final String stateMachineArn;
    private final ApiCalls calls;

    public SdkExecutions(SfnClient sfn, String stateMachineArn, ApiCalls calls) {
        this.sfn = sfn;
        this.stateMachineArn = stateMachineArn;
        this.calls = calls;
    }

    @Override
    public StartResult start(String name, String inputJson) {
        calls.count("states:StartExecution");
        try {
            sfn.startExecution(r -> r.stateMachineArn(stateMachineArn).name(name).input(inputJson));
            return StartResult.STARTED;
        } catch (SdkException e) {
            String code = e instanceof AwsServiceException aws ? AwsErrors.errorCode(aws) : e.getClass().getSimpleName();
            if (AwsErrors.hasCode(e, "ExecutionAlreadyExists")) {
                return StartResult.ALREADY_STARTED;
            }
            if (AwsErrors.classify(e).isTransient()) {
                LOG.warn("StartExecution throttled or unreachable execution={} code={}", name, code);
                return StartResult.THROTTLED;
            }
            LOG.warn("StartExecution failed execution={} code={}", name, code);
            return StartResult.FAILED;
        }
    }
}
