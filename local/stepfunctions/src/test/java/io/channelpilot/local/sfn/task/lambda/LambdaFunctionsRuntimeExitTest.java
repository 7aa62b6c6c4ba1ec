package io.channelpilot.local.sfn.task.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 16.1: an in-process invocation whose runtime "dies" ({@link RuntimeExit}) is answered {@code Runtime.ExitError},
 * as Lambda answers a runtime that exited without a response, and the next invoke runs on a fresh instance; the
 * {@link LambdaFunctions.Around} hook sees every invocation by function name.
 */
class LambdaFunctionsRuntimeExitTest {

    /** Dies on its first invocation when told to; answers its instance number otherwise. */
    public static final class Mortal implements RequestStreamHandler {
        static int instances;
        final int number = ++instances;

        @Override
        public void handleRequest(InputStream in, OutputStream out, Context context) throws java.io.IOException {
            if (new String(in.readAllBytes(), StandardCharsets.UTF_8).contains("die")) {
                throw new RuntimeExit("killed");
            }
            out.write(("{\"instance\":" + number + "}").getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void shouldAnswerRuntimeExitErrorAndStartAFreshInstanceAfterTheRuntimeDied() {
        Mortal.instances = 0;
        List<String> seen = new ArrayList<>();
        LambdaFunctions lambdas = new LambdaFunctions(spec -> new Mortal(), "us-east-1", "123456789012")
                .register(new FunctionSpec("Mortal", Mortal.class.getName() + "::handleRequest", Map.of()))
                .around((function, invocation) -> {
                    seen.add(function);
                    return invocation.proceed();
                });

        assertThat(lambdas.invoke("Mortal", Json.object().put("x", 1)).path("instance").asInt()).isEqualTo(1);
        assertThatThrownBy(() -> lambdas.invoke("Mortal", Json.object().put("x", "die")))
                .isInstanceOfSatisfying(StatesFailure.class, f -> {
                    assertThat(f.error().name()).isEqualTo("Runtime.ExitError");
                    assertThat(f.error().cause()).contains("Runtime exited");
                });

        assertThat(lambdas.invoke("Mortal", Json.object().put("x", 2)).path("instance").asInt()).isEqualTo(2);
        assertThat(seen).containsExactly("Mortal", "Mortal", "Mortal");
    }
}
