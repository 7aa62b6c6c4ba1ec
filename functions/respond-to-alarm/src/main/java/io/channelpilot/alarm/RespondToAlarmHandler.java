package io.channelpilot.alarm;

import io.channelpilot.workflow.WorkflowJson;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.Home;
import io.channelpilot.notification.ItemState;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * EventBridge "CloudWatch Alarm State Change" of a Channel Pilot alarm → {@link AlarmResponder} → {@link AlarmResponse}.
 * Input that is not JSON or not our alarm is answered {@code IGNORED}, never thrown: EventBridge would retry it.
 */
public final class RespondToAlarmHandler implements RequestStreamHandler {

    private final AlarmResponder responder;
    private final Home home;
    private final ObjectMapper mapper = WorkflowJson.mapper();
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RespondToAlarmHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private RespondToAlarmHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        AlarmPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public RespondToAlarmHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world passes its virtual clock here (retention race, watermark and report times, event claims). */
    public RespondToAlarmHandler(Map<String, String> env, TimeSource time) {
        this(AlarmWiring.fromEnvironment(env, time.clock()), Home.from(env));
    }

    public RespondToAlarmHandler(AlarmResponder responder) {
        this(responder, Home.unknown());
    }

    /** @param home the stack's partition, Region and account ({@link Home#from}) */
    public RespondToAlarmHandler(AlarmResponder responder, Home home) {
        this.responder = responder;
        this.home = home;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            AlarmResponse response = PowertoolsLogging.withLogging(context, () -> responder.respond(read(input), home));
            metrics.addMetric("AlarmResponse" + camel(response.outcome()), 1, MetricUnit.COUNT);
            if (response.outcome().equals("IGNORED") && !response.reason().startsWith("STATE_")) {
                // Forged, foreign or malformed alarms are counted by reason: a rising count is someone probing.
                metrics.addMetric("AlarmIgnored" + camel(response.reason()), 1, MetricUnit.COUNT);
            }
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

    private static String camel(String code) {
        StringBuilder b = new StringBuilder();
        for (String part : code.toLowerCase(java.util.Locale.ROOT).split("_")) {
            b.append(part.isEmpty() ? "" : Character.toUpperCase(part.charAt(0)) + part.substring(1));
        }
        return b.toString();
    }
}
