package io.channelpilot.priming;

/**
 * What one priming step did: {@code PRIMED} when the path ran (an SDK request counts as primed only when the abort
 * interceptor stopped it at transmission), {@code FAILED} otherwise, with the exception in {@code detail}.
 */
public record PrimingStep(String name, Outcome outcome, String detail) {

    public enum Outcome { PRIMED, FAILED }

    static PrimingStep primed(String name, String detail) {
        return new PrimingStep(name, Outcome.PRIMED, detail);
    }

    static PrimingStep failed(String name, Throwable error) {
        return new PrimingStep(name, Outcome.FAILED, error.getClass().getName() + ": " + error.getMessage());
    }
}
