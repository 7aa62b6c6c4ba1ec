package io.channelpilot.redrive.control;

import io.channelpilot.gateway.AwsClients;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.events.RedriveTaskEvents;
import io.channelpilot.gateway.SdkSchemaRegistryGateway;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.redrive.DynamoDbRedriveTaskStore;
import io.channelpilot.retention.DynamoDbOutstandingStore;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.workflow.TaskInputs;
import io.channelpilot.store.DynamoDbStatusStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import io.channelpilot.time.TimeSource;
import java.time.Clock;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/** Prepare and Summarise tasks of redrive-dlq: {@code {"step": "prepare"|"summarise", "taskId", "failure"?}}. */
public final class RedriveControlHandler implements RequestStreamHandler {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ControlService service;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RedriveControlHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private RedriveControlHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        ControlPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public RedriveControlHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world passes its virtual clock: task start/finish times follow virtual time. */
    public RedriveControlHandler(Map<String, String> env, TimeSource time) {
        this(wire(env, ControlConfig.from(env), time.clock()));
    }

    public RedriveControlHandler(ControlService service) {
        this.service = service;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            var in = read(input);
            MAPPER.writeValue(output, PowertoolsLogging.withLogging(context, () -> service.handle(in)));
        } finally {
            metrics.flush();
        }
    }

    public static ControlService wire(Map<String, String> env, ControlConfig config, Clock clock) {
        AwsClients clients = AwsClients.from(env);
        return new ControlService(new DynamoDbRedriveTaskStore(clients.dynamoDb(), config.statusTable(), clock),
                new SdkSchemaRegistryGateway(clients.glue()),
                new RedriveNotifier(new SnsNotificationPublisher(clients.sns(), config.topicArn()),
                        NotificationRenderer.fromEnvironment(env, new com.fasterxml.jackson.databind.ObjectMapper())),
                new DynamoDbOutstandingStore(clients.dynamoDb(), config.statusTable(), clock), clock,
                new RedriveTaskEvents(clients.eventPublisher(), new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock)));
    }

    private static com.fasterxml.jackson.databind.JsonNode read(InputStream input) {
        com.fasterxml.jackson.databind.JsonNode node = TaskInputs.readJson(MAPPER, input,
                "Invoke the function only from the redrive-dlq state machine.");
        return node == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : node;
    }
}
