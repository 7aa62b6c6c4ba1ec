package io.channelpilot.runtime;

/**
 * A local-world override variable ({@link FunctionEnvironment}) has a value the function refuses to run with. Raised
 * while the function initialises, so Lambda reports it as the init error; the message is
 * {@code <CODE>: <variable>: <problem> Remediation: <fix>} and never quotes the value.
 */
final class LocalOverrideRefused extends IllegalArgumentException {

    /** Stable codes. */
    public enum Code {
        /** The value is not a URL of the expected scheme. */
        OVERRIDE_URL_INVALID,
        /** The clock override names a host other than loopback. */
        CLOCK_URL_NOT_LOOPBACK
    }

    private final Code code;

    public LocalOverrideRefused(Code code, String variable, String problem, String remediation) {
        super(code.name() + ": " + variable + ": " + problem + " Remediation: " + remediation);
        this.code = code;
    }

    public Code code() {
        return code;
    }
}
