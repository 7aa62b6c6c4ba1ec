package io.channelpilot.tests.oncall.redrive;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqEntry;
import io.channelpilot.dlq.DlqObjectResult;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.redrive.batch.BatchInput;
import io.channelpilot.redrive.batch.BatchWorker;
import io.channelpilot.redrive.batch.gateway.KafkaConnector;
import io.channelpilot.redrive.batch.gateway.KafkaRecordSink;
import io.channelpilot.redrive.batch.gateway.KafkaRecordSource;
import io.channelpilot.redrive.batch.gateway.KafkaSettings;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redrive throughput (issue 6, "Done means"; methodology issue 16.8): 200 000 dead-lettered records of ~1 KB re-read,
 * pre-validated and re-produced by the real worker against the embedded broker, side by side in the same JVM with
 * Kafka's own {@code org.apache.kafka.tools.ProducerPerformance} for the same count and size and the worker's producer
 * settings. Both sides are warmed first (a discarded ProducerPerformance run and a discarded redrive task of
 * {@code redrive.benchmark.warmup} records on the same worker, as a warm Lambda would be); then ProducerPerformance,
 * the redrive, ProducerPerformance again. The ratio is taken against the faster of the two warm producer runs (the
 * mean is shown too). Reports records/s, the ratios and the heap (see {@link HeapWatch}). Not a timed test: it asserts
 * only that every record was re-produced and marked DONE.
 * Nothing the benchmark holds grows with the record count: DLQ objects are generated on the fly and the ledger (a
 * DynamoDB table in production) is {@link CompactLedgerStore}, one byte per record. Runs only with
 * {@code -Pbenchmarks}; {@code -Dredrive.benchmark.records=N} changes the count, {@code -Dbenchmark.jvm=-Xmx256m}
 * the heap limit.
 */
class RedriveThroughputBenchmark {

    static final int RECORDS = Integer.getInteger("redrive.benchmark.records", 200_000);
    /** Records of the discarded warm-up task (whole DLQ objects); the measured task takes the next RECORDS. */
    static final int WARMUP = Integer.getInteger("redrive.benchmark.warmup", 50_000) / 1_000 * 1_000;
    static final int TOTAL = WARMUP + RECORDS;
    static final int PARTITIONS = 6;
    static final Optional<Instant> TS = Optional.of(Instant.parse("2026-01-01T00:00:00Z"));
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
            kafka.createTopic(CLUSTER, "src", PARTITIONS, Map.of());
            kafka.createTopic(CLUSTER, "perf", PARTITIONS, Map.of());
            kafka.createTopic(CLUSTER, "perf2", PARTITIONS, Map.of());
            kafka.createTopic(CLUSTER, "perf-warm", PARTITIONS, Map.of());
            produceOriginals(bootstrap);
            String loadBefore = loadAverage();

            CompactLedgerStore store = new CompactLedgerStore(PARTITIONS, TOTAL / PARTITIONS + 1);
            VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
            // the highest rate a request may ask for (virtual-clock token bucket: it never sleeps for real)
            for (String task : List.of("warm-task", "bench-task")) {
                // one active task per channel: the warm-up task gets a channel of its own
                RedriveRequest request = new RedriveRequest(CLUSTER_ARN, task + "-ch", null, null, List.of(), List.of(),
                        RedriveRequest.MAX_RATE, 1, 2, RunMode.LIVE, "benchmark");
                assertThat(store.create(new RedriveTask(task, request, "src", "b", "dlq/", "r/s", "event_time", SCHEMA,
                        TaskState.RUNNING, RedriveCounters.ZERO, "", "", clock.instant(), clock.instant(), null))).isEmpty();
            }
            Properties plain = new KafkaSettings(KafkaSettings.Auth.PLAINTEXT, "").security();
            KafkaConnector connector = arn -> new KafkaConnector.Connection(new KafkaRecordSource(bootstrap, plain),
                    new KafkaRecordSink(bootstrap, plain));
            // the DLQ objects are generated on the fly, never held: object j lists records j*1000 .. j*1000+999
            BatchWorker worker = new BatchWorker(store, (bucket, key, topic, sink) -> {
                int first = Integer.parseInt(key.substring(4, 10)) * PER_OBJECT;
                int last = Math.min(TOTAL, first + PER_OBJECT);
                for (int i = first; i < last; i++) {
                    sink.accept(new DlqEntry("src", i % PARTITIONS, i / PARTITIONS, TS, "SCHEMA_RESOLUTION", "", "", false));
                }
                return new DlqObjectResult.Parsed(key, last - first, 0);
            }, connector, clock, clock);
            int warmObjects = WARMUP / PER_OBJECT;
            int objects = (TOTAL + PER_OBJECT - 1) / PER_OBJECT;

            // warm-up, discarded: the tool once, the worker once (JIT, connections, broker caches)
            producerPerformance(bootstrap, "perf-warm", Math.max(WARMUP, 1_000));
            redrive(worker, "warm-task", 0, warmObjects);

