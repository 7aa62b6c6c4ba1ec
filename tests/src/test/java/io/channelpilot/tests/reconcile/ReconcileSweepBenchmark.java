package io.channelpilot.tests.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.tests.Repo;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * Scale benchmark of one reconcile sweep (issue 7): 20 Express clusters, 1 000 then 10 000 topics, a fifth of them
 * with a channel of ours (200 then 2 000). Runs only with {@code -Pbenchmarks} (never in the default build): the world
 * has no Kafka broker (Options.withoutBrokers), topics are seeded through the MSK emulator's Java API (no events) and
 * channels created with the real SDK and the product's request mapping. For each size it runs a cold sweep (empty
 * status table) and then measures a steady-state sweep: wall time, API calls by operation as the emulator server
 * counted them, and the JVM's peak heap (the whole process, emulators included). Results go to stdout and to
 * {@code tests/target/benchmarks/reconcile-sweep.md}; the figures in docs/BENCHMARKS.md come from there.
 */
class ReconcileSweepBenchmark {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CLUSTERS = 20;
    private static final String RULE = "prefix=orders. namespace=sales schema=sales/orders partition=event_time freshness=600";

    record Result(int topics, int channels, long coldMillis, long steadyMillis, Map<String, Long> coldCalls,
                  Map<String, Long> steadyCalls, long heapBeforeMb, long peakHeapMb, JsonNode steadyReport) {
    }

    @Test
    void shouldGrowWithPagesNotTopics() throws Exception {
        Result small = run(1_000);
        Result large = run(10_000);
        String table = render(List.of(small, large));
        System.out.println(table);
        Path out = Repo.root().resolve("tests/target/benchmarks");
        Files.createDirectories(out);
        Files.writeString(out.resolve("reconcile-sweep.md"), table);

        // 10x the topics: ListTopics grows with its pages (5 per cluster instead of 1), ListChannels stays one page per
        // cluster, DescribeChannel is bounded by the verification budget (50 per cluster), never one per topic.
        assertThat(large.steadyCalls().get("kafka:ListTopics")).isEqualTo(CLUSTERS * 5L);
        assertThat(small.steadyCalls().get("kafka:ListTopics")).isEqualTo((long) CLUSTERS);
        assertThat(large.steadyCalls().get("kafka:ListChannels")).isEqualTo((long) CLUSTERS);
        assertThat(large.steadyCalls().getOrDefault("kafka:DescribeChannel", 0L)).isLessThanOrEqualTo(CLUSTERS * 50L);
        assertThat(large.steadyReport().path("clusters").findValues("drifted").stream().mapToInt(JsonNode::asInt).sum()).isZero();
        long total = large.steadyCalls().values().stream().mapToLong(Long::longValue).sum();
        assertThat(total).isLessThan(large.topics() / 4);
    }

    private Result run(int topics) throws Exception {
        int perCluster = topics / CLUSTERS;
        int channelsPerCluster = perCluster / 5;
        try (LocalWorld world = LocalWorld.start(new LocalWorld.Options(worldFile(), Repo.root().resolve("template.yaml"), null,
                null, Runnable::run, Map.of()).withoutBrokers())) {
            StackSettings stack = StackSettings.from(world.functionEnvironment());
            String region = world.file().region();
            try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
                 CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(), region)) {
                for (int c = 0; c < CLUSTERS; c++) {
                    String arn = world.services().msk().clusterArnOf(name(c)).orElseThrow();
                    for (int t = 0; t < perCluster; t++) {
                        boolean channelled = t < channelsPerCluster;
                        String topic = (channelled ? "orders.c" : "misc.c") + String.format("%02dt%05d", c, t);
                        world.services().msk().seedTopic(arn, topic, 3, 3, Map.of());
                        if (channelled) {
                            ChannelSpec spec = new SpecResolver(stack).resolve(arn, Map.of("channel-pilot/orders", RULE), topic, Map.of())
                                    .specs().get(0);
                            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
                            kafka.createChannel(ChannelRequests.create(spec, stack.managedBy()));
                        }
                    }
                }
            }
            world.clock().advance(Duration.ofMinutes(5));
            world.server().calls().reset();
            long t0 = System.nanoTime();
            world.workflows().lambdas().invoke("ReconcileFunction", JSON.createObjectNode().put("source", "channel-pilot.reconcile")
                    .put("sweepId", "bench-cold-" + topics));
            long cold = (System.nanoTime() - t0) / 1_000_000;
            Map<String, Long> coldCalls = new TreeMap<>(world.server().calls().counts());

