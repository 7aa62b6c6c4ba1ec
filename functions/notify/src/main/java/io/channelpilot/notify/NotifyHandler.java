package io.channelpilot.notify;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.ProvisioningClients;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.DynamoDbStatusStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import io.channelpilot.time.TimeSource;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** NotifyOutcome task: the whole Map item state → one published notification ({@link NotifyResult}). */
public final class NotifyHandler implements RequestStreamHandler {

    private final NotifyService service;
    private final ObjectMapper mapper;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    public NotifyHandler() {
        this(FunctionEnvironment.system());
    }

    /** Lambda entry point's wiring: the process environment with the local-world overrides (inert in AWS). */
    private NotifyHandler(FunctionEnvironment fn) {
        this(fn.variables(), fn.time());
        NotifyPriming.register(fn.variables()); // SnapStart: primes SDK clients and Jackson before the snapshot
    }

    public NotifyHandler(Map<String, String> env) {
        this(env, TimeSource.system());
    }

    /** The local world's entry point: its virtual clock instead of the system one. */
    public NotifyHandler(Map<String, String> env, TimeSource time) {
        this(wire(env, NotifyConfig.from(env), time.clock()), ItemState.mapper());
    }

    public NotifyHandler(NotifyService service, ObjectMapper mapper) {
        this.service = service;
        this.mapper = mapper;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            NotifyResult result = PowertoolsLogging.withLogging(context,
                    () -> service.notify(ItemState.parse(read(input), mapper)));
            metrics.addMetric(result.duplicate() ? "NotificationsDeduplicated" : "NotificationsSent", 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    public static NotifyService wire(Map<String, String> env, NotifyConfig config, Clock clock) {
        ProvisioningClients clients = new ProvisioningClients(env);
        ObjectMapper mapper = ItemState.mapper();
        return new NotifyService(new SnsNotificationPublisher(clients.sns(), config.topicArn()),
                new NotificationRenderer(mapper), new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock),
                clock, mapper, config.dedupeTtl());
    }

    private JsonNode read(InputStream input) {
        try {
            return mapper.readTree(input);
        } catch (IOException e) {
            throw new UncheckedIOException("task input is not JSON", e);
        }
    }
}
