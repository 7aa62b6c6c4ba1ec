package io.channelpilot.tests.coldstart.child;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The bare-SDK baseline of one function ({@code COLDSTART_BASELINE=<module>}, {@link Baselines}) as a Lambda handler,
 * so the benchmark runs it exactly as the function: from the function's zip (plus this package) under the real runtime
 * client, with the same environment and JVM flags.
 */
public final class BaselineHandler implements RequestStreamHandler {

    private final RequestStreamHandler bare = Baselines.create(System.getenv("COLDSTART_BASELINE"));

    @Override
    public void handleRequest(InputStream input, OutputStream output, Context context) throws IOException {
        bare.handleRequest(input, output, context);
    }
}
