package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.tests.Repo;
import io.channelpilot.tests.coldstart.ColdStartWorld.ColdStartFunction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The default-build guard for the deployment zips ({@code functions/<fn>/target/<fn>.zip}, written by each function's
 * {@code package}; the reactor packages them before this module, which depends on every function). Each function
 * module declares only the AWS SDK services its gateways construct ({@code functions/shared} has them optional), so a
 * gateway added without its pom dependency compiles in the reactor and fails in Lambda with NoClassDefFoundError.
 * This runs what Lambda runs: per function, one fresh JVM with the unzipped zip alone (plus the harness package, no
 * reactor classpath) constructs the handler with its no-arg constructor under the function's template environment
 * (loopback endpoint, dummy credentials, no instance metadata, local EMF), invokes it once with its sample event
 * against one shared local world, then runs the SnapStart priming it registered. Timings are
 * {@link ColdStartBenchmark}'s business ({@code -Pbenchmarks}); here only the outcome counts.
 */
class DeploymentZipSmokeTest {

    @Test
    void shouldRunEveryFunctionsFirstInvokeFromItsZipAloneWhenPackaged() throws Exception {
        Map<String, ColdStartFunction> functions = new LinkedHashMap<>();
        Map<String, Future<ColdStartRun>> runs = new LinkedHashMap<>();
        try (ColdStartWorld world = ColdStartWorld.start(Repo.root().resolve("tests/target/zip-smoke"))) {
            // two children at a time: the build machine has two cores
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                for (String module : ColdStartWorld.EVENTS.keySet()) {
                    ColdStartFunction fn = world.prepare(module);
                    functions.put(module, fn);
                    runs.put(module, pool.submit(() -> fn.function(List.of())));
                }
                List<String> failures = new ArrayList<>();
                for (Map.Entry<String, Future<ColdStartRun>> e : runs.entrySet()) {
                    ColdStartRun run = e.getValue().get();
                    ColdStartFunction fn = functions.get(e.getKey());
                    // recorded, not asserted against the 20 MiB goal: docs/BENCHMARKS.md reports the functions above it
                    System.out.printf(Locale.ROOT, "zip %-18s %5.1f MiB %3d jars  first invoke %s, priming %s%n", e.getKey(),
                            fn.zipBytes() / 1_048_576.0, fn.jars().size(), run.outcome(), run.primed());
                    try {
                        run.assertAnsweredFromItsZip(e.getKey());
                    } catch (AssertionError failure) {
                        failures.add(failure.getMessage());
                    }
                }
                assertThat(failures).as("functions whose first invoke from the deployment zip failed").isEmpty();
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void shouldKeepHeavyClientsOutOfEveryZipAndKafkaInRedriveBatchOnly() throws Exception {
        for (String module : ColdStartWorld.EVENTS.keySet()) {
            List<String> jars = ColdStartFiles.libJars(ColdStartWorld.zip(module));
            assertThat(jars).as("functions/%s/target/%s.zip lib/", module, module).isNotEmpty()
                    .noneMatch(j -> j.startsWith("aws-crt-"))
                    .noneMatch(j -> j.contains("netty"))
                    .noneMatch(j -> j.startsWith("apache-client-") || j.startsWith("apache5-client-"))
                    .noneMatch(j -> j.startsWith("httpclient-") || j.startsWith("httpclient5-"))
                    .noneMatch(j -> j.startsWith("iceberg-"));
            if (module.equals("redrive-batch")) {
                assertThat(jars).as(module + " produces to Kafka").anyMatch(j -> j.startsWith("kafka-clients-"));
            } else {
                assertThat(jars).as("%s lib/ (Kafka belongs to redrive-batch only)", module)
                        .noneMatch(j -> j.startsWith("kafka-clients-") || j.startsWith("aws-msk-iam-auth-"));
            }
        }
    }
}
