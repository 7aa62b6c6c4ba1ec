package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.coldstart.child.ColdStartChild;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;

/**
 * Cold start of every function from its deployment zip (issue 8 item 1), never in the default build:
 * {@code mvn -B -pl tests -am verify -Pbenchmarks -Dtest=ColdStartBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * ({@code -Dcoldstart.runs=N}, default 5). One local world (demo.json) serves the AWS APIs on loopback; for each
 * function, N times in turn, a fresh {@code java} runs {@link ColdStartChild} on the function's unzipped zip (root
 * classes + lib/*) plus the harness classes: once as the function's handler with its sample event, once as the bare
 * baseline handler of the same services. Both see the function's environment from template.yaml and the world. The
 * table (median, spread, ratio, classes, zip size) goes to tests/target/benchmarks/cold-start.md; docs/BENCHMARKS.md
 * records a run. Asserts only what must hold whatever the machine's load: every first invoke ran from the zip alone
 * (no linkage error), answered, and the priming its constructor registered primed every step.
 */
class ColdStartBenchmark {

    /** Function module → the sample event of events/&lt;fn&gt;/ it is invoked with. */
    static final Map<String, String> EVENTS = new LinkedHashMap<>();

    static {
        EVENTS.put("resolve-intents", "manual.json");
        EVENTS.put("validate-channel", "valid.json");
        EVENTS.put("provision-channel", "create.json");
        EVENTS.put("poll-channel", "active.json");
        EVENTS.put("notify", "channel-active.json");
        EVENTS.put("respond-to-alarm", "dlq-delivery-alarm.json");
        EVENTS.put("redrive-control", "prepare.json");
        EVENTS.put("redrive-batch", "batch.json");
        EVENTS.put("reconcile", "on-demand.json");
    }

    @Test
    void shouldStartEveryFunctionFromItsZipAndCompareWithTheBareSdkBaseline() throws Exception {
        int runs = Integer.getInteger("coldstart.runs", 5);
        Path work = Repo.root().resolve("tests/target/coldstart");
        ColdStartFiles.deleteTree(work);
        Path harness = ColdStartFiles.copyHarness(ColdStartChild.class, work.resolve("harness"));
        Path template = Repo.root().resolve("template.yaml");
        List<ColdStartRow> rows = new ArrayList<>();
        Map<String, String> extras = new LinkedHashMap<>();
        // Executions the functions start (reconcile → provisioning, triage → redrive) are accepted and never run: with
        // the default synchronous executor StartExecution would return only after the whole workflow ran in the world,
        // which would count the workflow's time as the caller's first invoke.
        Executor acceptOnly = execution -> { };
        try (LocalWorld world = LocalWorld.start(new LocalWorld.Options(Repo.root().resolve("local/worlds/demo.json"), template,
                null, null, acceptOnly, Map.of()))) {
            String cluster = world.services().msk().clusterArnOf("demo").orElseThrow();
            SamTemplate sam = SamTemplate.load(template, world.stack().templateParameters(), world.file().region(), world.file().account());
            for (Map.Entry<String, String> fn : EVENTS.entrySet()) {
                String module = fn.getKey();
                FunctionResource resource = sam.functions().stream().filter(f -> f.codeUri().equals("functions/" + module))
                        .findFirst().orElseThrow();
                Path zip = Repo.root().resolve("functions").resolve(module).resolve("target").resolve(module + ".zip");
                assertThat(zip).as("run `mvn package` first: " + zip).exists();
                Path dir = ColdStartFiles.unzip(zip, work.resolve("fn").resolve(module));
                Path event = work.resolve("events").resolve(module + ".json");
                Files.createDirectories(event.getParent());
                Files.writeString(event, adapt(Files.readString(Repo.root().resolve("events").resolve(module).resolve(fn.getValue())), cluster,
                        world.stack()));
                Map<String, String> env = environment(world, resource, cluster);
                String classpath = dir + java.io.File.pathSeparator + dir.resolve("lib") + "/*" + java.io.File.pathSeparator + harness;
                List<ColdStartRun> function = new ArrayList<>();
                List<ColdStartRun> baseline = new ArrayList<>();
                for (int i = 0; i < runs; i++) {
                    // interleaved, so both sides of the ratio see the same load on this shared machine
                    baseline.add(ColdStartRun.spawn(classpath, env, "baseline", module, event));
                    function.add(ColdStartRun.spawn(classpath, env, "function", resource.handler().split("::")[0], event));
                }
                // one more pair with class-load logging (not in the figures): what the function loads beyond the baseline
                Path fnLog = work.resolve("logs").resolve(module + "-function-classes.log");
                Path baseLog = work.resolve("logs").resolve(module + "-baseline-classes.log");
                ColdStartRun.spawn(classpath, env, "baseline", module, event, List.of(ClassLoadBreakdown.option(baseLog)));
                ColdStartRun.spawn(classpath, env, "function", resource.handler().split("::")[0], event,
                        List.of(ClassLoadBreakdown.option(fnLog)));
                extras.put(module, ClassLoadBreakdown.extra(ClassLoadBreakdown.groups(fnLog), ClassLoadBreakdown.groups(baseLog), 6));
                rows.add(new ColdStartRow(module, Files.size(zip), ColdStartFiles.jarCount(dir.resolve("lib")), function, baseline));
            }
        }
        StringBuilder breakdown = new StringBuilder("\nClasses the function loads beyond its baseline, by library (one extra run each"
                + " with -Xlog:class+load):\n\n| function | largest extra groups |\n|---|---|\n");
        extras.forEach((module, text) -> breakdown.append("| ").append(module).append(" | ").append(text).append(" |\n"));
        String table = ColdStartRow.markdown(rows, runs) + breakdown;
        System.out.println(table);
        Path out = Repo.root().resolve("tests/target/benchmarks");
        Files.createDirectories(out);
        Files.writeString(out.resolve("cold-start.md"), table);

        for (ColdStartRow row : rows) {
            for (ColdStartRun run : row.function()) {
                // a function error (an exception of the function's own path, e.g. ChannelNotReady) is the response
                // Lambda returns for it; a linkage error means the zip lacks a class
                assertThat(run.outcome()).as(row.module() + " first invoke from its zip").doesNotStartWith("LINKAGE")
                        .matches("ok|error .*");
                if (run.outcome().equals("ok")) {
                    assertThat(run.responseBytes()).as(row.module() + " response").isGreaterThan(0);
                }
                assertThat(run.primedAll()).as(row.module() + " priming " + run.primed()).isTrue();
            }
            for (ColdStartRun run : row.baseline()) {
                assertThat(run.outcome()).as(row.module() + " baseline").isEqualTo("ok");
            }
        }
    }

