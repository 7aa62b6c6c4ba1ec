package io.channelpilot.redrive.control;

import io.channelpilot.testing.TestLambdaContext;

/** The shared test Lambda context, named for this function. */
final class TestContext extends TestLambdaContext {

    TestContext() {
        super("redrive-control");
    }
}
