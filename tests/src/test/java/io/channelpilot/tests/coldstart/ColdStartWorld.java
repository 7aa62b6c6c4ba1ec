package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.world.LocalStack;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.coldstart.child.ColdStartChild;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * What every cold-start child runs against, shared by {@link ColdStartBenchmark} and {@link DeploymentZipSmokeTest}:
 * one local world (demo.json) serving the AWS APIs on loopback, the SAM template, and per function its unzipped
 * deployment zip, its environment as the world binds it and its sample event rewritten to the demo world.
 */
final class ColdStartWorld implements AutoCloseable {

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

    private final Path work;
    private final Path harness;
    private final LocalWorld world;
    private final SamTemplate sam;
    private final String cluster;

    private ColdStartWorld(Path work, Path harness, LocalWorld world, SamTemplate sam, String cluster) {
        this.work = work;
        this.harness = harness;
        this.world = world;
        this.sam = sam;
        this.cluster = cluster;
    }

    /** Cleans {@code work}, copies the harness classes there and starts the world. */
    static ColdStartWorld start(Path work) throws IOException {
        return start(work, false);
    }

    /**
     * As {@link #start(Path)}; {@code runtime}: the world itself runs its functions in runtime mode (deployment zips
     * under the real runtime client, on demand first), with its work directory under {@code work}.
     */
    static ColdStartWorld start(Path work, boolean runtime) throws IOException {
        ColdStartFiles.deleteTree(work);
        Path harness = ColdStartFiles.copyHarness(ColdStartChild.class, work.resolve("harness"));
        Path template = Repo.root().resolve("template.yaml");
        // Executions the functions start (reconcile → provisioning, triage → redrive) are accepted and never run: with
        // the default synchronous executor StartExecution would return only after the whole workflow ran in the world,
        // which would count the workflow's time as the caller's first invoke.
        Executor acceptOnly = execution -> { };
        LocalWorld.Options options = new LocalWorld.Options(Repo.root().resolve("local/worlds/demo.json"), template,
                runtime ? java.nio.file.Files.createDirectories(work.resolve("world")) : null, null, acceptOnly, Map.of());
        LocalWorld world = LocalWorld.start(runtime ? options.withRuntimeLambda(io.channelpilot.local.lambda.InitType.ON_DEMAND) : options);
        try {
            String cluster = world.services().msk().clusterArnOf("demo").orElseThrow();
            SamTemplate sam = SamTemplate.load(template, world.stack().templateParameters(), world.file().region(), world.file().account());
            return new ColdStartWorld(work, harness, world, sam, cluster);
        } catch (RuntimeException e) {
            world.close();
            throw e;
        }
    }

    /** Unzips the function's zip (it must have been packaged) and writes its adapted sample event. */
    ColdStartFunction prepare(String module) throws IOException {
        FunctionResource resource = sam.functions().stream().filter(f -> f.codeUri().equals("functions/" + module))
                .findFirst().orElseThrow(() -> new AssertionError("template.yaml has no function with CodeUri functions/" + module));
        Path zip = zip(module);
        Path dir = ColdStartFiles.unzip(zip, work.resolve("fn").resolve(module));
        Path event = work.resolve("events").resolve(module + ".json");
        Files.createDirectories(event.getParent());
        Files.writeString(event, adapt(Files.readString(Repo.root().resolve("events").resolve(module).resolve(EVENTS.get(module))),
                cluster, world.stack()));
        String classpath = dir + File.pathSeparator + dir.resolve("lib") + "/*" + File.pathSeparator + harness;
        return new ColdStartFunction(module, resource.handler().split("::")[0], zip, dir, classpath, environment(resource), event);
    }

    /** Any sample event of events/&lt;module&gt;/, rewritten to this world (see {@link #adapt}). */
    String event(String module, String file) throws IOException {
        return adapt(Files.readString(Repo.root().resolve("events").resolve(module).resolve(file)), cluster, world.stack());
    }

    /** The template function whose CodeUri is functions/&lt;module&gt;. */
    FunctionResource function(String module) {
        return sam.functions().stream().filter(f -> f.codeUri().equals("functions/" + module)).findFirst()
                .orElseThrow(() -> new AssertionError("template.yaml has no function with CodeUri functions/" + module));
    }

    LocalWorld world() {
        return world;
    }

    /** functions/&lt;fn&gt;/target/&lt;fn&gt;.zip, asserted to exist (the reactor packages it before the tests module). */
    static Path zip(String module) {
        Path zip = Repo.root().resolve("functions").resolve(module).resolve("target").resolve(module + ".zip");
        assertThat(zip).as("run `mvn package` first: " + zip).exists();
        return zip;
    }

    Path work() {
        return work;
    }

    @Override
    public void close() {
        world.close();
    }

    /**
     * The samples name the default world's orders-express cluster and made-up stack resources; the demo world's
     * Express cluster, topic, schema registry, table bucket, DLQ bucket and delivery role stand in, so validation and
     * provisioning go down their real paths instead of stopping at "does not exist".
     */
    private String adapt(String event, String clusterArn, LocalStack stack) {
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

    /**
     * What the world binds for the function (template variables under the world's: loopback endpoint, region, dummy
     * keys), as WorkflowHost does, plus what Lambda's own environment would say.
     */
    private Map<String, String> environment(FunctionResource f) {
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

    /** One function ready to run in a child JVM: its unzipped zip alone (plus the harness) is the classpath. */
    record ColdStartFunction(String module, String handlerClass, Path zip, Path dir, String classpath, Map<String, String> env,
                             Path event) {

        ColdStartRun function(List<String> jvmOptions) throws IOException, InterruptedException {
            return ColdStartRun.spawn(classpath, env, "function", handlerClass, event, jvmOptions);
        }

        ColdStartRun baseline(List<String> jvmOptions) throws IOException, InterruptedException {
            return ColdStartRun.spawn(classpath, env, "baseline", module, event, jvmOptions);
        }

        long zipBytes() throws IOException {
            return Files.size(zip);
        }

        List<String> jars() throws IOException {
            return ColdStartFiles.libJars(zip);
        }
    }
}