    /**
     * The samples name the default world's orders-express cluster and made-up stack resources; the demo world's
     * Express cluster, topic, schema registry, table bucket, DLQ bucket and delivery role stand in, so validation and
     * provisioning go down their real paths instead of stopping at "does not exist".
     */
    static String adapt(String event, String clusterArn, io.channelpilot.local.world.LocalStack stack) {
        String demo = clusterArn.substring(clusterArn.indexOf("cluster/") + "cluster/".length());
        return event.replace("orders-express/7f3b2c1d-4e5a-4b6c-8d7e-9f0a1b2c3d4e-3", demo)
                .replace("\"orders-express\"", "\"demo\"")
                .replaceAll("(\"topic\"\\s*:\\s*)\"orders\"", "$1\"orders.created\"")
                .replace("\"sales-registry\"", "\"sales\"")
                .replace("arn:aws:s3tables:us-east-1:123456789012:bucket/analytics-lake", stack.tableBucketArn())
                .replace("arn:aws:s3tables:us-east-1:123456789012:bucket/lake", stack.tableBucketArn())
                .replace("arn:aws:s3:::channel-pilot-dlq-123456789012", "arn:aws:s3:::" + stack.dlqBucket())
                .replace("arn:aws:s3:::channel-dlq", "arn:aws:s3:::" + stack.dlqBucket())
                .replace("arn:aws:iam::123456789012:role/channel-pilot-ChannelServiceRole-1X2Y3Z", stack.serviceRoleArn())
                .replace("arn:aws:iam::123456789012:role/channel-pilot-channel", stack.serviceRoleArn());
    }

    /** What the world binds for the function (template variables under the world's), as WorkflowHost does. */
    static Map<String, String> environment(LocalWorld world, FunctionResource f, String cluster) {
        Map<String, String> env = new LinkedHashMap<>(f.toSpec().environment());
        env.putAll(world.functionEnvironment());
        env.put("POWERTOOLS_SERVICE_NAME", f.toSpec().environment().getOrDefault("POWERTOOLS_SERVICE_NAME", f.logicalId()));
        env.put("AWS_LAMBDA_FUNCTION_NAME", f.logicalId());
        env.put("AWS_LAMBDA_INITIALIZATION_TYPE", "on-demand");
        env.put("AWS_EC2_METADATA_DISABLED", "true");
        env.put("AWS_EMF_ENVIRONMENT", "Local");
        // a poller that found its channel ACTIVE confirms after 5 s of real sleep: not cold start, so 0 here
        env.put("CHANNEL_PILOT_POLL_CONFIRM_SECONDS", "0");
        env.put("COLDSTART_CLUSTER_ARN", cluster);
        return env;
    }
}
