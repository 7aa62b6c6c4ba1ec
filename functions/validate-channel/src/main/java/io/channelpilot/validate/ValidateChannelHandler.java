package io.channelpilot.validate;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.workflow.TaskInputs;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import software.amazon.lambda.powertools.logging.PowertoolsLogging;
import software.amazon.lambda.powertools.metrics.Metrics;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * The {@code Validate} task of the provisioning workflow: runs every pre-flight rule (DESIGN §6) for the intent's
 * desired spec and returns the {@code ValidationReport}; creates nothing. Input and output: {@link ValidateCommand}.
 */
public final class ValidateChannelHandler implements RequestStreamHandler {

    private static final Metrics METRICS = MetricsFactory.getMetricsInstance();
    private final ValidateChannelService service;

    /** Lambda's entry point: the process environment (local-world overrides inert in AWS), lookups prefetched. */
    public ValidateChannelHandler() {
        this(ValidateWiring.from(FunctionEnvironment.system(), Optional.of(ValidateWiring.prefetchPool())));
        ValidatePriming.register(FunctionEnvironment.system().variables()); // SnapStart: primes SDK clients and Jackson
    }

    ValidateChannelHandler(ValidateWiring wiring) {
        this.service = wiring.service();
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
