package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import io.channelpilot.gateway.AwsClients;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.AwsErrors;
import io.channelpilot.gateway.SdkAlarmGateway;
import io.channelpilot.gateway.SdkChannelGateway;
import io.channelpilot.gateway.SdkGrantGateway;
import io.channelpilot.gateway.SdkNamespaceGateway;
import io.channelpilot.gateway.SdkLogGroupGateway;
import io.channelpilot.model.Home;
import io.channelpilot.notification.ItemState;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.store.StatusStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.TaskInputs;
import java.util.Map;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * Provision / UpdateFreshness / Deprovision / DeleteReplaced task: {@code {action, intent, correlationId}} →
 * {@link ProvisionResult}. A refusal is raised as {@code io.channelpilot.workflow.ProvisioningRefused}; lease
 * contention as {@code ChannelBusy}; AWS throttling as {@code AwsThrottled} (names the ASL matches).
 */
public final class ProvisionChannelHandler implements RequestStreamHandler {

    private final ProvisioningService service;
    private final ObjectMapper mapper;
    private final Home home;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public ProvisionChannelHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private ProvisionChannelHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        ProvisionPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public ProvisionChannelHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock instead of the system one. */
    public ProvisionChannelHandler(Map<String, String> env, TimeSource time) {
        this(wire(env, ProvisionConfig.from(env), time.clock()), WorkflowJson.mapper(), Home.from(env));
    }

    public ProvisionChannelHandler(ProvisioningService service, ObjectMapper mapper) {
        this(service, mapper, Home.unknown());
    }

    /** @param home the stack's partition/Region/account; intents for clusters elsewhere are refused before any call */
    public ProvisionChannelHandler(ProvisioningService service, ObjectMapper mapper, Home home) {
        this.service = service;
        this.mapper = mapper;
        this.home = home;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            ProvisionResult result = PowertoolsLogging.withLogging(context, () -> {
                ProvisionOutcome outcome;
                try {
                    outcome = service.run(ProvisionRequest.from(read(input), mapper, home));
                } catch (SdkException e) {
                    // e.g. S3 Tables CreateNamespace or a status-store write throttled beyond the SDK's retries
                    throw AwsErrors.escaped(e);
                }
                if (outcome instanceof ProvisionOutcome.Refused refused) {
                    throw refused.problem().toError();
                }
                return ((ProvisionOutcome.Done) outcome).result();
            });
            metrics.addMetric(metricName(result), 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    private static String metricName(ProvisionResult result) {
        return switch (result.action()) {
            case CREATE -> result.adopted() ? "ChannelsAdopted" : "ChannelsCreated";
            case UPDATE_FRESHNESS -> "ChannelsUpdated";
            case DELETE, DELETE_REPLACED -> "ChannelsDeleted";
            case RELEASE -> "ChannelsReleased";
        };
    }

    public static ProvisioningService wire(Map<String, String> env, ProvisionConfig config, Clock clock) {
        AwsClients clients = AwsClients.from(env);
        StatusStore store = new PublishingStatusStore(new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock),
                clients.eventPublisher());
        return new ProvisioningService(new SdkChannelGateway(clients.kafka()), new SdkLogGroupGateway(clients.logs()),
                new SdkAlarmGateway(clients.cloudWatch()), new SdkGrantGateway(clients.lakeFormation()),
                new SdkNamespaceGateway(clients.s3Tables()), store,
                new StatusRecorder(store, clock, WorkflowJson.mapper()), config);
    }

    private com.fasterxml.jackson.databind.JsonNode read(InputStream input) {
        return TaskInputs.readJson(mapper, input,
                "Pass the Map item the state machine builds (events/provision-channel/create.json).");
    }
}
