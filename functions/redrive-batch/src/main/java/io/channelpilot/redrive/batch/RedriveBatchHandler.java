package io.channelpilot.redrive.batch;

import io.channelpilot.gateway.AwsClients;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqFormat;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.redrive.DynamoDbRedriveTaskStore;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.Sleeper;
import io.channelpilot.time.TimeSource;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Clock;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** Distributed Map child of redrive-dlq: {@code {"BatchInput": {"taskId"}, "Items": [{"Key"}...]}} → {@link BatchResult}. */
public final class RedriveBatchHandler implements RequestStreamHandler, AutoCloseable {

    private static final ObjectMapper MAPPER = RedriveJson.MAPPER;

    private final BatchWorker worker;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public RedriveBatchHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private RedriveBatchHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        BatchPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public RedriveBatchHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world passes its virtual clock: the token bucket then waits in virtual time. */
    public RedriveBatchHandler(Map<String, String> env, TimeSource time) {
        this(wire(env, time.clock(), time.sleeper()));
    }

    public RedriveBatchHandler(BatchWorker worker) {
        this.worker = worker;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            BatchInput batch = BatchInput.from(read(input));
            BatchResult result = PowertoolsLogging.withLogging(context, () -> worker.run(batch));
            metrics.addMetric("RecordsRedriven", result.counters().reproduced(), MetricUnit.COUNT);
            metrics.addMetric("RecordsParked", result.counters().parked(), MetricUnit.COUNT);
            MAPPER.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    /** Clients built once per instance; the status table name comes from {@code CHANNEL_PILOT_STATUS_TABLE}. */
    public static BatchWorker wire(Map<String, String> env, Clock clock, Sleeper sleeper) {
        String table = env.get("CHANNEL_PILOT_STATUS_TABLE");
        if (table == null || table.isBlank()) {
            throw new IllegalArgumentException("CHANNEL_PILOT_STATUS_TABLE is required");
        }
        AwsClients clients = AwsClients.from(env);
        return new BatchWorker(new DynamoDbRedriveTaskStore(clients.dynamoDb(), table, clock),
                new S3DlqObjects(clients.s3(), new DlqParser(DlqFormat.fromEnv(env)), io.channelpilot.model.Home.from(env).account()),
                new MskKafkaConnector(KafkaSettings.from(env), clients::kafka, clock), clock, sleeper);
    }

    private static com.fasterxml.jackson.databind.JsonNode read(InputStream input) {
        com.fasterxml.jackson.databind.JsonNode node = TaskInputs.readJson(MAPPER, input,
                "Invoke the function only from the redrive-dlq state machine.");
        return node == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : node;
    }

    /** Closes the Kafka connections kept between invocations (Lambda never calls this; the local world does on shutdown). */
    @Override
    public void close() {
        worker.close();
    }
}
