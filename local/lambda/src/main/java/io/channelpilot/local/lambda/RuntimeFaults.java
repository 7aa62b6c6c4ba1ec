package io.channelpilot.local.lambda;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Lambda-level faults of the runtime mode, for fault suites (the hooks issue 16 builds on). Each acts on the real
 * path: an init failure is the real runtime client failing to load a handler, an OOM is the JVM's, a killed instance
 * is a killed process; only the service error is synthesised, because it happens in front of any execution
 * environment.
 * <ul>
 *   <li>{@link #failInit}: the next {@code n} instances of a function start with a handler class that does not exist;
 *   the runtime client then answers every invoke of such an instance with {@code java.lang.ClassNotFoundException}
 *   ("Class not found: ..."), as Lambda does for a missing handler class, until the instance is killed. For an init
 *   that crashes the JVM, use {@link #jvmOptions} (e.g. a heap too small to start: {@code Runtime.ExitError}).</li>
 *   <li>{@link #jvmOptions}: extra JVM options for the function's next instances (e.g. {@code -XX:MaxHeapSize=8m} for
 *   an out-of-memory init or invoke).</li>
 *   <li>{@link #serviceError}: the next {@code n} invokes of a function fail with a Lambda service error
 *   ({@code Lambda.TooManyRequestsException}, {@code Lambda.ServiceException}, ...) before reaching an instance.</li>
 *   <li>{@link #timeout}: the next {@code n} invokes of a function overrun its {@code Timeout}: as the event is handed
 *   over, the instance's JVM is frozen ({@code SIGSTOP}), as a hung downstream call or a GC spiral would hold the
 *   handler, so the deadline passes with the invocation in progress; the instance is killed and the caller sees
 *   {@code Sandbox.Timedout}. The wait is the function's Timeout, or shorter if the fault says so (the error still
 *   names the configured Timeout).</li>
 *   <li>{@link #outOfMemory}: the next {@code n} invokes of a function exhaust its JVM's heap: before the event is
 *   handed over, a heap hog is attached to the instance ({@link io.channelpilot.local.lambda.fault.HeapHog}, the JDK's
 *   attach API) and holds the heap to its limit (85 % of MemorySize), so the handler's own allocations fail; what the
 *   caller sees is what the runtime client does then: it reports {@code java.lang.OutOfMemoryError} and exits, or,
 *   when even that cannot allocate, the runtime dies ({@code Runtime.ExitError}).</li>
 *   <li>{@code RuntimeLambdaService#kill(String)}: kills every running instance of a function now.</li>
 * </ul>
 */
public final class RuntimeFaults {

    /** A synthesised Lambda service error. */
    public record ServiceError(String name, String message) {
    }

    private final Map<String, Integer> failInits = new ConcurrentHashMap<>();
    private final Map<String, Integer> timeouts = new ConcurrentHashMap<>();
    private final Map<String, Duration> frozenFor = new ConcurrentHashMap<>();
    private final Map<String, Integer> outOfMemory = new ConcurrentHashMap<>();
    private final Map<String, List<String>> jvmOptions = new ConcurrentHashMap<>();
    private final Map<String, List<ServiceError>> serviceErrors = new ConcurrentHashMap<>();

    public RuntimeFaults failInit(String function, int times) {
        failInits.merge(function, times, Integer::sum);
        return this;
    }

    /** The next {@code times} invokes overrun the function's Timeout; the emulator waits the full Timeout. */
    public RuntimeFaults timeout(String function, int times) {
        return timeout(function, times, Duration.ofSeconds(900));
    }

    /**
     * As {@link #timeout(String, int)}, but the frozen invocation is given up after {@code frozenFor} (when shorter
     * than the Timeout) instead of the whole Timeout: a frozen JVM cannot make progress, so the outcome and the error
     * (which still names the configured Timeout) are the same, minus the wall time.
     */
    public RuntimeFaults timeout(String function, int times, Duration frozenFor) {
        this.frozenFor.put(function, frozenFor);
        timeouts.merge(function, times, Integer::sum);
        return this;
    }

    public RuntimeFaults outOfMemory(String function, int times) {
        outOfMemory.merge(function, times, Integer::sum);
        return this;
    }

    public RuntimeFaults jvmOptions(String function, List<String> options) {
        jvmOptions.put(function, List.copyOf(options));
        return this;
    }

    public RuntimeFaults serviceError(String function, String errorName, String message, int times) {
        List<ServiceError> errors = serviceErrors.computeIfAbsent(function, f -> new ArrayList<>());
        synchronized (errors) {
            for (int i = 0; i < times; i++) {
                errors.add(new ServiceError(errorName, message));
            }
        }
        return this;
    }

    /** Consumes one planned init failure of the function. */
    boolean takeInitFailure(String function) {
        return take(failInits, function);
    }

    /** Consumes one planned timeout of the function's invokes: how long to wait for the frozen JVM, or null. */
    Duration takeTimeout(String function) {
        return take(timeouts, function) ? frozenFor.getOrDefault(function, Duration.ofSeconds(900)) : null;
    }

    /** Consumes one planned heap exhaustion of the function's invokes. */
    boolean takeOutOfMemory(String function) {
        return take(outOfMemory, function);
    }

    private static boolean take(Map<String, Integer> planned, String function) {
        boolean[] taken = {false};
        planned.computeIfPresent(function, (f, n) -> {
            taken[0] = true;
            return n > 1 ? n - 1 : null;
        });
        return taken[0];
    }

    List<String> jvmOptionsFor(String function) {
        return jvmOptions.getOrDefault(function, List.of());
    }

    Optional<ServiceError> takeServiceError(String function) {
        List<ServiceError> errors = serviceErrors.get(function);
        if (errors == null) {
            return Optional.empty();
        }
        synchronized (errors) {
            return errors.isEmpty() ? Optional.empty() : Optional.of(errors.remove(0));
        }
    }
}
