package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.error.StatesFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Predicate;

/**
 * Runs the children of a Parallel or Map state with at most {@code limit} at once (0 = the runtime's cap), each in its
 * own cancellation scope. When {@code stop} says the collected failures are fatal, the siblings still running are
 * cancelled and no new child starts. A limit of 1 runs the children in order on the calling thread.
 */
final class Fanout {

    /** One child: returns its output or throws StatesFailure. */
    @FunctionalInterface
    interface Child {
        JsonNode run(int index, ExecutionContext scope);
    }

    /** A child's output, or its failure; both null when it never ran (cancelled). */
    record Outcome(JsonNode output, StatesFailure failure) {
        boolean failed() {
            return failure != null;
        }
    }

    private Fanout() {
    }

    static List<Outcome> run(int count, int limit, ExecutionContext ctx, Child child, Predicate<List<Outcome>> stop) {
        int cap = ctx.runtime().parallelism();
        int effective = limit <= 0 ? cap : Math.min(limit, cap);
        Cancellation scope = ctx.cancellation().child();
        ExecutionContext scoped = ctx.withCancellation(scope);
        AtomicReferenceArray<Outcome> outcomes = new AtomicReferenceArray<>(count);
        List<RuntimeException> escalations = new ArrayList<>();
        Runnable[] jobs = new Runnable[count];
        for (int i = 0; i < count; i++) {
            int index = i;
            jobs[i] = () -> {
                try {
                    outcomes.set(index, new Outcome(child.run(index, scoped), null));
                } catch (StatesFailure failure) {
                    outcomes.set(index, new Outcome(null, failure));
                    if (stop.test(snapshot(outcomes))) {
                        scope.cancel(Cancellation.Reason.SIBLING_FAILED);
                    }
                } catch (Cancellation.Cancelled cancelled) {
                    if (cancelled.reason() != Cancellation.Reason.SIBLING_FAILED) {
                        synchronized (escalations) {
                            escalations.add(cancelled);
                        }
                    }
                }
            };
        }
        if (effective == 1) {
            for (Runnable job : jobs) {
                if (scope.reason() != null) {
                    break;
                }
                job.run();
            }
        } else {
            runConcurrently(jobs, effective, ctx, scope);
        }
        ctx.cancellation().check();
        if (!escalations.isEmpty()) {
            throw escalations.get(0);
        }
        return snapshot(outcomes);
    }

    private static void runConcurrently(Runnable[] jobs, int effective, ExecutionContext ctx, Cancellation scope) {
        Semaphore permits = new Semaphore(effective);
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (Runnable job : jobs) {
                permits.acquire();
                if (scope.reason() != null) {
                    permits.release();
                    break;
                }
                futures.add(ctx.runtime().pool().submit(() -> {
                    try {
                        job.run();
                    } finally {
                        permits.release();
                    }
                }));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ctx.cancellation().cancel(Cancellation.Reason.ABORTED);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a Parallel/Map child crashed", e.getCause());
        }
    }

    private static List<Outcome> snapshot(AtomicReferenceArray<Outcome> outcomes) {
        List<Outcome> out = new ArrayList<>(outcomes.length());
        for (int i = 0; i < outcomes.length(); i++) {
            Outcome o = outcomes.get(i);
            out.add(o == null ? new Outcome(null, null) : o);
        }
        return out;
    }
}
