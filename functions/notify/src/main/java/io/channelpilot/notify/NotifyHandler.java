package io.channelpilot.notify;

import io.channelpilot.notification.ItemState;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.refusal.RefusalNotifier;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/** The NotifyOutcome and NotifyRefusals tasks: one published notification per item or per refusal ({@link NotifyInput}). */
public final class NotifyHandler implements RequestStreamHandler {

    private final NotifyService service;
    private final ObjectMapper mapper;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    /** Lambda's entry point: the process environment with the local-world overrides (inert in AWS). */
    public NotifyHandler() {
        this(NotifyWiring.from(FunctionEnvironment.system()));
        NotifyPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    NotifyHandler(NotifyWiring wiring) {
        this.service = wiring.service();
        this.mapper = wiring.mapper();
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            JsonNode in = NotifyInput.read(mapper, input);
            if (NotifyInput.isRefusals(in)) {
                List<RefusalNotifier.Sent> sent = PowertoolsLogging.withLogging(context,
                        () -> service.notifyRefusals(NotifyInput.refusals(mapper, in)));
                long duplicates = sent.stream().filter(RefusalNotifier.Sent::duplicate).count();
                metrics.addMetric("RefusalsNotified", sent.size() - duplicates, MetricUnit.COUNT);
                metrics.addMetric("NotificationsDeduplicated", duplicates, MetricUnit.COUNT);
                mapper.writeValue(output, Map.of("refusals", sent));
                return;
            }
            NotifyResult result = PowertoolsLogging.withLogging(context, () -> service.notify(ItemState.parse(in, mapper)));
            metrics.addMetric(result.duplicate() ? "NotificationsDeduplicated" : "NotificationsSent", 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }
}
