package io.channelpilot.tests.oncall.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.redrive.InMemoryRedriveTaskStore;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.redrive.batch.BatchInput;
import io.channelpilot.redrive.batch.BatchWorker;
import io.channelpilot.redrive.batch.KafkaConnector;
import io.channelpilot.redrive.batch.KafkaRecordSink;
import io.channelpilot.redrive.batch.KafkaRecordSource;
import io.channelpilot.redrive.batch.KafkaSettings;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redrive throughput (issue 6, "Done means"): 200 000 dead-lettered records of ~1 KB re-read, pre-validated and
 * re-produced by the real worker against the embedded broker, side by side in the same JVM with Kafka's own
 * {@code org.apache.kafka.tools.ProducerPerformance} for the same count and size. Reports records/s, the ratio and the
 * peak heap. Not a timed test: it asserts only that every record was re-produced. Runs only with {@code -Pbenchmarks}.
 */
class RedriveThroughputBenchmark {

    static final int RECORDS = Integer.getInteger("redrive.benchmark.records", 200_000);
    static final int PER_OBJECT = 1_000;
    static final int OBJECTS_PER_BATCH = 10;
    static final String CLUSTER = "bench";
    static final String CLUSTER_ARN = "arn:aws:kafka:us-east-1:123456789012:cluster/bench/b-1";
    static final String SCHEMA = "{\"$schema\":\"http://json-schema.org/draft-07/schema#\",\"type\":\"object\","
            + "\"properties\":{\"id\":{\"type\":\"integer\"},\"note\":{\"type\":\"string\"},"
            + "\"event_time\":{\"type\":\"string\",\"format\":\"date-time\"}},\"required\":[\"id\",\"event_time\"]}";

    @TempDir
    Path dir;

    @Test
    void measureRedriveAgainstProducerPerformance() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start(dir, List.of(CLUSTER))) {
            String bootstrap = kafka.bootstrapServers(CLUSTER);
            kafka.createTopic(CLUSTER, "src", 6, Map.of());
            kafka.createTopic(CLUSTER, "perf", 6, Map.of());
            List<DlqEntry> entries = produceOriginals(bootstrap);

            // Kafka's own producer tool: same count and size, acks=all + idempotence like the worker
            double toolRate = producerPerformance(bootstrap);

            Map<String, List<DlqEntry>> objects = new ConcurrentHashMap<>();
            for (int i = 0; i < entries.size(); i += PER_OBJECT) {
                objects.put(String.format("dlq/%06d.jsonl.gz", i / PER_OBJECT), entries.subList(i, Math.min(entries.size(), i + PER_OBJECT)));
            }
            InMemoryRedriveTaskStore store = new InMemoryRedriveTaskStore();
            VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
            RedriveRequest request = new RedriveRequest(CLUSTER_ARN, "bench-ch", null, null, List.of(), List.of(),
                    10_000_000, 1, 2, RunMode.LIVE, "benchmark");
            store.create(new RedriveTask("bench-task", request, "src", "b", "dlq/", "r/s", "event_time", SCHEMA,
                    TaskState.RUNNING, RedriveCounters.ZERO, "", "", clock.instant(), clock.instant(), null));
            Properties plain = new KafkaSettings(KafkaSettings.Auth.PLAINTEXT, "").security();
            KafkaConnector connector = arn -> new KafkaConnector.Connection(new KafkaRecordSource(bootstrap, plain),
                    new KafkaRecordSink(bootstrap, plain));
            BatchWorker worker = new BatchWorker(store, (bucket, key, topic, sink) -> {
                List<DlqEntry> list = objects.get(key);
                list.forEach(sink);
                return new DlqObjectResult.Parsed(key, list.size(), 0);
            }, connector, clock, clock);
            List<String> keys = new ArrayList<>(objects.keySet());
            keys.sort(null);
            System.gc();
            resetPeaks();
            long start = System.nanoTime();
            for (int i = 0; i < keys.size(); i += OBJECTS_PER_BATCH) {
                worker.run(BatchInput.of("bench-task", keys.subList(i, Math.min(keys.size(), i + OBJECTS_PER_BATCH))));
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            long peakHeap = peakHeap();
            RedriveCounters c = store.find("bench-task").orElseThrow().counters();
            double redriveRate = c.reproduced() / seconds;
            String report = String.format("redrive-batch: %d records re-produced in %.1f s = %.0f records/s%n"
                            + "ProducerPerformance: %.0f records/s%nratio: %.2f%npeak heap during redrive: %d MiB%n",
                    c.reproduced(), seconds, redriveRate, toolRate, redriveRate / toolRate, peakHeap >> 20);
            System.out.print(report);
            Path out = Path.of("target/benchmarks");
            Files.createDirectories(out);
            Files.writeString(out.resolve("redrive-throughput.txt"), report);
            assertThat(c.reproduced()).isEqualTo(RECORDS);
        }
    }

    private static List<DlqEntry> produceOriginals(String bootstrap) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("linger.ms", "20");
        p.put("batch.size", "262144");
        String pad = "x".repeat(940);
        List<DlqEntry> entries = new ArrayList<>(RECORDS);
        Optional<Instant> ts = Optional.of(Instant.parse("2026-01-01T00:00:00Z"));
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            List<java.util.concurrent.Future<org.apache.kafka.clients.producer.RecordMetadata>> sent = new ArrayList<>(RECORDS);
            for (int i = 0; i < RECORDS; i++) {
                byte[] value = ("{\"id\":" + i + ",\"note\":\"" + pad + "\",\"event_time\":\"2026-01-01T00:00:00Z\"}")
                        .getBytes(StandardCharsets.UTF_8);
                sent.add(producer.send(new ProducerRecord<>("src", ("k" + i).getBytes(StandardCharsets.UTF_8), value)));
            }
            for (var f : sent) {
                var m = f.get();
                entries.add(new DlqEntry("src", m.partition(), m.offset(), ts, "SCHEMA_RESOLUTION", "", "", false));
            }
        }
        return entries;
    }

    private static double producerPerformance(String bootstrap) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Class<?> tool = Class.forName("org.apache.kafka.tools.ProducerPerformance");
            tool.getMethod("main", String[].class).invoke(null, (Object) new String[] {"--topic", "perf",
                    "--num-records", Integer.toString(RECORDS), "--record-size", "1024", "--throughput", "-1",
                    "--producer-props", "bootstrap.servers=" + bootstrap, "acks=all", "enable.idempotence=true"});
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("(\\d+) records sent, ([0-9.]+) records/sec").matcher(out);
        double rate = -1;
        while (m.find()) {
            rate = Double.parseDouble(m.group(2));
        }
        if (rate < 0) {
            throw new IllegalStateException("ProducerPerformance printed no summary: " + out);
        }
        return rate;
    }

    private static void resetPeaks() {
        ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
