package io.channelpilot.local.lambda;

/**
 * How one invocation (or one init) ended, as the Runtime API saw it. {@code errorType} is the
 * {@code Lambda-Runtime-Function-Error-Type} header the runtime sent (or the emulator's own {@code Sandbox.Timedout} /
 * {@code Runtime.ExitError}); {@code body} is the response payload or the runtime's error document.
 */
record Outcome(Kind kind, String errorType, byte[] body) {

    enum Kind {
        /** POST /runtime/invocation/{id}/response. */
        RESPONSE,
        /** POST /runtime/invocation/{id}/error: the function threw. */
        FUNCTION_ERROR,
        /** POST /runtime/init/error: init (or, SnapStart, a beforeCheckpoint hook) failed. */
        INIT_ERROR,
        /** POST /runtime/restore/error: an afterRestore hook failed (Lambda answers SnapStartException). */
        RESTORE_ERROR,
        /** The function ran past its Timeout; the instance was killed. */
        TIMEOUT,
        /** The runtime process exited without answering. */
        EXITED
    }
}
