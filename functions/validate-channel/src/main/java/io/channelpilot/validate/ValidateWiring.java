package io.channelpilot.validate;

import io.channelpilot.gateway.AwsClients;
import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.validation.ValidationEngine;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.lambda.powertools.metrics.MetricsFactory;

/**
 * The composition root of validate-channel: the service over the SDK gateways ({@link #from}) or over the ports a test
 * passes (the record's constructor).
 */
record ValidateWiring(ValidateChannelService service) {

    /** At most this many AWS lookups of one validation in flight at once (there are eight shared facts). */
    static final int PREFETCH_THREADS = 4;

    /**
     * The Lambda runtime's and the local world's wiring: the function environment's variables and clock. With
     * {@code prefetch} (Lambda), the shared AWS facts of a validation are fetched concurrently, so their network
     * latencies overlap; without (the local world), every lookup runs on the caller's thread, in rule order.
     */
    static ValidateWiring from(FunctionEnvironment fn, Optional<Executor> prefetch) {
        return from(ValidateConfig.from(fn.variables()), AwsClients.from(fn.variables()), fn.time(), prefetch);
    }

    static ValidateWiring from(ValidateConfig config, AwsClients clients, TimeSource time, Optional<Executor> prefetch) {
        return new ValidateWiring(new ValidateChannelService(config.stack(), config.validation(), clients.gateways(time.clock()),
                ValidationEngine.standard(), MetricsFactory.getMetricsInstance(), prefetch));
    }

    /** Daemon threads, created on first use: an idle pool never keeps the runtime alive or costs init time. */
    static ExecutorService prefetchPool() {
        return Executors.newFixedThreadPool(PREFETCH_THREADS, task -> {
            Thread thread = new Thread(task, "validate-prefetch");
            thread.setDaemon(true);
            return thread;
        });
    }
}
