package io.channelpilot.local.world.http;

import io.channelpilot.time.Sleeper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decides, per call, whether to inject a fault. Rules are evaluated in the order added; the first rule that yields a
 * fault wins (one seeded draw per matching rule: throttling, else a 5xx instead of the call, else a 5xx after it). Latency from every matching rule is applied through the injected {@link Sleeper}.
 */
public final class FaultInjector {

    /**
     * The decision for one call: an error to return, and a label for reports. {@code afterHandling}: the emulator
     * carries the call out first and the error replaces its answer (a lost response); otherwise it is never called.
     */
    public record Injected(AwsServiceError error, String label, boolean afterHandling) {
        public Injected(AwsServiceError error, String label) {
            this(error, label, false);
        }
    }

    private final List<FaultRule> rules = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicLong> callNumbers = new ConcurrentHashMap<>();
    private final Random random;
    private final Sleeper sleeper;

    public FaultInjector(long seed, Sleeper sleeper) {
        this.random = new Random(seed);
        this.sleeper = sleeper;
    }

    public void add(FaultRule rule) {
        rules.add(rule);
    }

    public void clear() {
        rules.clear();
        callNumbers.clear();
    }

    public List<FaultRule> rules() {
        return List.copyOf(rules);
    }

    Optional<Injected> decide(String key, ServiceEmulator service) {
        long callNumber = callNumbers.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
        Injected decision = null;
        Duration latency = Duration.ZERO;
        for (FaultRule rule : rules) {
            if (!rule.matches(key)) {
                continue;
            }
            latency = latency.plus(rule.latency());
            if (decision == null) {
                decision = decideOne(rule, callNumber, service);
            }
        }
        if (!latency.isZero()) {
            try {
                sleeper.sleep(latency);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return Optional.ofNullable(decision);
    }

    private Injected decideOne(FaultRule rule, long callNumber, ServiceEmulator service) {
        for (FaultRule.ScriptedFailure s : rule.scripted()) {
            if (s.covers(callNumber)) {
                return new Injected(new AwsServiceError(s.status(), s.code(), s.message()), "scripted:" + s.code());
            }
        }
        double draw;
        synchronized (random) {
            draw = random.nextDouble();
        }
        if (draw < rule.throttleRate()) {
            return new Injected(service.throttlingError(), "throttle");
        }
        if (draw < rule.throttleRate() + rule.serverErrorRate()) {
            return new Injected(service.internalError(), "5xx");
        }
        if (draw < rule.throttleRate() + rule.serverErrorRate() + rule.serverErrorAfterRate()) {
            return new Injected(service.internalError(), "5xx-after", true);
        }
        return null;
    }
}
