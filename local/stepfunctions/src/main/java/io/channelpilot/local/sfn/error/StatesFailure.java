package io.channelpilot.local.sfn.error;

/**
 * Carries a {@link StatesError} up the interpreter's call stack; every action that fails throws it, and the state
 * executor turns it back into a value for the Retry and Catch decisions.
 */
public final class StatesFailure extends RuntimeException {

    private final transient StatesError error;

    public StatesFailure(StatesError error) {
        super(error.name() + ": " + error.cause(), null, false, false);
        this.error = error;
    }

    public static StatesFailure of(String name, String cause) {
        return new StatesFailure(StatesError.of(name, cause));
    }

    public static StatesFailure runtime(String cause) {
        return of(ErrorNames.RUNTIME, cause);
    }

    public StatesError error() {
        return error;
    }
}
