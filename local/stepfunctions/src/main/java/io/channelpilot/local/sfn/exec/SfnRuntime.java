package io.channelpilot.local.sfn.exec;

import io.channelpilot.local.sfn.s3.S3ObjectLister;
import io.channelpilot.time.Sleeper;
import java.time.Clock;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What every execution shares: the (virtual) clock and its sleeper, the seeded random source (FULL jitter,
 * States.UUID, States.MathRandom), the task invoker, the S3 lister for Distributed Map, and the worker pool.
 * <p>{@code parallelism} caps how many Map iterations / child workflows run at once locally, whatever MaxConcurrency
 * allows (AWS runs up to 40 inline and 10 000 distributed; a laptop does not need to).
 */
public record SfnRuntime(Clock clock, Sleeper sleeper, Random random, TaskInvoker invoker, S3ObjectLister lister,
        int parallelism, ExecutorService pool) {

    public static final int DEFAULT_PARALLELISM = 8;

    public static SfnRuntime of(Clock clock, Sleeper sleeper, TaskInvoker invoker) {
        return new SfnRuntime(clock, sleeper, new Random(0), invoker, (bucket, prefix) -> {
            throw new S3ObjectLister.ListingFailed("no S3 lister configured for bucket " + bucket, null);
        }, DEFAULT_PARALLELISM, daemonPool());
    }

    public SfnRuntime withRandom(Random other) {
        return new SfnRuntime(clock, sleeper, other, invoker, lister, parallelism, pool);
    }

    public SfnRuntime withLister(S3ObjectLister other) {
        return new SfnRuntime(clock, sleeper, random, invoker, other, parallelism, pool);
    }

    public SfnRuntime withInvoker(TaskInvoker other) {
        return new SfnRuntime(clock, sleeper, random, other, lister, parallelism, pool);
    }

    public SfnRuntime withParallelism(int other) {
        if (other < 1) {
            throw new IllegalArgumentException("parallelism must be >= 1, was " + other);
        }
        return new SfnRuntime(clock, sleeper, random, invoker, lister, other, pool);
    }

    /** Cached daemon threads: nested Parallel/Map blocking on children can never starve the pool. */
    static ExecutorService daemonPool() {
        return Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "sfn-local-worker");
            t.setDaemon(true);
            return t;
        });
    }
}
