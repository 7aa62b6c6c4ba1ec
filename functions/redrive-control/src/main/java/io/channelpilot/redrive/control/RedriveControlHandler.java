package io.channelpilot.redrive.control;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/** Prepare and Summarise tasks of redrive-dlq: {@code {"step": "prepare"|"summarise", "taskId", "failure"?}}. */
public final class RedriveControlHandler implements RequestStreamHandler {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final ControlService service;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RedriveControlHandler() {
        this(ControlWiring.from(FunctionEnvironment.system()));
        ControlPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    public RedriveControlHandler(ControlWiring wiring) {
        this.service = wiring.service();
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

    private static JsonNode read(InputStream input) {
        JsonNode node = TaskInputs.readJson(MAPPER, input, "Invoke the function only from the redrive-dlq state machine.");
        return node == null ? NullNode.getInstance() : node;
    }
}
