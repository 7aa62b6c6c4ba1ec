package io.channelpilot.local.sfn.exec;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Stops work that no longer matters: the execution was stopped (StopExecution) or timed out, or a sibling Parallel
 * branch / Map iteration failed. Checked whenever a state is entered and before a retry or wait.
 */
final class Cancellation {

    /** Why work stops; ABORTED and TIMED_OUT end the execution with that status. */
    enum Reason { ABORTED, TIMED_OUT, SIBLING_FAILED }

    /** Thrown to unwind the interpreter; never caught by Retry/Catch. */
    static final class Cancelled extends RuntimeException {
        private final Reason reason;

        Cancelled(Reason reason) {
            super(reason.name(), null, false, false);
            this.reason = reason;
        }

        Reason reason() {
            return reason;
        }
    }

    private final Cancellation parent;
    private final AtomicReference<Reason> reason = new AtomicReference<>();

    Cancellation(Cancellation parent) {
        this.parent = parent;
    }

    static Cancellation root() {
        return new Cancellation(null);
    }

    Cancellation child() {
        return new Cancellation(this);
    }

    void cancel(Reason why) {
        reason.compareAndSet(null, why);
    }

    Reason reason() {
        Reason own = reason.get();
        return own != null || parent == null ? own : parent.reason();
    }

    void check() {
        Reason why = reason();
        if (why != null) {
            throw new Cancelled(why);
        }
    }
}
