package io.channelpilot.tests.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A local world for the sweep: the demo world's Express cluster with two rules ({@code prefix=orders.} and a paused
 * {@code prefix=paused.}), {@code emitEvents=false} so nothing but the sweep starts provisioning, and a deferred
 * executor: executions the sweep starts run only when {@link #drain()} is called, so two sweeps can genuinely overlap.
 */
final class ReconcileWorld implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String ORDERS_RULE = "prefix=orders. namespace=sales schema=sales/orders partition=event_time freshness=600";
    static final String PAUSED_RULE = "prefix=paused. namespace=sales schema=sales/orders partition=event_time paused=true";

    /** Every channel of this topic ends FAILED (a timing override of the world file). */
    static final String FAILING_TOPIC = "orders.failing";

    final LocalWorld world;
    private final List<Runnable> queue = new ArrayList<>();

    ReconcileWorld() {
        this(w -> { });
    }

    /**
     * The same world with one extra topic on the cluster whose {@code retention.ms} is small. The world's own start
     * time (2026-05-01), not the real time: records produced in the world carry its virtual time, so the retention race
     * is measured on one clock (issue 16.7; it used to start at the real time to dodge wall-clock record timestamps).
     */
    static ReconcileWorld withShortRetentionTopic(String topic, long retentionMs) {
        return new ReconcileWorld(w -> {
            ObjectNode t = ((ArrayNode) w.path("clusters").get(0).path("topics")).addObject();
            t.put("name", topic).put("partitions", 1).put("replicationFactor", 3).put("retentionMs", retentionMs);
        });
    }

    private ReconcileWorld(java.util.function.Consumer<ObjectNode> customize) {
        Path file = worldFile(customize);
        this.world = LocalWorld.start(new LocalWorld.Options(file, Repo.root().resolve("template.yaml"), null,
                null, this::enqueue, Map.of()));
    }

    private synchronized void enqueue(Runnable r) {
        queue.add(r);
    }

    /** Runs every queued execution (and any they queue) to the end, on the virtual clock. */
    void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                if (queue.isEmpty()) {
                    return;
                }
                next = queue.remove(0);
            }
            next.run();
        }
    }

    JsonNode sweep(String sweepId) {
        ObjectNode in = JSON.createObjectNode().put("source", "channel-pilot.reconcile");
        if (sweepId != null) {
            in.put("sweepId", sweepId);
        }
        return world.workflows().lambdas().invoke("ReconcileFunction", in);
    }

    String clusterArn() {
        return world.services().msk().clusterArnOf("demo").orElseThrow();
    }

    /** A topic that exists with no event at all (as if created over the Kafka protocol without IAM auth). */
    void quietTopic(String name) {
        world.services().msk().seedTopic(clusterArn(), name, 3, 3, Map.of());
    }

    private static Path worldFile(java.util.function.Consumer<ObjectNode> customize) {
        try {
            Path demo = Repo.root().resolve("local/worlds/demo.json");
            ObjectNode w = (ObjectNode) JSON.readTree(demo.toFile());
            w.put("emitEvents", false);
            w.put("schedules", false); // the tests run every sweep by hand (sweep ids, overlap)
            ArrayNode clusters = w.putArray("clusters");
            ObjectNode source = (ObjectNode) JSON.readTree(demo.toFile()).path("clusters").get(0);
            ObjectNode tags = source.putObject("tags");
            tags.put("channel-pilot/orders", ORDERS_RULE);
            tags.put("channel-pilot/paused", PAUSED_RULE);
            source.putArray("topics");
            clusters.add(source);
            // channels of topic orders.failing* always end FAILED (bounded recreate, ReconcileSweepTest)
            ObjectNode fail = ((ObjectNode) w.path("timings")).putArray("overrides").addObject();
            fail.put("cluster", source.path("name").asText()).put("channel", FAILING_TOPIC + "*");
            fail.putObject("fail").put("code", "InsufficientPermissions")
                    .put("message", "the service execution role is not allowed s3tables:PutTableData (scripted by the test world)");
            io.channelpilot.tests.WorldCopies.inlineDefinitionFiles(w, demo.getParent());
            customize.accept(w);
            Path out = Files.createTempDirectory("reconcile-world").resolve("reconcile.json");
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), w);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        world.close();
    }
}
