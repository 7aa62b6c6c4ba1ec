package io.channelpilot.local.sfn.task.lambda;

/**
 * Thrown inside an in-process invocation to stand for the function's runtime dying mid-invocation (its JVM killed):
 * {@link LambdaFunctions} answers {@code Runtime.ExitError}, as the Lambda service does for a runtime that exited
 * without a response, and discards the instance, so the next invoke starts on a fresh one (a new execution
 * environment). An {@link Error}, so the product's {@code catch (Exception)} blocks do not see it, as they would not
 * see a SIGKILL.
 */
public class RuntimeExit extends Error {

    public RuntimeExit(String message) {
        super(message, null, false, false);
    }
}
