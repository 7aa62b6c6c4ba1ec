package io.channelpilot.tests.fault.crash;

import io.channelpilot.local.sfn.task.lambda.RuntimeExit;

/** The injected crash: the function's runtime dies right after a call took effect, before its answer is used. */
final class Killed extends RuntimeExit {

    Killed(String function, String operation) {
        super(function + " killed after " + operation + " took effect");
        CrashRun.killed();
    }
}
