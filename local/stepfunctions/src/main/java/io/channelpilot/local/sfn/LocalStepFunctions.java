package io.channelpilot.local.sfn;

import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.sfn.s3.S3ObjectLister;
import io.channelpilot.local.sfn.task.AwsServiceIntegration;
import io.channelpilot.local.sfn.task.StandardTaskInvoker;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.StateMachineResource;
import io.channelpilot.time.Sleeper;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Wires the runner from a SAM template for an embedder (the local world, integration tests): every
 * {@code AWS::Serverless::Function} bound in-process by logical id, every {@code AWS::Serverless::StateMachine}
 * registered under its logical id with DefinitionSubstitutions applied, tasks routed to the embedder's AWS emulator.
 */
public record LocalStepFunctions(ExecutionService service, LambdaFunctions lambdas, Map<String, String> stateMachineArns) {

    public LocalStepFunctions {
        stateMachineArns = Map.copyOf(stateMachineArns);
    }

    /** Everything the wiring needs from the embedder. */
    public record Setup(Clock clock, Sleeper sleeper, AwsServiceIntegration aws, HandlerFactory handlers,
            S3ObjectLister lister, String region, String accountId, Executor executor) {
    }

    public static LocalStepFunctions fromTemplate(SamTemplate template, Setup setup) {
        LambdaFunctions lambdas = new LambdaFunctions(setup.handlers(), setup.region(), setup.accountId());
        template.functions().forEach(f -> lambdas.register(f.toSpec()));
        StandardTaskInvoker invoker = new StandardTaskInvoker(lambdas, setup.aws());
        SfnRuntime runtime = SfnRuntime.of(setup.clock(), setup.sleeper(), invoker).withLister(setup.lister());
        ExecutionService service = new ExecutionService(runtime, setup.region(), setup.accountId(), setup.executor());
        invoker.bindExecutions(service);
        Map<String, String> arns = new LinkedHashMap<>();
        for (StateMachineResource machine : template.stateMachines()) {
            String roleArn = "arn:aws:iam::" + setup.accountId() + ":role/" + machine.logicalId() + "Role";
            arns.put(machine.logicalId(), service.registerStateMachine(machine.logicalId(),
                    StateMachineDef.parse(machine.definition()), roleArn));
        }
        return new LocalStepFunctions(service, lambdas, arns);
    }
}
