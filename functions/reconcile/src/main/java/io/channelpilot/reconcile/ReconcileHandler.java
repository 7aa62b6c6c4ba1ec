package io.channelpilot.reconcile;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * The reconcile sweep (template.yaml ReconcileFunction): on the ReconcileSchedule rule and on demand
 * ({@code {"source":"channel-pilot.reconcile","sweepId"?,"clusterArn"?}}); output {@link SweepReport}. Thin: parse JSON
 * → {@link SweepService} → metrics → JSON.
 */
public final class ReconcileHandler implements RequestStreamHandler {

    private final Metrics metrics = MetricsFactory.getMetricsInstance();
    private final ReconcileWiring wiring;

    public ReconcileHandler() {
        this(ReconcileWiring.from(FunctionEnvironment.system()));
        ReconcilePriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    public ReconcileHandler(ReconcileWiring wiring) {
        this.wiring = wiring;
        metrics.setNamespace(wiring.metricsNamespace());
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) {
        metrics.captureColdStartMetric(context);
        try {
            SweepReport report = PowertoolsLogging.withLogging(context, () -> wiring.service().sweep(SweepJson.read(input)));
            SweepMetrics.record(metrics, report, wiring.metricsNamespace());
            SweepJson.MAPPER.writeValue(output, report);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the sweep report", e);
        } finally {
            metrics.flush();
        }
    }
}
