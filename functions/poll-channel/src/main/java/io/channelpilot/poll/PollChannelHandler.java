package io.channelpilot.poll;

import io.channelpilot.workflow.WorkflowJson;
import io.channelpilot.gateway.AwsClients;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.SdkChannelGateway;
import io.channelpilot.notification.ItemState;
import io.channelpilot.events.PublishingStatusStore;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.DynamoDbStatusStore;
import io.channelpilot.time.Sleeper;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import io.channelpilot.time.TimeSource;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * PollUntilActive / PollUntilDeleted task: {@code {mode, intent, provision, correlationId}} → {@link PollResult};
 * throws {@code io.channelpilot.workflow.ChannelNotReady} (retried by the ASL) or {@code ChannelFailed} (never).
 */
public final class PollChannelHandler implements RequestStreamHandler {

    private final ChannelPoller poller;
    private final ObjectMapper mapper;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public PollChannelHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private PollChannelHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        PollPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public PollChannelHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock as clock and sleeper. */
    public PollChannelHandler(Map<String, String> env, TimeSource time) {
        this(wire(env, PollConfig.from(env), time.clock(), time.sleeper()), WorkflowJson.mapper());
    }

    public PollChannelHandler(ChannelPoller poller, ObjectMapper mapper) {
        this.poller = poller;
        this.mapper = mapper;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            PollResult result = PowertoolsLogging.withLogging(context, () -> poller.poll(PollRequest.from(read(input), mapper)));
            metrics.addMetric("ACTIVE".equals(result.status()) ? "ChannelsActive" : "ChannelsDeleted", 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    /** The local world passes its VirtualClock as both {@code clock} and {@code sleeper}. */
    public static ChannelPoller wire(Map<String, String> env, PollConfig config, Clock clock, Sleeper sleeper) {
        AwsClients clients = AwsClients.from(env);
        return new ChannelPoller(new SdkChannelGateway(clients.kafka()),
                new PublishingStatusStore(new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock),
                        clients.eventPublisher()), sleeper, clock, config.confirmDelay());
    }

    private JsonNode read(InputStream input) {
        return TaskInputs.readJson(mapper, input,
                "Pass the poll input the state machine builds (events/poll-channel/active.json).");
    }
}
