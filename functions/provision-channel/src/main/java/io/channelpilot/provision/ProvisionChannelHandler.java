package io.channelpilot.provision;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.Home;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;
import software.amazon.lambda.powertools.metrics.model.MetricUnit;

/**
 * Provision / UpdateFreshness / Deprovision / DeleteReplaced task: {@code {action, intent, correlationId}} →
 * {@link ProvisionResult}. A refusal is raised as {@code io.channelpilot.workflow.ProvisioningRefused}; lease
 * contention as {@code ChannelBusy}; AWS throttling as {@code AwsThrottled} (names the ASL matches).
 */
public final class ProvisionChannelHandler implements RequestStreamHandler {

    private final ProvisioningService service;
    private final ObjectMapper mapper;
    private final Home home;
    private final Metrics metrics = MetricsFactory.getMetricsInstance();

    /** Lambda's entry point: the process environment with the local-world overrides (inert in AWS). */
    public ProvisionChannelHandler() {
        this(ProvisionWiring.from(FunctionEnvironment.system()));
        ProvisionPriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    ProvisionChannelHandler(ProvisionWiring wiring) {
        this.service = wiring.service();
        this.mapper = wiring.mapper();
        this.home = wiring.home();
    }

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        metrics.captureColdStartMetric(context);
        try {
            ProvisionResult result = PowertoolsLogging.withLogging(context,
                    () -> service.apply(ProvisionRequest.read(input, mapper, home)));
            metrics.addMetric(result.metricName(), 1, MetricUnit.COUNT);
            mapper.writeValue(output, result);
        } finally {
            metrics.flush();
        }
    }
}
