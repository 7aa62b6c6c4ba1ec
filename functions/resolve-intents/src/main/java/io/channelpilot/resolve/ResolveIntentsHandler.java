package io.channelpilot.resolve;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * ResolveIntents task (statemachine/provision-channel.asl.json): input {@code {trigger, executionName}} (a bare
 * trigger is accepted too, for {@code sam local invoke}); output {@link ResolveResult}. Thin: parse JSON → resolver →
 * JSON. Clients are built once per instance from the environment (SnapStart-friendly, no statics).
 */
public final class ResolveIntentsHandler implements RequestStreamHandler {

    private final IntentResolver resolver;
    private final ObjectMapper json;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    /** Lambda's entry point: the process environment with the local-world overrides (inert in AWS). */
    public ResolveIntentsHandler() {
        this(ResolveWiring.from(FunctionEnvironment.system()));
        ResolvePriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    ResolveIntentsHandler(ResolveWiring wiring) {
        this.resolver = wiring.resolver();
        this.json = wiring.json();
        this.metrics.setNamespace(wiring.metricsNamespace());
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) {
        metrics.captureColdStartMetric(context);
        try {
            ResolveResult result = PowertoolsLogging.withLogging(context, () -> resolver.resolve(TriggerParser.trigger(json, input)));
            metrics.addMetric("IntentsResolved", result.intents().size(), MetricUnit.COUNT);
            metrics.addMetric("TriggersRejected", result.errors().size(), MetricUnit.COUNT);
            metrics.addMetric("Refusals", result.refusals().size(), MetricUnit.COUNT);
            json.writeValue(output, result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ResolveIntents result", e);
        } finally {
            metrics.flush();
        }
    }
}
