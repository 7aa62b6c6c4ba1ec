package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.world.LocalStack;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The world of {@link DeploymentPathTest} and {@link ColdStartBenchmark}: one local world (demo.json) serving the AWS
 * APIs on loopback and running the template's functions in runtime mode (their zips under the real runtime client),
 * with the sample events rewritten to the demo world.
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
    private final LocalWorld world;
    private final SamTemplate sam;
    private final String cluster;

    private ColdStartWorld(Path work, LocalWorld world, SamTemplate sam, String cluster) {
        this.work = work;
        this.world = world;
        this.sam = sam;
        this.cluster = cluster;
    }

    /** Cleans {@code work} and starts the world there, in runtime mode (on demand first). */
    static ColdStartWorld start(Path work) throws IOException {
        ColdStartFiles.deleteTree(work);
        Path template = Repo.root().resolve("template.yaml");
        // Executions the functions start (reconcile → provisioning, triage → redrive) are accepted and never run: with
        // the default synchronous executor StartExecution would return only after the whole workflow ran in the world,
        // which would count the workflow's time as the caller's first invoke.
        Executor acceptOnly = execution -> { };
        LocalWorld world = LocalWorld.start(new LocalWorld.Options(Repo.root().resolve("local/worlds/demo.json"), template,
                Files.createDirectories(work.resolve("world")), null, acceptOnly, Map.of())
                .withRuntimeLambda(io.channelpilot.local.lambda.InitType.ON_DEMAND));
        try {
            String cluster = world.services().msk().clusterArnOf("demo").orElseThrow();
            SamTemplate sam = SamTemplate.load(template, world.stack().templateParameters(), world.file().region(), world.file().account());
            return new ColdStartWorld(work, world, sam, cluster);
        } catch (RuntimeException e) {
            world.close();
            throw e;
        }
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

    /** The demo world's Express cluster, which the rewritten events name. */
    String clusterArn() {
        return cluster;
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
}
