package io.channelpilot.redrive.batch;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** Distributed Map child of redrive-dlq: {@code {"BatchInput": {"taskId"}, "Items": [{"Key"}...]}} → {@link BatchResult}. */
public final class RedriveBatchHandler implements RequestStreamHandler, AutoCloseable {

    private final BatchWorker worker;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RedriveBatchHandler() {
        this(BatchWiring.from(FunctionEnvironment.system()));
        BatchPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    public RedriveBatchHandler(BatchWiring wiring) {
        this.worker = wiring.worker();
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            BatchInput batch = BatchInput.read(input);
            BatchResult result = PowertoolsLogging.withLogging(context, () -> worker.run(batch));
            metrics.addMetric("RecordsRedriven", result.counters().reproduced(), MetricUnit.COUNT);
            metrics.addMetric("RecordsParked", result.counters().parked(), MetricUnit.COUNT);
            RedriveJson.MAPPER.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    /** Closes the Kafka connections kept between invocations (Lambda never calls this; the local world does on shutdown). */
    @Override
    public void close() {
        worker.close();
    }
}
