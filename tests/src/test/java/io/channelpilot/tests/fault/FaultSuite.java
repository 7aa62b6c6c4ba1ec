package io.channelpilot.tests.fault;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.exec.HistoryEvent;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.local.world.http.FaultRule;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.redrive.batch.BatchConfig;
import io.channelpilot.redrive.batch.BatchWiring;
import io.channelpilot.gateway.AwsClients;
import io.channelpilot.time.TimeSource;
import io.channelpilot.redrive.batch.RedriveBatchHandler;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * Issue 8.3, the fault suite's scenario, sized by the caller: one local world ({@code local/worlds/default.json}
 * with its channels-per-cluster quota raised to fit the topics, Express cluster {@code orders-express} tagged with
 * the {@code prefix=orders.} rule), executions on a thread pool so they overlap for real. Before the faults: a
 * channel on {@code orders.created} whose DLQ holds {@code dlqRecords} repairable records (missing {@code amount}),
 * and {@code topics} new topics created through the real SDK (their CloudTrail events wait on the bus). Then every
 * emulated operation ({@code *}) gets 30% throttling, 5% 5xx (3% instead of the call, 2% after it took effect) and
 * a fixed latency on the virtual clock (the world's seeded fault injector), while the events start the provisioning
 * workflows and the operator CLI starts one redrive of the DLQ, and the reconcile sweep runs until it finds nothing to
 * do, all with the faults still on; then they are switched off and the test reads the outcome from the emulators'
 * state, the call log and the runner's histories.
 */
final class FaultSuite implements AutoCloseable {

    static final String CLUSTER = "orders-express";
    static final String REDRIVE_TOPIC = "orders.created";
    static final String PROVISIONING = "ProvisionChannelStateMachine";
    static final double THROTTLE = 0.30;
    /** 5% 5xx: 3% instead of the call, 2% after it took effect (a lost response: retries must be idempotent). */
    static final double SERVER_ERROR = 0.03;
    static final double SERVER_ERROR_AFTER = 0.02;
    static final Duration LATENCY = Duration.ofMillis(200);
    /** Sweeps allowed to converge with the faults on; the schedule's interval between them (virtual time). */
    static final int MAX_SWEEPS = 8;
    static final Duration SWEEP_EVERY = Duration.ofMinutes(2);
    static final ObjectMapper JSON = new ObjectMapper();

    final LocalWorld world;
    final ExecutorService pool;
    final KafkaClient kafka;
    final DynamoDbClient dynamo;
    final String clusterArn;
    final ChannelSpec redriveSpec;
    final List<String> topics = new ArrayList<>();
    final int dlqRecords;
    long callMark;
    /** The last call made with the faults on. */
    long faultsOffMark = Long.MAX_VALUE;
    /** Wall time with the faults on: the events' executions and the redrive, then the sweeps. */
    long eventsMs;
    long sweepsMs;
    /** Channel ARNs on the cluster when the faults start (the redrive's, and any the setup's events created). */
    java.util.Set<String> channelsBefore = java.util.Set.of();
    String taskId;
    final List<String> cliAttempts = new ArrayList<>();
    final List<JsonNode> sweeps = new ArrayList<>();

    private FaultSuite(int topicCount, int dlqRecords) {
        this.pool = Executors.newFixedThreadPool(16, r -> {
            Thread t = new Thread(r, "fault-suite-execution");
            t.setDaemon(true);
            return t;
        });
        this.world = LocalWorld.start(new LocalWorld.Options(worldFile(topicCount), Repo.root().resolve("template.yaml"),
                null, null, pool, Map.of()));
        this.dlqRecords = dlqRecords;
        String region = world.file().region();
        this.kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
        this.dynamo = LocalClients.dynamo(world.server().endpoint(), region);
        this.clusterArn = world.services().msk().clusterArnOf(CLUSTER).orElseThrow();
        // redrive-batch on the virtual clock (its token bucket), as RedriveEndToEndTest binds it
        Map<String, String> batchEnv = new HashMap<>(world.functionEnvironment());
        world.workflows().lambdas().register("RedriveBatchFunction",
                new RedriveBatchHandler(BatchWiring.from(BatchConfig.from(batchEnv), AwsClients.from(batchEnv), TimeSource.of(world.clock()))));
        this.redriveSpec = channelWithDeadLetters();
        for (int i = 0; i < topicCount; i++) {
            topics.add(String.format("orders.fs%02d", i));
        }
    }

    /**
     * {@code default.json} with room for the topics' channels: its "Channels per cluster" quota (20, local-world data)
     * would make validation refuse the 21st channel, which is the quota rule working, not a fault.
     */
    private static Path worldFile(int topicCount) {
        try {
            Path source = Repo.root().resolve("local/worlds/default.json");
            ObjectNode w = (ObjectNode) JSON.readTree(source.toFile());
            for (JsonNode quota : w.path("quotas")) {
                if (quota.path("quotaName").asText().equals("Channels per cluster")) {
                    ((ObjectNode) quota).put("value", Math.max(20, topicCount + 10));
                }
            }
            io.channelpilot.tests.WorldCopies.inlineDefinitionFiles(w, source.getParent());
            Path out = Files.createTempDirectory("fault-suite-world").resolve("fault-suite.json");
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), w);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static FaultSuite prepare(int topicCount, int dlqRecords) {
        return new FaultSuite(topicCount, dlqRecords);
    }

    /** The redrive's channel, created and ACTIVE before the faults, and its dead-lettered records. */
    private ChannelSpec channelWithDeadLetters() {
        var cluster = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                .filter(c -> c.clusterName().equals(CLUSTER)).findFirst().orElseThrow();
        StackSettings stack = StackSettings.from(world.functionEnvironment());
        ChannelSpec spec = new SpecResolver(stack).resolve(clusterArn, cluster.tags(), REDRIVE_TOPIC, Map.of()).specs().get(0);
        try (CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(),
                world.file().region())) {
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
        }
        kafka.createChannel(ChannelRequests.create(spec, "channel-pilot-local"));
        world.advance(Duration.ofSeconds(60));
        awaitExecutions();
        new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock()).update(
                new ChannelKey(clusterArn, spec.channelName()), REDRIVE_TOPIC, s -> s.withDesired(json(spec), spec.fingerprint()));
        for (int i = 0; i < dlqRecords; i++) {
            world.kafka().produce(CLUSTER, REDRIVE_TOPIC, ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8),
                    Map.of());
        }
        world.advance(Duration.ofMinutes(11));
        awaitExecutions();
        return spec;
    }

    /**
     * Creates the topics (events wait on the bus), then runs everything under faults and converges with the faults
     * still on: the scheduled sweep (DESIGN: the backstop) runs every {@link #SWEEP_EVERY} of virtual time until one
     * finds no drift and no error, at most {@link #MAX_SWEEPS} times. The faults go off only after that, so the end
     * state the test reads through the CLI is the state the product reached under faults.
     */
    void run() {
        for (String topic : topics) {
            kafka.createTopic(r -> r.clusterArn(clusterArn).topicName(topic).partitionCount(2).replicationFactor(3));
        }
        callMark = lastSequence();
        channelsBefore = world.services().msk().channels().stream().map(c -> c.arn())
                .collect(java.util.stream.Collectors.toUnmodifiableSet());

        world.server().faults().add(new FaultRule("*", THROTTLE, SERVER_ERROR, LATENCY, List.of(), SERVER_ERROR_AFTER));
        long started = System.nanoTime();
        world.settle(); // routes the topics' events: the provisioning executions start on the pool
        startRedrive();
        awaitExecutions();
        long eventsDone = System.nanoTime();
        for (int round = 1; round <= MAX_SWEEPS; round++) {
            world.advance(SWEEP_EVERY);
            awaitExecutions();
            JsonNode sweep = world.workflows().lambdas().invoke("ReconcileFunction",
                    JSON.createObjectNode().put("source", "channel-pilot.reconcile").put("sweepId", "fault-suite-" + round));
            sweeps.add(sweep);
            awaitExecutions();
            if (clean(sweep)) {
                break;
            }
        }
        faultsOffMark = lastSequence();
        world.server().faults().clear();
        eventsMs = (eventsDone - started) / 1_000_000;
        sweepsMs = (System.nanoTime() - eventsDone) / 1_000_000;
        world.advance(SWEEP_EVERY);
        awaitExecutions();
    }

    private long lastSequence() {
        List<ApiCallLog.Call> all = world.server().calls().calls();
        return all.isEmpty() ? 0 : all.get(all.size() - 1).sequence();
    }

    /** No drift and no error, at the top level or for any cluster. */
    static boolean clean(JsonNode sweep) {
        return drifted(sweep) == 0 && errorCodes(sweep).isEmpty();
    }

    /** The sweep's error codes, top level and per cluster, in order. */
    static List<String> errorCodes(JsonNode sweep) {
        List<String> out = new ArrayList<>();
        sweep.path("errors").forEach(e -> out.add(e.path("code").asText()));
        for (JsonNode c : sweep.path("clusters")) {
            c.path("errors").forEach(e -> out.add(e.path("code").asText()));
        }
        return out;
    }

    static int drifted(JsonNode sweep) {
        int n = 0;
        for (JsonNode c : sweep.path("clusters")) {
            n += c.path("drifted").asInt();
        }
        return n;
    }

    /**
     * {@code redrive start} through the operator CLI, under the faults. A start the CLI reports as failed is repeated
     * (what an operator does); every attempt's output is kept for the report.
     */
    private void startRedrive() {
        for (int attempt = 1; attempt <= 5 && taskId == null; attempt++) {
            Cli start = cli("redrive", "start", "--channel", redriveSpec.channelName(), "--cluster", CLUSTER,
                    "--repair", "default:/amount=0", "--output", "json");
            cliAttempts.add("exit=" + start.exit() + " " + start.out().strip());
            if (start.exit() == 0) {
                taskId = start.json().path("taskId").asText();
            }
        }
    }

    Cli cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        int exit = ChannelPilot.run(all.toArray(String[]::new), world.clientEnvironment(), new PrintWriter(out),
                new PrintWriter(err));
        return new Cli(exit, out + err.toString());
    }

    record Cli(int exit, String out) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (Exception e) {
                return JSON.createObjectNode().put("unparsed", out);
            }
        }
    }

    /** Waits until no execution of any state machine is running (executions may start others). */
    void awaitExecutions() {
        boolean running = true;
        while (running) {
            running = false;
            for (String arn : world.workflows().stateMachineArns().values()) {
                for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
                    if (d.status() == ExecutionStatus.RUNNING) {
                        world.workflows().executions().await(d.executionArn());
                        running = true;
                    }
                }
            }
            if (world.events().pendingCount() > 0) {
                world.settle();
                running = true;
            }
        }
    }

    // ---------------------------------------------------------------- reads

    /** The calls made while the faults were on (from the topics' events to the converged sweep). */
    List<ApiCallLog.Call> callsSinceMark() {
        return world.server().calls().calls().stream().filter(c -> c.sequence() > callMark && c.sequence() <= faultsOffMark)
                .toList();
    }

    /** Injected faults since the mark, per label ("throttle", "5xx") and service. */
    Map<String, Long> faultsByKind() {
        Map<String, Long> out = new TreeMap<>();
        for (ApiCallLog.Call c : callsSinceMark()) {
            if (c.fault() != null) {
                out.merge(c.fault() + " " + c.key().substring(0, c.key().indexOf(':')), 1L, Long::sum);
            }
        }
        return out;
    }

    List<ExecutionDescription> executions(String logicalId) {
        return world.workflows().executions().list(world.workflows().stateMachineArn(logicalId), null);
    }

    /** One line per execution that failed or caught an error, for the test output when an assertion fails. */
    String diagnostics() {
        StringBuilder out = new StringBuilder();
        for (String arn : world.workflows().stateMachineArns().values()) {
            for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
                List<String> caught = d.events().stream().filter(e -> e.type().equals("ErrorCaught"))
                        .map(e -> e.details().path("Error").asText() + ": " + abbreviate(e.details().path("Cause").asText(""))).toList();
                if (d.status() != ExecutionStatus.SUCCEEDED || !caught.isEmpty()) {
                    out.append(d.name()).append(' ').append(d.status()).append(' ').append(d.error()).append(' ')
                            .append(abbreviate(d.cause())).append(" caught=").append(caught).append(" input=")
                            .append(abbreviate(String.valueOf(d.input()))).append('\n');
                }
            }
        }
        return out.toString();
    }

    static String abbreviate(String s) {
        return s == null ? "" : s.length() > 400 ? s.substring(0, 400) + "…" : s;
    }

    /** Errors the runner caught (Catch), per error name, over every execution of every state machine. */
    Map<String, Long> runnerCaught() {
        Map<String, Long> out = new TreeMap<>();
        for (String arn : world.workflows().stateMachineArns().values()) {
            for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
                d.events().stream().filter(e -> e.type().equals("ErrorCaught"))
                        .forEach(e -> out.merge(e.details().path("Error").asText(), 1L, Long::sum));
            }
        }
        return out;
    }

    /** Retry attempts the runner scheduled, per error name, over every execution of every state machine. */
    Map<String, Long> runnerRetries() {
        Map<String, Long> out = new TreeMap<>();
        for (String arn : world.workflows().stateMachineArns().values()) {
            for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
                String lastError = null;
                for (HistoryEvent e : d.events()) {
                    if (e.type().equals("TaskFailed") || e.type().equals("StateFailed")) {
                        lastError = e.details().path("Error").asText();
                    } else if (e.type().equals("RetryScheduled")) {
                        out.merge(lastError == null ? "?" : lastError, 1L, Long::sum);
                    }
                }
            }
        }
        return out;
    }

    /** Every record on the redrive topic carrying the redrive-of header (the copies). */
    List<ConsumerRecord<byte[], byte[]>> redrivenCopies() {
        return world.kafka().readAll(CLUSTER, REDRIVE_TOPIC).stream()
                .filter(r -> r.headers().lastHeader(RedriveHeaders.REDRIVE_OF) != null).toList();
    }

    static String header(ConsumerRecord<byte[], byte[]> r, String name) {
        var h = r.headers().lastHeader(name);
        return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
    }

    static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        kafka.close();
        dynamo.close();
        world.close();
        pool.shutdownNow();
    }
}
