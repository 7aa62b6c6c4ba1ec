package io.channelpilot.reconcile;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * The reconcile sweep (template.yaml ReconcileFunction): on the ReconcileSchedule rule and on demand
 * ({@code {"source":"channel-pilot.reconcile","sweepId"?,"clusterArn"?}}); output {@link SweepReport}. Thin: parse JSON
 * → {@link SweepService} → metrics → JSON.
 */
public final class ReconcileHandler implements RequestStreamHandler {

    private final SweepService service;
    private final ObjectMapper json;
    private final Metrics metrics;
    private final String namespace;

    public ReconcileHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private ReconcileHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        ReconcilePriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    /** The local world calls this in-process with its own environment map. */
    public ReconcileHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock instead of the system one. */
    public ReconcileHandler(Map<String, String> env, TimeSource time) {
        this(SweepService.fromEnvironment(env, time.clock()), env.getOrDefault("POWERTOOLS_METRICS_NAMESPACE", "ChannelPilot"));
    }

    public ReconcileHandler(SweepService service, String metricsNamespace) {
        this.service = service;
        this.json = new ObjectMapper().registerModule(new JavaTimeModule()).disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        this.metrics = MetricsFactory.getMetricsInstance();
        this.metrics.setNamespace(metricsNamespace);
        this.namespace = metricsNamespace;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) {
        metrics.captureColdStartMetric(context);
        try {
            SweepReport report = PowertoolsLogging.withLogging(context, () -> service.sweep(read(input)));
            SweepMetrics.record(metrics, report, namespace);
            json.writeValue(output, report);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sweep report", e);
        } finally {
            metrics.flush();
        }
    }

    /** Unparseable bytes become a non-object node, which the parser turns into INPUT_NOT_OBJECT (never a throw). */
    private JsonNode read(InputStream input) {
        try {
            JsonNode node = json.readTree(input);
            return node == null ? json.nullNode() : node;
        } catch (IOException e) {
            return json.getNodeFactory().textNode("<not JSON>");
        }
    }
}
