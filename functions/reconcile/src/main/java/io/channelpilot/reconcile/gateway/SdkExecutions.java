package io.channelpilot.reconcile.gateway;

import io.channelpilot.reconcile.ApiCalls;
import io.channelpilot.reconcile.Executions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
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
        } catch (AwsServiceException e) {
            String code = e.awsErrorDetails() == null || e.awsErrorDetails().errorCode() == null ? "" : e.awsErrorDetails().errorCode();
            if ("ExecutionAlreadyExists".equals(code)) {
                return StartResult.ALREADY_STARTED;
            }
            if (e.isThrottlingException() || e.statusCode() >= 500 || e.statusCode() == 429) {
                LOG.warn("StartExecution throttled execution={} code={}", name, code);
                return StartResult.THROTTLED;
            }
            LOG.warn("StartExecution failed execution={} status={} code={}", name, e.statusCode(), code);
            return StartResult.FAILED;
        } catch (SdkClientException e) {
            LOG.warn("StartExecution unreachable execution={} error={}", name, e.getClass().getSimpleName());
            return StartResult.THROTTLED;
        }
    }
}
