package io.channelpilot.local.world.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.exec.ExecutionService;
import io.channelpilot.local.sfn.exec.SfnRuntime;
import io.channelpilot.local.sfn.routing.EventRouter;
import io.channelpilot.local.sfn.routing.RouteTarget;
import io.channelpilot.local.sfn.s3.S3ObjectLister;
import io.channelpilot.local.sfn.task.AwsServiceIntegration;
import io.channelpilot.local.sfn.task.StandardTaskInvoker;
import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.StateMachineResource;
import io.channelpilot.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the product's {@code template.yaml} offline: every {@code AWS::Serverless::Function} is bound in-process to its
 * handler class (environment = the template's variables overridden by the world's), every state machine is registered
 * with the local runner, and events are routed by the template's EventBridge rules (Event Ruler) to their targets.
 */
public final class WorkflowHost {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowHost.class);

    /** One delivery of one event to one target, for the report. */
    public record Delivery(String eventId, String ruleId, String target, RouteTarget.Kind kind, String result) {
    }

    private final LambdaFunctions lambdas;
    private final ExecutionService executions;
    private final EventRouter router;
    private final Map<String, String> machineArns = new LinkedHashMap<>();
    private final List<Delivery> deliveries = new ArrayList<>();

    public WorkflowHost(SamTemplate template, VirtualClock clock, Map<String, String> environmentOverrides,
                        HandlerFactory handlers, S3ObjectLister lister, AwsServiceIntegration aws, String region,
                        String account, Executor executor) {
        this.lambdas = new LambdaFunctions(handlers, region, account);
        for (FunctionResource f : template.functions()) {
            FunctionSpec spec = f.toSpec();
            Map<String, String> env = new LinkedHashMap<>(spec.environment());
            env.putAll(environmentOverrides);
            env.put("POWERTOOLS_SERVICE_NAME", spec.environment().getOrDefault("POWERTOOLS_SERVICE_NAME", f.logicalId()));
            env.put("AWS_LAMBDA_FUNCTION_NAME", f.logicalId());
            lambdas.register(new FunctionSpec(spec.name(), spec.handler(), env));
        }
        StandardTaskInvoker invoker = new StandardTaskInvoker(lambdas, aws);
        SfnRuntime runtime = SfnRuntime.of(clock, clock, invoker).withLister(lister);
        this.executions = new ExecutionService(runtime, region, account, executor);
        invoker.bindExecutions(executions);
        for (StateMachineResource sm : template.stateMachines()) {
            String arn = executions.registerStateMachine(sm.logicalId(), StateMachineDef.parse(sm.definition()),
                    "arn:aws:iam::" + account + ":role/" + sm.logicalId() + "Role");
            machineArns.put(sm.logicalId(), arn);
        }
        this.router = EventRouter.fromTemplate(template, region, account);
    }

    public ExecutionService executions() {
        return executions;
    }

    public LambdaFunctions lambdas() {
        return lambdas;
    }

    public EventRouter router() {
        return router;
    }

    /** State machine ARN by logical id (e.g. {@code ProvisionChannelStateMachine}). */
    public String stateMachineArn(String logicalId) {
        String arn = machineArns.get(logicalId);
        if (arn == null) {
            throw new IllegalArgumentException("template has no state machine " + logicalId + "; has "
                    + machineArns.keySet());
        }
        return arn;
    }

    public Map<String, String> stateMachineArns() {
        return Map.copyOf(machineArns);
    }

    /**
     * Delivers one event to every target of every matching rule. EventBridge names Step Functions executions itself
     * (it cannot take a name from the event); locally the name is derived from the event id and rule so runs are
     * repeatable.
     */
    public List<Delivery> deliver(JsonNode event) {
        String eventId = event.path("id").asText("");
        List<Delivery> out = new ArrayList<>();
        for (RouteTarget target : router.route(event)) {
            String result;
            try {
                result = switch (target.kind()) {
                    case STATE_MACHINE -> executions.start(stateMachineArn(target.targetLogicalId()),
                            UUID.nameUUIDFromBytes((eventId + "|" + target.ruleId()).getBytes(StandardCharsets.UTF_8))
                                    .toString(), target.input()).executionArn();
                    case FUNCTION -> {
                        lambdas.invoke(target.targetLogicalId(), target.input());
                        yield "invoked";
                    }
                    case OTHER -> "ignored: target kind not emulated";
                };
            } catch (RuntimeException e) {
                LOG.warn("delivery of event {} to {} failed: {}", eventId, target.targetLogicalId(), e.toString());
                result = "failed: " + e.getMessage();
            }
            Delivery d = new Delivery(eventId, target.ruleId(), target.targetLogicalId(), target.kind(), result);
            synchronized (deliveries) {
                deliveries.add(d);
            }
            out.add(d);
        }
        return out;
    }

    public List<Delivery> deliveries() {
        synchronized (deliveries) {
            return List.copyOf(deliveries);
        }
    }
}
