package io.channelpilot.alarm;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.workflow.WorkflowJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * EventBridge "CloudWatch Alarm State Change" of a Channel Pilot alarm → {@link AlarmResponder} → {@link AlarmResponse}.
 * Input that is not JSON or not our alarm is answered {@code IGNORED}, never thrown: EventBridge would retry it.
 */
public final class RespondToAlarmHandler implements RequestStreamHandler {

    private final AlarmWiring wiring;
    private final ObjectMapper mapper = WorkflowJson.mapper();
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RespondToAlarmHandler() {
        this(AlarmWiring.from(FunctionEnvironment.system()));
        AlarmPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    public RespondToAlarmHandler(AlarmWiring wiring) {
        this.wiring = wiring;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            AlarmResponse response = PowertoolsLogging.withLogging(context, () -> wiring.responder().respond(read(input), wiring.home()));
            AlarmMetrics.record(metrics, response);
            mapper.writeValue(output, response);
        } finally {
            metrics.flush();
        }
    }

    private JsonNode read(InputStream input) {
        try {
            return mapper.readTree(input);
        } catch (IOException e) {
            return null;
        }
    }
}
