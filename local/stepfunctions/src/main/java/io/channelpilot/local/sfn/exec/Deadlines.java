package io.channelpilot.local.sfn.exec;

import java.time.Duration;
import java.time.Instant;

/**
 * The state machine's "TimeoutSeconds": "If the state machine runs longer than the specified time, then the execution
 * fails with a States.Timeout Error Name" (ASL spec, Top-level fields). Time is the injected (virtual) clock.
 */
final class Deadlines {

    private Deadlines() {
    }

    static void check(ExecutionContext ctx) {
        if (ctx.deadline() != null && !ctx.runtime().clock().instant().isBefore(ctx.deadline())) {
            ctx.cancellation().cancel(Cancellation.Reason.TIMED_OUT);
            ctx.cancellation().check();
        }
    }

    /** Sleeps on the injected Sleeper, but never past the execution deadline (then the execution times out). */
    static void sleep(ExecutionContext ctx, Duration duration) {
        ctx.cancellation().check();
        Instant now = ctx.runtime().clock().instant();
        Duration allowed = duration;
        boolean timesOut = false;
        if (ctx.deadline() != null && now.plus(duration).isAfter(ctx.deadline())) {
            allowed = Duration.between(now, ctx.deadline());
            timesOut = true;
        }
        try {
            if (!allowed.isNegative() && !allowed.isZero()) {
                ctx.runtime().sleeper().sleep(allowed);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ctx.cancellation().cancel(Cancellation.Reason.ABORTED);
        }
        if (timesOut) {
            check(ctx);
        }
        ctx.cancellation().check();
    }
}
