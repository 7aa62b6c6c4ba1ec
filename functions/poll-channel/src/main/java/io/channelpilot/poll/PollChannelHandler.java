package io.channelpilot.poll;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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

    /** Lambda's entry point: the process environment with the local-world overrides (inert in AWS). */
    public PollChannelHandler() {
        this(PollWiring.from(FunctionEnvironment.system()));
        PollPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    PollChannelHandler(PollWiring wiring) {
        this.poller = wiring.poller();
        this.mapper = wiring.mapper();
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

    private JsonNode read(InputStream input) {
        return TaskInputs.readJson(mapper, input,
                "Pass the poll input the state machine builds (events/poll-channel/active.json).");
    }
}
