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
 * timed out or died is discarded. Init is waited for by the first invocation of an instance, with Lambda's limit
 * (10 s on demand, and the function's {@code Timeout} again when Lambda retries init inside the invoke) as the bound.
 */
final class FunctionPool implements AutoCloseable {

    /** One invocation as the pool ran it: the outcome, whether it paid an init, and the times. */
    record Run(Outcome outcome, boolean coldStart, long initMs, long invokeMs, String instance, FunctionInstance.Timeline timeline) {
    }

    private final FunctionDeployment fn;
    private final String arn;
    private final Path taskRoot;
    private final Path dir;
    private final RuntimeLayout layout;
    private final Function<FunctionDeployment, Map<String, String>> reserved;
    private final RuntimeFaults faults;
    private final int maxInstances;
    private final List<FunctionInstance> all = new ArrayList<>();
    private final Deque<FunctionInstance> idle = new ArrayDeque<>();
    private final Set<FunctionInstance> initialised = new HashSet<>();
    private int started;
    private boolean closed;

    FunctionPool(FunctionDeployment fn, String arn, Path dir, RuntimeLayout layout,
                 Function<FunctionDeployment, Map<String, String>> reserved, RuntimeFaults faults, int maxInstances) {
        this.fn = fn;
        this.arn = arn;
        this.dir = dir;
        this.layout = layout;
        this.reserved = reserved;
        this.faults = faults;
        this.maxInstances = maxInstances;
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
        synchronized (this) {
            cold = !initialised.contains(instance);
        }
        if (cold) {
            long t0 = System.nanoTime();
            Outcome init = instance.awaitInit(initLimit());
            initMs = (System.nanoTime() - t0) / 1_000_000;
            if (init != null) {
                discard(instance);
                return new Run(init, true, initMs, 0, instance.id(), instance.timeline());
            }
            synchronized (this) {
                initialised.add(instance);
            }
        }
        long t1 = System.nanoTime();
        Outcome outcome = instance.invoke(payload, clientContext, Duration.ofSeconds(fn.timeoutSeconds()));
        long invokeMs = (System.nanoTime() - t1) / 1_000_000;
        if (outcome.kind() == Outcome.Kind.TIMEOUT || outcome.kind() == Outcome.Kind.EXITED || !instance.alive()) {
            discard(instance);
        } else {
            release(instance);
        }
        return new Run(outcome, cold, initMs, invokeMs, instance.id(), instance.timeline());
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

    /** Lambda's on-demand init limit is 10 s; an init that overruns it is retried within the invoke's Timeout. */
    private Duration initLimit() {
        return Duration.ofSeconds(10 + fn.timeoutSeconds());
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
