package io.channelpilot.tests.fault.crash;

import io.channelpilot.gateway.AwsClients;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.cli.ChannelPilot;
import io.channelpilot.dlq.DlqFormat;
import io.channelpilot.dlq.DlqParser;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.task.lambda.FunctionSpec;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.local.world.workflow.WorldHandlerFactory;
import io.channelpilot.model.Home;
import io.channelpilot.gateway.DynamoDbRedriveTaskStore;
import io.channelpilot.redrive.batch.BatchWiring;
import io.channelpilot.redrive.batch.BatchWorker;
import io.channelpilot.redrive.batch.gateway.KafkaSettings;
import io.channelpilot.redrive.batch.RedriveBatchHandler;
import io.channelpilot.redrive.batch.gateway.MskKafkaConnector;
import io.channelpilot.redrive.batch.gateway.S3DlqReader;
import io.channelpilot.redrive.batch.gateway.RedriveHeaders;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.tests.Repo;
import io.channelpilot.tests.WorldCopies;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * One local world for every crash point ({@code local/worlds/default.json}, its channels-per-cluster quota raised to
 * fit one channel per case, the MSK-less standard cluster dropped), with the functions in-process. Every invocation
 * runs under {@link CrashRun#FUNCTION}, so {@link CrashHook} and {@link CrashingConnector} know which function made a
 * call; a {@link Killed} invocation is answered {@code Runtime.ExitError} and its instance discarded by the world's
 * Lambda service. Each case owns a topic, so cases share the world without sharing state.
 */
final class CrashWorld implements AutoCloseable {

    static final String CLUSTER = "orders-express";
    static final String PROVISION = "provision";
    static final String REDRIVE = "redrive";
    /**
     * Records a redrive case dead-letters (missing the required amount, repairable with a default). One: with more, how
     * many claim transactions and DONE-mark writes a batch makes depends on its read-ahead and acknowledgement timing,
     * so an occurrence-numbered point would not be reached in every run. Partial progress across several records is
     * RedriveKafkaFaultTest's and the fault suite's.
     */
    static final int DEAD_LETTERS = 1;
    /** Sweeps the convergence may take after the crash (FaultSuite's bound). */
    static final int MAX_SWEEPS = 4;
    /** Operator restarts of a redrive that ended without SUCCEEDED. */
    static final int MAX_RESTARTS = 2;
    /**
     * Tag rules of their own for provisioning runs ({@code channel-pilot/crash<NN>}: prefix {@code c<NN>.}, namespace
     * {@code c<NN>}): each run provisions into a namespace nobody made yet, so creating the namespace and granting on
     * it are points too. MSK allows 50 tags per cluster; the runs use at most one rule each.
     */
    static final int NAMESPACE_RULES = 40;
    private static final Duration PAST_LEASE = Duration.ofMinutes(46); // CHANNEL_PILOT_LEASE_MINUTES (45) + 1
    private static final ObjectMapper JSON = new ObjectMapper();

    final LocalWorld world;
    final KafkaClient kafka;
    final DynamoDbClient dynamo;
    final String clusterArn;
    private final Handlers handlers;
    private int topics;
    private int provisionRuns;

    private CrashWorld(Handlers handlers) {
        this.handlers = handlers;
        // the runs drive their own sweeps (after the lease expired); scheduled ones would interleave with a case's calls
        this.world = LocalWorld.start(new LocalWorld.Options(worldFile(), Repo.root().resolve("template.yaml"), null,
                handlers, LocalWorld.Options.SYNCHRONOUS, Map.of()).withSchedules(false));
        handlers.bind(world);
        world.workflows().lambdas().around((function, invocation) -> {
            String outer = CrashRun.FUNCTION.get();
            CrashRun.FUNCTION.set(function);
            try {
                return invocation.proceed();
            } finally {
                CrashRun.FUNCTION.set(outer);
            }
        });
        String region = world.file().region();
        this.kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
        this.dynamo = LocalClients.dynamo(world.server().endpoint(), region);
        this.clusterArn = world.services().msk().clusterArnOf(CLUSTER).orElseThrow();
        // the world file's own topics get their channels now, so a case's sweeps find only its own work
        sweep("crash-warm-up");
    }

    private void sweep(String id) {
        world.workflows().lambdas().invoke("ReconcileFunction", JSON.createObjectNode()
                .put("source", "channel-pilot.reconcile").put("sweepId", id));
        settle();
    }

    static CrashWorld start() {
        return new CrashWorld(new Handlers());
    }

    private static Path worldFile() {
        try {
            Path source = Repo.root().resolve("local/worlds/default.json");
            ObjectNode w = (ObjectNode) JSON.readTree(source.toFile());
            for (JsonNode quota : w.path("quotas")) {
                if (quota.path("quotaName").asText().equals("Channels per cluster")) {
                    ((ObjectNode) quota).put("value", 400);
                }
            }
            var clusters = w.withArray("clusters");
            for (int i = clusters.size() - 1; i >= 0; i--) {
                if (!clusters.get(i).path("name").asText().equals(CLUSTER)) {
                    clusters.remove(i);
                } else {
                    ObjectNode tags = ((ObjectNode) clusters.get(i)).with("tags");
                    String orders = tags.path("channel-pilot/orders").asText();
                    for (int n = 1; n <= NAMESPACE_RULES; n++) {
                        String id = String.format("c%02d", n);
                        tags.put("channel-pilot/crash" + id.substring(1), orders
                                .replace("prefix=orders.", "prefix=" + id + ".")
                                .replace("namespace=sales", "namespace=" + id));
                    }
                }
            }
            WorldCopies.inlineDefinitionFiles(w, source.getParent());
            Path out = Files.createTempDirectory("crash-point-world").resolve("crash-points.json");
            JSON.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), w);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A fresh topic name per run: a provisioning run's topic is selected by the next of the {@link #NAMESPACE_RULES}
     * rules (its own namespace), a redrive run's by the cluster's {@code orders.} rule.
     */
    String nextTopic(String scenario) {
        ++topics;
        if (scenario.equals(PROVISION)) {
            if (++provisionRuns > NAMESPACE_RULES) {
                throw new IllegalStateException("more provisioning runs than namespace rules (" + NAMESPACE_RULES
                        + "); raise CrashWorld.NAMESPACE_RULES (MSK allows 50 tags per cluster)");
            }
            return String.format("c%02d.pr%03d", provisionRuns, topics);
        }
        return String.format("orders.%s%03d", scenario.substring(0, 2), topics);
    }

    // ---------------------------------------------------------------- the runs

    /** What one run did: the mutating calls (in order), the backstops it took, the end state. */
    record Outcome(String topic, List<CrashPoint> calls, boolean fired, List<String> backstops, Inventory delta,
                   List<String> problems) {
    }

    /**
     * Provisioning: the topic is created through the real SDK (the emulator's CloudTrail event routes to the
     * provisioning state machine), with {@code armed} killing its function once. Then what AWS would do: the event
     * delivered again (EventBridge is at-least-once), and scheduled sweeps — the clock moved past the lease — until
     * the channel converged.
     */
    Outcome provision(CrashPoint armed) {
        String topic = nextTopic(PROVISION);
        Inventory before = inventory();
        int events = world.events().published().size();
        CrashRun run = CrashRun.begin(PROVISION, armed);
        try {
            kafka.createTopic(r -> r.clusterArn(clusterArn).topicName(topic).partitionCount(2).replicationFactor(3));
            settle();
        } finally {
            CrashRun.end();
        }
        List<String> backstops = new ArrayList<>();
        if (armed != null) {
            for (JsonNode event : world.events().published().subList(events, world.events().published().size())) {
                if (event.path("source").asText().equals("aws.kafka") && event.toString().contains("\"" + topic + "\"")) {
                    world.publish(event.deepCopy());
                    backstops.add("duplicate " + event.path("detail-type").asText());
                }
            }
            settle();
            for (int sweep = 1; sweep <= MAX_SWEEPS && !provisioningProblems(topic).isEmpty(); sweep++) {
                // the next scheduled sweeps, once a lease the dead function held has expired (a jump: nothing else is due)
                world.clock().advance(PAST_LEASE);
                sweep("crash-" + topic + "-" + sweep);
                backstops.add("sweep " + sweep);
            }
        }
        return new Outcome(topic, run.calls(), run.fired(), backstops, inventory().minus(before), provisioningProblems(topic));
    }

    /**
     * Redrive: a channel provisioned cleanly, {@link #DEAD_LETTERS} records dead-lettered by the delivery simulation,
     * then {@code redrive start} through the operator CLI with {@code armed} killing a function once. The state
     * machine's Retry/Catch does the rest; a task that still did not succeed is started again by the operator.
     */
    Outcome redrive(CrashPoint armed) {
        String topic = nextTopic(REDRIVE);
        kafka.createTopic(r -> r.clusterArn(clusterArn).topicName(topic).partitionCount(2).replicationFactor(3));
        settle();
        String channel = onlyChannel(topic).orElseThrow(() -> new IllegalStateException("no channel for " + topic))
                .spec().name();
        for (int i = 0; i < DEAD_LETTERS; i++) {
            world.kafka().produce(CLUSTER, topic, ("k" + i).getBytes(StandardCharsets.UTF_8),
                    ("{\"order_id\":\"m" + i + "\",\"event_time\":\"2026-05-01T10:00:00Z\"}").getBytes(StandardCharsets.UTF_8),
                    Map.of());
        }
        world.advance(Duration.ofMinutes(11));
        Inventory before = inventory();
        CrashRun run = CrashRun.begin(REDRIVE, armed);
        try {
            startRedrive(channel);
            settle();
        } finally {
            CrashRun.end();
        }
        List<String> backstops = new ArrayList<>();
        for (int restart = 1; restart <= MAX_RESTARTS && armed != null && !taskSucceeded(channel); restart++) {
            startRedrive(channel);
            settle();
            backstops.add("operator restart " + restart);
        }
        return new Outcome(topic, run.calls(), run.fired(), backstops, inventory().minus(before),
                redriveProblems(topic, channel));
    }

    private String startRedrive(String channel) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ChannelPilot.run(new String[] {"redrive", "start", "--channel", channel, "--cluster", CLUSTER,
                "--repair", "default:/amount=0", "--output", "json", "--endpoint-url", world.server().endpoint().toString(),
                "--table", world.stack().statusTable()}, world.clientEnvironment(), new PrintWriter(out), new PrintWriter(err));
        return "exit=" + exit + " " + out + err;
    }

    /** Routes pending events and waits until no execution of any state machine runs. */
    void settle() {
        boolean running = true;
        while (running) {
            world.settle();
            running = false;
            for (String arn : world.workflows().stateMachineArns().values()) {
                for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
                    if (d.status() == ExecutionStatus.RUNNING) {
                        world.workflows().executions().await(d.executionArn());
                        running = true;
                    }
                }
            }
            running |= world.events().pendingCount() > 0;
        }
    }

    // ---------------------------------------------------------------- the end state

    java.util.Optional<ChannelView> onlyChannel(String topic) {
        List<ChannelView> on = channels(topic);
        return on.size() == 1 ? java.util.Optional.of(on.get(0)) : java.util.Optional.empty();
    }

    List<ChannelView> channels(String topic) {
        return world.services().msk().channels().stream()
                .filter(c -> c.clusterName().equals(CLUSTER) && topic.equals(c.spec().topicName())).toList();
    }

    /** Empty when the topic converged: one ACTIVE channel, its three alarms, its log group, its grants, no lease. */
    List<String> provisioningProblems(String topic) {
        List<String> problems = new ArrayList<>();
        List<ChannelView> on = channels(topic);
        if (on.size() != 1) {
            problems.add(on.size() + " channels on " + topic);
            return problems;
        }
        ChannelView channel = on.get(0);
        String name = channel.spec().name();
        if (!channel.status().name().equals("ACTIVE")) {
            problems.add("channel " + channel.status());
        }
        long alarms = world.cloudWatch().alarms().stream().filter(a -> name.equals(a.dimensions().get("ChannelName"))).count();
        if (alarms != 3) {
            problems.add(alarms + " alarms");
        }
        String logGroup = channel.spec().logGroup().orElse("(none)");
        if (!world.services().logs().store().exists(logGroup)) {
            problems.add("no log group " + logGroup);
        }
        ChannelKey key = new ChannelKey(clusterArn, name);
        DynamoDbStatusStore status = new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock());
        status.leaseHolder(key).ifPresent(owner -> problems.add("lease held by " + owner));
        String observed = status.find(key).map(s -> s.observedStatus()).orElse("no status");
        if (!"ACTIVE".equals(observed)) {
            problems.add("status table says " + observed);
        }
        return problems;
    }

    private boolean taskSucceeded(String channel) {
        return new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock())
                .latest(new ChannelKey(clusterArn, channel)).map(t -> t.state().name().equals("SUCCEEDED")).orElse(false);
    }

    /** Empty when every dead letter was re-produced exactly once, the task SUCCEEDED and its ledger is all DONE. */
    List<String> redriveProblems(String topic, String channel) {
        List<String> problems = new ArrayList<>(provisioningProblems(topic));
        Map<String, Integer> copies = new TreeMap<>();
        for (ConsumerRecord<byte[], byte[]> r : world.kafka().readAll(CLUSTER, topic)) {
            var of = r.headers().lastHeader(RedriveHeaders.REDRIVE_OF);
            if (of != null) {
                copies.merge(new String(of.value(), StandardCharsets.UTF_8), 1, Integer::sum);
            }
        }
        if (copies.size() != DEAD_LETTERS || copies.values().stream().anyMatch(n -> n != 1)) {
            problems.add("copies per original " + copies);
        }
        var task = new DynamoDbRedriveTaskStore(dynamo, world.stack().statusTable(), world.clock())
                .latest(new ChannelKey(clusterArn, channel));
        if (task.isEmpty() || !task.get().state().name().equals("SUCCEEDED")) {
            problems.add("task " + task.map(t -> t.state() + " " + t.failureReason()).orElse("missing"));
        } else {
            Map<String, Integer> ledger = ledgerStates(task.get().taskId());
            if (!ledger.keySet().equals(java.util.Set.of("DONE"))) {
                problems.add("ledger " + ledger);
            }
        }
        return problems;
    }

    private Map<String, Integer> ledgerStates(String taskId) {
        Map<String, Integer> states = new TreeMap<>();
        dynamo.scanPaginator(r -> r.tableName(world.stack().statusTable())).items().forEach(item -> {
            AttributeValue pk = item.get("pk");
            if (pk != null && pk.s() != null && pk.s().startsWith("LEDGER#" + taskId + "#")) {
                states.merge(item.get("state").s(), 1, Integer::sum);
            }
        });
        return states;
    }

    /**
     * Counts of every resource kind the functions create, world-wide: a case's delta must equal the clean run's. (The
     * Iceberg table is MSK's, made on a later delivery tick, so it is not counted.)
     */
    record Inventory(Map<String, Integer> counts) {
        Inventory minus(Inventory before) {
            Map<String, Integer> out = new TreeMap<>();
            counts.forEach((k, v) -> out.put(k, v - before.counts.getOrDefault(k, 0)));
            return new Inventory(out);
        }
    }

    Inventory inventory() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("msk channels", world.services().msk().channels().size());
        counts.put("cloudwatch alarms", world.cloudWatch().alarms().size());
        counts.put("log groups", world.services().logs().store().logGroups().size());
        counts.put("lake formation grants", world.services().lakeFormation().store().grants().size());
        counts.put("s3 tables namespaces", world.services().tables().catalog().namespaceCount());
        return new Inventory(new TreeMap<>(counts));
    }

    @Override
    public void close() {
        kafka.close();
        dynamo.close();
        handlers.close();
        world.close();
    }

    /**
     * The world's handlers, except redrive-batch, whose Kafka seam gets produce points ({@link CrashingConnector});
     * wired as {@link BatchWiring#from} does, on the world's virtual clock. Each call makes a fresh instance:
     * the Lambda service calls it again after a crash, as a new execution environment.
     */
    static final class Handlers implements HandlerFactory, AutoCloseable {
        private WorldHandlerFactory defaults;
        private LocalWorld world;
        private final List<AutoCloseable> created = new ArrayList<>();

        void bind(LocalWorld world) {
            this.world = world;
            this.defaults = new WorldHandlerFactory(Thread.currentThread().getContextClassLoader(), world.clock());
        }

        @Override
        public synchronized Object create(FunctionSpec spec) throws Exception {
            if (!spec.name().equals("RedriveBatchFunction")) {
                return defaults.create(spec);
            }
            Map<String, String> env = spec.environment();
            AwsClients clients = AwsClients.from(env);
            Supplier<KafkaClient> msk = clients::kafka;
            RedriveBatchHandler handler = new RedriveBatchHandler(new BatchWiring(new BatchWorker(
                    new DynamoDbRedriveTaskStore(clients.dynamoDb(), env.get("CHANNEL_PILOT_STATUS_TABLE"), world.clock()),
                    new S3DlqReader(clients.s3(), new DlqParser(DlqFormat.fromEnv(env)),
                            Home.from(env).account()),
                    new CrashingConnector(new MskKafkaConnector(KafkaSettings.from(env), msk)), world.clock(), world.clock())));
            created.add(handler);
            return handler;
        }

        @Override
        public synchronized void close() {
            for (AutoCloseable c : created) {
                try {
                    c.close();
                } catch (Exception e) {
                    // best effort: the world stops next
                }
            }
            if (defaults != null) {
                defaults.close();
            }
        }
    }
}
