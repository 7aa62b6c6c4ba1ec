package io.channelpilot.redrive.batch;

import io.channelpilot.testing.TestLambdaContext;

/** The shared test Lambda context, named for this function. */
final class TestContext extends TestLambdaContext {

    TestContext() {
        super("redrive-batch");
    }
}
