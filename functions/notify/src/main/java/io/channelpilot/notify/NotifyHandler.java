package io.channelpilot.notify;

import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.ItemState;
import io.channelpilot.workflow.WorkflowJson;
import io.channelpilot.gateway.AwsClients;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.SnsNotificationPublisher;
import io.channelpilot.refusal.Refusal;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.store.DynamoDbStatusStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import io.channelpilot.time.TimeSource;
import java.util.List;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * NotifyOutcome task: the whole Map item state → one published notification ({@link NotifyResult}). NotifyRefusals
 * task: {@code {"refusals": [..], "correlationId": ..}} (the ResolveIntents result's refusals) → one deduplicated
 * notification per refusal, answered as {@code {"refusals": [{kind, subject, codes, owner, messageId, duplicate}]}}.
 */
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
        this(wire(env, NotifyConfig.from(env), time.clock()), WorkflowJson.mapper());
    }

    public NotifyHandler(NotifyService service, ObjectMapper mapper) {
        this.service = service;
        this.mapper = mapper;
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            JsonNode in = read(input);
            if (in.has("refusals") && !in.has("intent")) {
                List<RefusalNotifier.Sent> sent = PowertoolsLogging.withLogging(context, () -> service.notifyRefusals(refusals(in)));
                long duplicates = sent.stream().filter(RefusalNotifier.Sent::duplicate).count();
                metrics.addMetric("RefusalsNotified", sent.size() - duplicates, MetricUnit.COUNT);
                metrics.addMetric("NotificationsDeduplicated", duplicates, MetricUnit.COUNT);
                mapper.writeValue(output, Map.of("refusals", sent));
                return;
            }
            NotifyResult result = PowertoolsLogging.withLogging(context,
                    () -> service.notify(ItemState.parse(in, mapper)));
            metrics.addMetric(result.duplicate() ? "NotificationsDeduplicated" : "NotificationsSent", 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }

    public static NotifyService wire(Map<String, String> env, NotifyConfig config, Clock clock) {
        AwsClients clients = AwsClients.from(env);
        ObjectMapper mapper = WorkflowJson.mapper();
        return new NotifyService(new SnsNotificationPublisher(clients.sns(), config.topicArn()),
                NotificationRenderer.fromEnvironment(env, mapper), new DynamoDbStatusStore(clients.dynamoDb(), config.statusTable(), clock),
                clock, mapper, config.dedupeTtl());
    }

    private List<Refusal> refusals(JsonNode in) {
        try {
            return mapper.readerForListOf(Refusal.class).readValue(in.get("refusals"));
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("refusals: not a list of refusals (" + e.getMessage() + ")", e);
        }
    }

    private JsonNode read(InputStream input) {
        try {
            return mapper.readTree(input);
        } catch (IOException e) {
            throw new UncheckedIOException("task input is not JSON", e);
        }
    }
}
