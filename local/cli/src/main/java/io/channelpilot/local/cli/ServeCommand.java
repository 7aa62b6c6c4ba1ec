package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code serve}: keeps a world up for {@code sam local invoke --env-vars}, the operator CLI and your own SDK code.
 * Prints the endpoint and writes an env-vars file; the virtual clock follows real time times {@code --speed}.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Start the local world and keep it up; prints AWS_ENDPOINT_URL and writes an env-vars file.")
final class ServeCommand implements Callable<Integer> {

    @Mixin
    WorldOptions worldOptions = new WorldOptions();

    @Option(names = "--env-vars", description = "env-vars file for `sam local invoke --env-vars` (default: local-env.json)")
    Path envVars = Path.of("local-env.json");

    @Option(names = "--speed", description = "virtual seconds per real second (default: ${DEFAULT-VALUE})")
    int speed = 1;

    @Override
    public Integer call() throws Exception {
        if (speed < 1 || speed > 3600) {
            throw new WorldOptions.UsageError("--speed must be between 1 and 3600, was " + speed);
        }
        try (LocalWorld world = worldOptions.start()) {
            ObjectNode file = world.samEnvVars();
            Files.writeString(envVars, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(file));
            System.out.println("Local world is up (virtual clock x" + speed + ", functions " + (world.runtimeLambda().isPresent()
                    ? "in runtime mode" : "in-process") + "). Ctrl-C stops it.");
            System.out.println("For your own SDK code and the operator CLI:");
            world.clientEnvironment().forEach((k, v) -> System.out.println("  export " + k + "=" + v));
            System.out.println("Env-vars file for `sam local invoke --env-vars " + envVars + "` written: every variable the"
                    + " functions declare in template.yaml that the world overrides (SAM applies only declared ones):");
            file.path("Parameters").fields().forEachRemaining(e -> System.out.println("  " + e.getKey() + "=" + e.getValue().asText()));
            System.out.println("Note: from inside SAM's container use the host's address (host.docker.internal) instead of 127.0.0.1.");
            CountDownLatch stop = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
            while (!stop.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
                world.advance(Duration.ofSeconds(speed));
            }
        }
        return 0;
    }
}
