package io.channelpilot.priming;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * A function's SnapStart priming as a CRaC {@link Resource}: {@link #beforeCheckpoint} runs every step once and keeps
 * the {@link PrimingReport}. Steps never throw out of priming (a failed step is reported, the snapshot still happens).
 *
 * <p>SDK steps build their own client of the same service with the functions' conventions (region from
 * {@code AWS_REGION}, {@link UrlConnectionHttpClient}) but with fixed dummy credentials, no retries and
 * {@link AbortBeforeTransmission}: the snapshot then holds the SDK's classes, endpoint rules and marshallers warm, and
 * neither the function's credentials nor an open connection (both would be stale after restore); their endpoint is
 * {@link #NOWHERE}. Nothing random is
 * seeded at init by the functions (ids come from {@code SecureRandom}/UUIDs at call time), so {@link #afterRestore}
 * only counts restores.
 */
public final class Priming implements Resource {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Priming.class);

    /** CRaC holds registered resources weakly: this keeps every registered priming alive with the handler class. */
    private static final List<Priming> REGISTERED = new CopyOnWriteArrayList<>();

    /**
     * Defence in depth: should a request ever get past the abort interceptor it goes to the loopback discard port
     * (connection refused), never to a service.
     */
    static final URI NOWHERE = URI.create("http://127.0.0.1:9");

    private final String function;
    private final List<Step> steps;
    private final Region region;
    private final AtomicInteger restores = new AtomicInteger();
    private volatile PrimingReport last;

    private interface Step {
        PrimingStep run(SdkHttpClient http, Region region);
    }

    private Priming(String function, List<Step> steps, Region region) {
        this.function = function;
        this.steps = List.copyOf(steps);
        this.region = region;
    }

    public static Builder forFunction(String function, Map<String, String> env) {
        String name = env.get("AWS_REGION");
        return new Builder(function, Region.of(name == null || name.isBlank() ? "us-east-1" : name));
    }

    /** Registers with the global CRaC context (a no-op checkpoint-wise on a JVM without CRaC) and keeps it alive. */
    public Priming register() {
        REGISTERED.add(this);
        Core.getGlobalContext().register(this);
        return this;
    }

    @Override
    public void beforeCheckpoint(Context<? extends Resource> context) {
        last = prime();
        // one line per snapshot: what a SnapStart version's init log (and the local runtime mode's tier) shows
        LOG.info("SnapStart priming of {}: {}/{} steps primed{}", function,
                last.steps().stream().filter(s -> s.outcome() == PrimingStep.Outcome.PRIMED).count(), last.steps().size(),
                last.allPrimed() ? "" : "; not primed: " + last.steps().stream().filter(s -> s.outcome() != PrimingStep.Outcome.PRIMED)
                        .map(PrimingStep::name).toList());
    }

    @Override
    public void afterRestore(Context<? extends Resource> context) {
        restores.incrementAndGet();
    }

    /** Runs every step once; what {@link #beforeCheckpoint} does. */
    public PrimingReport prime() {
        int before = ManagementFactory.getClassLoadingMXBean().getLoadedClassCount();
        List<PrimingStep> done = new ArrayList<>();
        try (SdkHttpClient http = UrlConnectionHttpClient.create()) {
            for (Step step : steps) {
                done.add(step.run(http, region));
            }
        }
        return new PrimingReport(function, done, before, ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());
    }

    public Optional<PrimingReport> lastReport() {
        return Optional.ofNullable(last);
    }

    public int restores() {
        return restores.get();
    }

    /** The primings registered in this JVM (the handler's no-arg constructor registers one). */
    public static List<Priming> registered() {
        return List.copyOf(REGISTERED);
    }

    /** A classpath resource as bytes (the function's sample event packaged under {@code priming/}). */
    public static byte[] resource(String path) {
        try (InputStream in = Priming.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("priming resource " + path + " is not on the classpath");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static final class Builder {
        private final String function;
        private final Region region;
        private final List<Step> steps = new ArrayList<>();

        private Builder(String function, Region region) {
            this.function = function;
            this.region = region;
        }

        /** A Jackson (or any in-process) path; primed when it returns. */
        public Builder json(String name, Callable<?> action) {
            steps.add((http, r) -> {
                try {
                    action.call();
                    return PrimingStep.primed(name, "ran");
                } catch (Exception | LinkageError e) {
                    return PrimingStep.failed(name, e);
                }
            });
            return this;
        }

        /** One request through a fresh client of the service; primed when it was stopped at transmission. */
        public <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C extends SdkAutoCloseable> Builder sdk(
                String name, Supplier<B> builder, Consumer<C> call) {
            steps.add((http, r) -> {
                try (C client = builder.get().region(r).httpClient(http).endpointOverride(NOWHERE)
                        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("priming", "priming")))
                        .overrideConfiguration(o -> o.addExecutionInterceptor(new AbortBeforeTransmission())
                                .retryStrategy(AwsRetryStrategy.doNotRetry()))
                        .build()) {
                    call.accept(client);
                    return PrimingStep.failed(name, new IllegalStateException("the request was not stopped before transmission"));
                } catch (RuntimeException | LinkageError e) {
                    return aborted(e) ? PrimingStep.primed(name, "marshalled and signed, stopped before transmission")
                            : PrimingStep.failed(name, e);
                }
            });
            return this;
        }

        public Priming build() {
            return new Priming(function, steps, region);
        }

        private static boolean aborted(Throwable e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof AbortBeforeTransmission.Aborted) {
                    return true;
                }
            }
            return false;
        }
    }
}
