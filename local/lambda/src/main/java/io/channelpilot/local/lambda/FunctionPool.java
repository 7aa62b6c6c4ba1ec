package io.channelpilot.local.lambda;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The execution environments of one function: an idle instance is reused (warm start), a new one is started when all
 * are busy (up to {@code maxInstances}, then callers wait, as reserved concurrency would queue them), an instance that
 * timed out, died, or reported an error the runtime exits on ({@code VirtualMachineError}, {@code IOError}) is
 * discarded. Init is waited for by the first invocation of an instance. On demand, an init that overruns the init
 * limit (Lambda: 10 s) is abandoned and run again inside the invocation, as Lambda does ("If the Init phase times
 * out, Lambda retries it at the first invoke ... subject to the configured function timeout"): the instance is killed,
 * a fresh one initialises, and init plus handler together get the function's {@code Timeout}. With SnapStart, init
 * happens when the version is published (Lambda allows 15 minutes), so only the function's Timeout bounds restore.
 */
final class FunctionPool implements AutoCloseable {

    /** One invocation as the pool ran it: the outcome, whether it paid an init, and the times. */
    record Run(Outcome outcome, boolean coldStart, long initMs, long invokeMs, String instance, FunctionInstance.Timeline timeline) {
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();
    /** The VirtualMachineError and IOError classes the runtime client exits after. */
    private static final Set<String> FATAL_ERRORS = Set.of("java.lang.OutOfMemoryError", "java.lang.StackOverflowError",
            "java.lang.InternalError", "java.lang.UnknownError", "java.io.IOError");

    private final FunctionDeployment fn;
    private final String arn;
    private final Path taskRoot;
    private final Path dir;
    private final RuntimeLayout layout;
    private final Function<FunctionDeployment, Map<String, String>> reserved;
    private final RuntimeFaults faults;
    private final int maxInstances;
    private final Duration initLimit;
    private final List<FunctionInstance> all = new ArrayList<>();
    private final Deque<FunctionInstance> idle = new ArrayDeque<>();
    private final Set<FunctionInstance> initialised = new HashSet<>();
    private int started;
    private boolean closed;

    FunctionPool(FunctionDeployment fn, String arn, Path dir, RuntimeLayout layout,
                 Function<FunctionDeployment, Map<String, String>> reserved, RuntimeFaults faults, int maxInstances,
                 Duration initLimit) {
        this.fn = fn;
        this.arn = arn;
        this.dir = dir;
        this.layout = layout;
        this.reserved = reserved;
        this.faults = faults;
        this.maxInstances = maxInstances;
        this.initLimit = initLimit;
        try {
            this.taskRoot = Zips.unpack(fn.zip(), Files.createDirectories(dir).resolve("task"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack " + fn.zip() + " (run `mvn package` first)", e);
        }
    }

    FunctionDeployment deployment() {
        return fn;
    }

    Run invoke(byte[] payload, String clientContext) {
        FunctionInstance instance = acquire();
        boolean cold;
        long initMs = 0;
        Duration timeout = Duration.ofSeconds(fn.timeoutSeconds());
        synchronized (this) {
            cold = !initialised.contains(instance);
        }
        if (cold) {
            long t0 = System.nanoTime();
            boolean onDemand = fn.initType() == InitType.ON_DEMAND;
            Outcome init = instance.awaitInit(onDemand ? initLimit : timeout);
            if (init != null && init.kind() == Outcome.Kind.TIMEOUT && onDemand) {
                // the init retry inside the invocation: a fresh instance, init and handler within the Timeout
                discard(instance);
                instance = replacement();
                long t1 = System.nanoTime();
                init = instance.awaitInit(timeout);
                timeout = timeout.minusNanos(System.nanoTime() - t1);
            }
            initMs = (System.nanoTime() - t0) / 1_000_000;
            if (init != null) {
                discard(instance);
                return new Run(init, true, initMs, 0, instance.id(), instance.timeline());
            }
            synchronized (this) {
                initialised.add(instance);
            }
        }
        Duration frozenFor = faults.takeTimeout(fn.name());
        FunctionInstance.Fault fault = frozenFor != null ? FunctionInstance.Fault.HANG
                : faults.takeOutOfMemory(fn.name()) ? FunctionInstance.Fault.OUT_OF_MEMORY : FunctionInstance.Fault.NONE;
        long t2 = System.nanoTime();
        Outcome outcome = timeout.isNegative() || timeout.isZero()
                ? new Outcome(Outcome.Kind.TIMEOUT, "Sandbox.Timedout", FunctionInstance.errorDocument("Sandbox.Timedout",
                "Error: init retried within the invoke used up the " + fn.timeoutSeconds() + " s timeout"))
                : instance.invoke(payload, clientContext, timeout, fault, frozenFor == null ? timeout : frozenFor);
        long invokeMs = (System.nanoTime() - t2) / 1_000_000;
        if (outcome.kind() == Outcome.Kind.TIMEOUT || outcome.kind() == Outcome.Kind.EXITED || exitsAfter(outcome)
                || !instance.alive()) {
            discard(instance);
        } else {
            release(instance);
        }
        return new Run(outcome, cold, initMs, invokeMs, instance.id(), instance.timeline());
    }

    /**
     * The runtime client ends its loop after reporting a {@code VirtualMachineError} or {@code IOError} (its
     * {@code startRuntimeLoop}: {@code shouldExit = t instanceof VirtualMachineError || t instanceof IOError}), so
     * that instance must not be reused even if its JVM has not exited yet.
     */
    private static boolean exitsAfter(Outcome outcome) {
        if (outcome.kind() != Outcome.Kind.FUNCTION_ERROR) {
            return false;
        }
        try {
            String type = JSON.readTree(outcome.body()).path("errorType").asText();
            return FATAL_ERRORS.contains(type);
        } catch (IOException notJson) {
            return false;
        }
    }

    /** A new instance in place of one just discarded (the init retry), not subject to the instance cap wait. */
    private synchronized FunctionInstance replacement() {
        if (closed) {
            throw new IllegalStateException(fn.name() + ": the local Lambda service is closed");
        }
        FunctionInstance i = spawn();
        all.add(i);
        return i;
    }

    /**
     * Starts one instance ahead of any invocation and waits until it is ready: on demand, its init done; SnapStart, its
     * snapshot point (before-checkpoint hooks run, restore pending). False if it failed first (an invoke then reports it).
     */
    boolean prewarm(Duration limit) {
        FunctionInstance instance = acquire();
        boolean ok = fn.initType() == InitType.SNAP_START ? instance.awaitCheckpoint(limit) : instance.awaitInit(limit) == null;
        if (ok && fn.initType() == InitType.ON_DEMAND) {
            synchronized (this) {
                initialised.add(instance);
            }
        }
        release(instance);
        return ok;
    }

    private synchronized FunctionInstance acquire() {
        while (true) {
            if (closed) {
                throw new IllegalStateException(fn.name() + ": the local Lambda service is closed");
            }
            while (!idle.isEmpty()) {
                FunctionInstance i = idle.pollLast();
                if (i.alive()) {
                    return i;
                }
                forget(i);
            }
            if (all.size() < maxInstances) {
                FunctionInstance i = spawn();
                all.add(i);
                return i;
            }
            try {
                wait(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(fn.name() + ": interrupted while waiting for an instance", e);
            }
        }
    }

    private FunctionInstance spawn() {
        String id = fn.name() + "-" + fn.initType().variable() + "-" + (++started);
        FunctionDeployment deployment = faults.takeInitFailure(fn.name())
                ? new FunctionDeployment(fn.name(), "io.channelpilot.local.lambda.fault.NoSuchHandler::handleRequest", fn.zip(),
                fn.memoryMb(), fn.timeoutSeconds(), fn.initType(), fn.environment())
                : fn;
        try {
            return FunctionInstance.start(id, deployment, arn, taskRoot, dir, layout, reserved.apply(deployment),
                    faults.jvmOptionsFor(fn.name()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start an instance of " + fn.name(), e);
        }
    }

    private synchronized void release(FunctionInstance instance) {
        if (instance.alive() && !closed) {
            idle.addLast(instance);
        } else {
            forget(instance);
        }
        notifyAll();
    }

    private synchronized void discard(FunctionInstance instance) {
        instance.kill();
        forget(instance);
        notifyAll();
    }

    private void forget(FunctionInstance instance) {
        all.remove(instance);
        idle.remove(instance);
        initialised.remove(instance);
    }

    /** Kills every running instance now (a fault); in-flight invocations see {@code Runtime.ExitError}. */
    synchronized int kill() {
        int n = all.size();
        for (FunctionInstance i : List.copyOf(all)) {
            i.kill();
            forget(i);
        }
        notifyAll();
        return n;
    }

    synchronized List<Long> pids() {
        return all.stream().filter(FunctionInstance::alive).map(FunctionInstance::pid).toList();
    }

    @Override
    public void close() {
        List<FunctionInstance> instances;
        synchronized (this) {
            closed = true;
            instances = List.copyOf(all);
            all.clear();
            idle.clear();
            notifyAll();
        }
        instances.parallelStream().forEach(FunctionInstance::close);
    }
}