            // measured: the warm tool, the warm worker, the warm tool again (load drift shows up in the spread)
            long cpu = cpuNanos();
            double toolBefore = producerPerformance(bootstrap, "perf", RECORDS);
            double toolBeforeCpu = (cpuNanos() - cpu) / 1e9;
            HeapWatch heap = HeapWatch.start();
            long start = System.nanoTime();
            cpu = cpuNanos();
            redrive(worker, "bench-task", warmObjects, objects);
            double seconds = (System.nanoTime() - start) / 1e9;
            double redriveCpu = (cpuNanos() - cpu) / 1e9;
            if ((Object) worker instanceof AutoCloseable closeable) {
                closeable.close(); // the check keeps the benchmark runnable against the previous worker (the "before" rows)
            }
            HeapWatch.Result h = heap.stop();
            cpu = cpuNanos();
            double toolAfter = producerPerformance(bootstrap, "perf2", RECORDS);
            double toolAfterCpu = (cpuNanos() - cpu) / 1e9;
            RedriveCounters c = store.find("bench-task").orElseThrow().counters();
            double redriveRate = c.reproduced() / seconds;
            double toolBest = Math.max(toolBefore, toolAfter);
            double toolMean = (toolBefore + toolAfter) / 2;
            String report = String.format("machine: %d cores, load average (1/5/15 min) at start %s, at end %s%n"
                            + "records: %d of ~1 KB, %d partitions, -Xmx %d MiB; both sides warmed first (%d records each)%n"
                            + "redrive-batch (warm): %d records re-produced in %.1f s = %.0f records/s%n"
                            + "ProducerPerformance (warm, worker's producer settings): %.0f records/s before,"
                            + " %.0f records/s after%n"
                            + "ratio vs the faster warm producer run: %.2f (vs the mean %.2f; goal >= 0.80)%n"
                            + "process CPU (whole JVM, broker included): redrive %.1f s, ProducerPerformance %.1f s / %.1f s;"
                            + " records per CPU-second ratio %.2f%n"
                            + "heap during redrive (whole JVM, broker included): live before %d MiB, peak live after GC %d MiB"
                            + " (%d GCs), peak of the heap pools %d MiB%n",
                    Runtime.getRuntime().availableProcessors(), loadBefore, loadAverage(),
                    RECORDS, PARTITIONS, Runtime.getRuntime().maxMemory() >> 20, WARMUP, c.reproduced(), seconds,
                    redriveRate, toolBefore, toolAfter, redriveRate / toolBest, redriveRate / toolMean, redriveCpu, toolBeforeCpu, toolAfterCpu,
                    (RECORDS / redriveCpu) / (2 * RECORDS / (toolBeforeCpu + toolAfterCpu)), h.liveBefore() >> 20, h.peakLiveAfterGc() >> 20, h.collections(),
                    h.peakOfPools() >> 20);
            System.out.print(report);
            Path out = Path.of("target/benchmarks");
            Files.createDirectories(out);
            Files.writeString(out.resolve("redrive-throughput-" + RECORDS + ".txt"), report);
            assertThat(c.reproduced()).isEqualTo(RECORDS);
            assertThat(store.find("warm-task").orElseThrow().counters().reproduced()).isEqualTo(WARMUP);
            assertThat(store.doneMarks()).isEqualTo(TOTAL);
        }
    }

    /** Runs the task over DLQ objects {@code from} (incl.) to {@code to} (excl.), ten objects per Map batch. */
    private static void redrive(BatchWorker worker, String task, int from, int to) {
        for (int i = from; i < to; i += OBJECTS_PER_BATCH) {
            List<String> keys = new ArrayList<>();
            for (int j = i; j < Math.min(to, i + OBJECTS_PER_BATCH); j++) {
                keys.add(String.format("dlq/%06d.jsonl.gz", j));
            }
            worker.run(BatchInput.of(task, keys));
        }
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException | RuntimeException notLinux) {
            return "n/a";
        }
    }

    /** CPU time of the whole process (every thread: worker, clients, the embedded broker). */
    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Originals to partition i % 6, so record i sits at offset i / 6 (checked on every acknowledgement, not stored). */
    private static void produceOriginals(String bootstrap) throws Exception {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("linger.ms", "20");
        p.put("batch.size", "262144");
        String pad = "x".repeat(940);
        AtomicLong misplaced = new AtomicLong();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < TOTAL; i++) {
                byte[] value = ("{\"id\":" + i + ",\"note\":\"" + pad + "\",\"event_time\":\"2026-01-01T00:00:00Z\"}")
                        .getBytes(StandardCharsets.UTF_8);
                int index = i;
                producer.send(new ProducerRecord<>("src", i % PARTITIONS, null, ("k" + i).getBytes(StandardCharsets.UTF_8),
                        value), (m, e) -> {
                            if (e != null || m.offset() != index / PARTITIONS) {
                                misplaced.incrementAndGet();
                            }
                        });
            }
            producer.flush();
        }
        assertThat(misplaced).hasValue(0);
    }

    /** Kafka's producer tool with the worker's producer settings ({@link KafkaRecordSink}): acks=all, idempotent. */
    private static double producerPerformance(String bootstrap, String topic, int records) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            Class<?> tool = Class.forName("org.apache.kafka.tools.ProducerPerformance");
            tool.getMethod("main", String[].class).invoke(null, (Object) new String[] {"--topic", topic,
                    "--num-records", Integer.toString(records), "--record-size", "1024", "--throughput", "-1",
                    "--producer-props", "bootstrap.servers=" + bootstrap, "acks=all", "enable.idempotence=true",
                    "linger.ms=" + KafkaRecordSink.LINGER_MS, "batch.size=262144", "compression.type=none"});
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
}