            world.server().calls().reset();
            System.gc();
            long before = heapUsedMb();
            ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).forEach(MemoryPoolMXBean::resetPeakUsage);
            t0 = System.nanoTime();
            JsonNode report = world.workflows().lambdas().invoke("ReconcileFunction", JSON.createObjectNode()
                    .put("source", "channel-pilot.reconcile").put("sweepId", "bench-steady-" + topics));
            long steady = (System.nanoTime() - t0) / 1_000_000;
            long peak = ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP)
                    .mapToLong(p -> p.getPeakUsage().getUsed()).sum() / (1024 * 1024);
            return new Result(topics, CLUSTERS * channelsPerCluster, cold, steady, coldCalls,
                    new TreeMap<>(world.server().calls().counts()), before, peak, report);
        }
    }

    private static long heapUsedMb() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / (1024 * 1024);
    }

    private static String name(int c) {
        return String.format("bench-%02d", c);
    }

    private static Path worldFile() throws Exception {
        Path demo = Repo.root().resolve("local/worlds/demo.json");
        ObjectNode w = (ObjectNode) JSON.readTree(demo.toFile());
        w.put("emitEvents", false);
        ArrayNode clusters = w.putArray("clusters");
        for (int c = 0; c < CLUSTERS; c++) {
            ObjectNode cl = clusters.addObject().put("name", name(c)).put("clusterType", "PROVISIONED")
                    .put("brokerType", "express.m7g.large").put("kafkaVersion", "3.8.x").put("brokers", 3);
            cl.putObject("tags").put("channel-pilot/orders", RULE);
            cl.putArray("topics");
        }
        io.channelpilot.tests.WorldCopies.inlineDefinitionFiles(w, demo.getParent());
        Path out = Files.createTempDirectory("reconcile-bench").resolve("bench.json");
        JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), w);
        return out;
    }

    private static String render(List<Result> results) {
        List<String> ops = new ArrayList<>();
        results.forEach(r -> {
            r.coldCalls().keySet().forEach(k -> {
                if (!ops.contains(k)) {
                    ops.add(k);
                }
            });
            r.steadyCalls().keySet().forEach(k -> {
                if (!ops.contains(k)) {
                    ops.add(k);
                }
            });
        });
        ops.sort(String::compareTo);
        StringBuilder b = new StringBuilder();
        b.append("| | ");
        results.forEach(r -> b.append(r.topics()).append(" topics / ").append(r.channels()).append(" channels (cold) | ")
                .append(r.topics()).append(" topics (steady) | "));
        b.append("\n|---|");
        results.forEach(r -> b.append("---|---|"));
        b.append("\n| wall time of the sweep (ms) | ");
        results.forEach(r -> b.append(r.coldMillis()).append(" | ").append(r.steadyMillis()).append(" | "));
        b.append("\n| JVM heap used before / peak during (MB, whole process) | ");
        results.forEach(r -> b.append("- | ").append(r.heapBeforeMb()).append(" / ").append(r.peakHeapMb()).append(" | "));
        for (String op : ops) {
            b.append("\n| ").append(op).append(" | ");
            results.forEach(r -> b.append(r.coldCalls().getOrDefault(op, 0L)).append(" | ")
                    .append(r.steadyCalls().getOrDefault(op, 0L)).append(" | "));
        }
        b.append("\n| total API calls | ");
        results.forEach(r -> b.append(r.coldCalls().values().stream().mapToLong(Long::longValue).sum()).append(" | ")
                .append(r.steadyCalls().values().stream().mapToLong(Long::longValue).sum()).append(" | "));
        b.append('\n');
        return b.toString();
    }
}
