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
import io.channelpilot.local.sfn.task.lambda.LambdaService;
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
 * Runs the product's {@code template.yaml} offline: every {@code AWS::Serverless::Function} is served by the world's
 * {@link LambdaService} — in-process (each bound to its handler class, environment = the template's variables
 * overridden by the world's) or in runtime mode (the deployment zip under the real runtime client, {@code local/lambda})
 * — every state machine is registered with the local runner, and events are routed by the template's EventBridge
 * rules (Event Ruler) to their targets. Task states and EventBridge function targets both call the one service.
 */
public final class WorkflowHost {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowHost.class);

    /** One delivery of one event to one target, for the report. */
    public record Delivery(String eventId, String ruleId, String target, RouteTarget.Kind kind, String result) {
    }

    private final LambdaFunctions lambdas;
    private final LambdaService service;
    private final ExecutionService executions;
    private final EventRouter router;
    private final Map<String, String> machineArns = new LinkedHashMap<>();
    private final List<Delivery> deliveries = new ArrayList<>();

    public WorkflowHost(SamTemplate template, VirtualClock clock, Map<String, String> environmentOverrides,
                        HandlerFactory handlers, S3ObjectLister lister, AwsServiceIntegration aws, String region,
                        String account, Executor executor) {
        this(template, clock, inProcess(template, environmentOverrides, handlers, region, account), null, lister, aws, region,
                account, executor);
    }

    /**
     * @param inProcess the in-process registry when the world runs handlers in-process (tests rebind functions on
     *                  it), else null
     * @param service   what every invoke goes to: {@code inProcess} itself, or the runtime mode's service
     */
    public WorkflowHost(SamTemplate template, VirtualClock clock, LambdaFunctions inProcess, LambdaService service,
                        S3ObjectLister lister, AwsServiceIntegration aws, String region, String account, Executor executor) {
        this(template, clock, inProcess, service, lister, aws, region, account, executor, SfnRuntime.DEFAULT_PARALLELISM);
    }

    /**
     * @param parallelism how many Parallel branches / Map iterations run at once; 1 runs them in order on the
     *                    execution's thread, so call order and everything derived from it repeat run after run
     */
    public WorkflowHost(SamTemplate template, VirtualClock clock, LambdaFunctions inProcess, LambdaService service,
                        S3ObjectLister lister, AwsServiceIntegration aws, String region, String account, Executor executor,
                        int parallelism) {
        this.lambdas = inProcess;
        this.service = service != null ? service : inProcess;
        StandardTaskInvoker invoker = new StandardTaskInvoker(this.service, aws);
        SfnRuntime runtime = SfnRuntime.of(clock, clock, invoker).withLister(lister).withParallelism(parallelism);
        this.executions = new ExecutionService(runtime, region, account, executor);
        invoker.bindExecutions(executions);
        for (StateMachineResource sm : template.stateMachines()) {
            String arn = executions.registerStateMachine(sm.logicalId(), StateMachineDef.parse(sm.definition()),
                    "arn:aws:iam::" + account + ":role/" + sm.logicalId() + "Role");
            machineArns.put(sm.logicalId(), arn);
        }
        this.router = EventRouter.fromTemplate(template, region, account);
    }

    /**
     * The in-process Lambda service: every function bound to its handler class, environment = the template's variables
     * overridden by the world's (all of them, not only the declared ones: in-process mode is not SAM).
     */
    public static LambdaFunctions inProcess(SamTemplate template, Map<String, String> environmentOverrides,
                                            HandlerFactory handlers, String region, String account) {
        LambdaFunctions lambdas = new LambdaFunctions(handlers, region, account);
        for (FunctionResource f : template.functions()) {
            FunctionSpec spec = f.toSpec();
            Map<String, String> env = new LinkedHashMap<>(spec.environment());
            env.putAll(environmentOverrides);
            env.put("POWERTOOLS_SERVICE_NAME", spec.environment().getOrDefault("POWERTOOLS_SERVICE_NAME", f.logicalId()));
            env.put("AWS_LAMBDA_FUNCTION_NAME", f.logicalId());
            lambdas.register(new FunctionSpec(spec.name(), spec.handler(), env));
        }
        return lambdas;
    }

    public ExecutionService executions() {
        return executions;
    }

    /**
     * The in-process registry (to rebind a function to another handler in a test). Runtime mode has none: use
     * {@link #lambda()}.
     */
    public LambdaFunctions lambdas() {
        if (lambdas == null) {
            throw new IllegalStateException("the world runs its functions in runtime mode; invoke them through lambda()");
        }
        return lambdas;
    }

    /** The Lambda service every invoke of this world goes to (in-process or runtime mode). */
    public LambdaService lambda() {
        return service;
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
                        service.invoke(target.targetLogicalId(), target.input());
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
