package io.channelpilot.gateway;

import io.channelpilot.redrive.ExecutionStarter;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionDoesNotExistException;

/** {@link ExecutionStarter} on Step Functions StartExecution / StopExecution for one state machine. */
final class SfnExecutionStarter implements ExecutionStarter {

    private final SfnClient sfn;
    private final String stateMachineArn;

    public SfnExecutionStarter(SfnClient sfn, String stateMachineArn) {
        this.sfn = sfn;
        this.stateMachineArn = stateMachineArn;
    }

    @Override
    public String start(String name, String inputJson) {
        return AwsErrors.call("sfn", "StartExecution", "states:StartExecution on the redrive-dlq state machine",
                () -> sfn.startExecution(r -> r.stateMachineArn(stateMachineArn).name(name).input(inputJson)).executionArn());
    }

    @Override
    public void stop(String executionArn, String cause) {
        try {
            AwsErrors.call("sfn", "StopExecution", "states:StopExecution on redrive-dlq executions",
                    () -> sfn.stopExecution(r -> r.executionArn(executionArn).cause(cause).error("RedriveCancelled")));
        } catch (RuntimeException e) {
            if (!(e instanceof ExecutionDoesNotExistException) && !(e.getCause() instanceof ExecutionDoesNotExistException)) {
                throw e;
            }
        }
    }
}
