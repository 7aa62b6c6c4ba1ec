package io.channelpilot.validate;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.model.StackSettings;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.validation.ValidationEngine;
import io.channelpilot.validation.ValidationSettings;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * The {@code Validate} task of the provisioning workflow: runs every pre-flight rule (DESIGN §6) for the intent's
 * desired spec and returns the {@code ValidationReport}; creates nothing.
 *
 * <p><b>Input</b> (the Map iteration's state, passed whole by the state machine):
 * <pre>{
 *   "intent": {"clusterArn": "...", "topic": "...", "channelName": "...", "plan": "CREATE", "reason": "...",
 *              "desired": {ChannelSpec JSON: clusterArn, topic, namespace, table, schema {registry, schema},
 *                          format JSON|GSR, partitionColumn, freshnessSeconds, compression ZSTD|SNAPPY,
 *                          infrastructure {tableBucketArn, dlqBucketArn, dlqPrefix, serviceRoleArn, kmsKeyArn, logGroup},
 *                          operations {owner, redrive, repair [canonical rules], paused, managed, approve}},
 *              "fingerprint": "...", "trigger": "..."},
 *   "correlationId": "...",                          optional; defaults to intent.trigger
 *   "needs": ["CDC" | "UPSERTS" | "DELETES" | "SCHEMA_EVOLUTION" | "EXISTING_TABLE" | "BACKFILL"]   optional
 * }</pre>
 * <p><b>Output</b>: the report — {@code clusterArn, topic, channelName, fingerprint, verdict (PASS|FAIL|INCOMPLETE),
 * passed, errors, warnings, unknown, findings[{code, severity, status, message, remediation, alternatives}]};
 * the state machine routes on {@code $.validation.passed}. A malformed input (no intent, no desired spec) is a
 * contract bug and fails the task with {@code InvalidTaskInput}; bytes that are not a JSON object are
 * {@code INPUT_NOT_OBJECT} at {@code $}, as every other handler answers (it reads the stream itself, so the Lambda
 * runtime's serializer never refuses an input before our code runs).
 *
 * <p>Environment: {@code CHANNEL_PILOT_*} stack settings ({@link StackSettings#from}), {@code QUOTA_*} /
 * {@code THROUGHPUT_WINDOW_MINUTES} ({@link ValidationSettings#from}), {@code AWS_REGION} and optional endpoint
 * overrides ({@link AwsClients}).
 */
public final class ValidateChannelHandler implements RequestStreamHandler {

    private static final Metrics METRICS = MetricsFactory.getMetricsInstance();
    /** At most this many AWS lookups of one validation in flight at once (there are eight shared facts). */
    static final int PREFETCH_THREADS = 4;
    private final ValidateChannelService service;

    /**
     * Lambda entry point: clients are built once per instance (SnapStart-friendly); the shared AWS facts of a
     * validation are fetched concurrently on a small bounded pool, so their network latencies overlap.
     */
    public ValidateChannelHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private ValidateChannelHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time(), Optional.of(prefetchPool()));
        ValidatePriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public ValidateChannelHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock instead of the system one. */
    public ValidateChannelHandler(Map<String, String> env, TimeSource time) {
        this(env, time, Optional.empty());
    }

    private ValidateChannelHandler(Map<String, String> env, TimeSource time, Optional<ExecutorService> prefetch) {
        this(new ValidateChannelService(StackSettings.from(env), ValidationSettings.from(env),
                AwsClients.from(env).gateways(time.clock()), ValidationEngine.standard(), METRICS, prefetch.map(p -> p)));
    }

    /** Daemon threads, created on first use: an idle pool never keeps the runtime alive or costs init time. */
    static ExecutorService prefetchPool() {
        return Executors.newFixedThreadPool(PREFETCH_THREADS, task -> {
            Thread thread = new Thread(task, "validate-prefetch");
            thread.setDaemon(true);
            return thread;
        });
    }

    public ValidateChannelHandler(ValidateChannelService service) {
        this.service = service;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        METRICS.captureColdStartMetric(context);
        try {
            JsonNode root = TaskInputs.readJson(ValidateCommand.MAPPER, input, ValidateCommand.SHAPE);
            Map<String, Object> report = PowertoolsLogging.withLogging(context, () -> service.validate(ValidateCommand.from(root)));
            ValidateCommand.MAPPER.writeValue(output, report);
        } finally {
            METRICS.flush();
        }
    }
}
