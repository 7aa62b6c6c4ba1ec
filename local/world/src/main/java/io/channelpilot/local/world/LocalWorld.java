package io.channelpilot.local.world;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.s3.SdkS3ObjectLister;
import io.channelpilot.local.sfn.task.AwsServiceIntegration;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.lambda.FunctionDeployment;
import io.channelpilot.local.lambda.InitType;
import io.channelpilot.local.lambda.RuntimeLambdaService;
import io.channelpilot.local.lambda.SamEnvVars;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.task.lambda.LambdaFunctions;
import io.channelpilot.local.sfn.task.lambda.LambdaService;
import io.channelpilot.local.sfn.template.FunctionResource;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.world.cloudwatch.CloudWatchEmulator;
import io.channelpilot.local.world.delivery.DeliveryOptions;
import io.channelpilot.local.world.delivery.DeliverySimulation;
import io.channelpilot.local.world.delivery.DlqLayout;
import io.channelpilot.local.world.delivery.DlqLayouts;
import io.channelpilot.local.world.dynamodb.DynamoDbEmulator;
import io.channelpilot.local.world.eventbridge.EventBridgeEmulator;
import io.channelpilot.local.world.eventbridge.ScheduledRules;
import io.channelpilot.local.world.eventbridge.UserRules;
import io.channelpilot.local.world.file.DeliveryWiring;
import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.file.WorldFiles;
import io.channelpilot.local.world.file.WorldSeeder;
import io.channelpilot.local.world.file.WorldServices;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.local.world.iceberg.IcebergWarehouse;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.local.world.kafka.EmbeddedKafkaTopicBackend;
import io.channelpilot.local.world.s3.S3Front;
import io.channelpilot.local.world.sns.AlarmNotifications;
import io.channelpilot.local.world.sns.SnsEmulator;
import io.channelpilot.local.world.stepfunctions.StepFunctionsEmulator;
import io.channelpilot.local.world.workflow.LocalEventBus;
import io.channelpilot.local.world.workflow.WorkflowHost;
import io.channelpilot.local.world.workflow.WorldHandlerFactory;
import io.channelpilot.time.VirtualClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

/**
 * The offline world in one object (DESIGN §9): the emulated AWS APIs on one loopback endpoint, embedded Kafka, the S3
 * front, the Iceberg delivery simulation, alarm evaluation, and the product's template running in the local Step
 * Functions runner with its handlers in-process. Time is virtual: nothing happens between calls to {@link #advance}
 * and {@link #settle}, so runs are deterministic.
 */
public final class LocalWorld implements AutoCloseable {

    /** How far the clock moves per step inside {@link #advance}: alarms evaluate per period, freshness commits per step. */
    static final Duration STEP = Duration.ofMinutes(1);

    private final WorldFile file;
    private final LocalStack stack;
    private final VirtualClock clock;
    private final LocalEventBus bus;
    private final EmulatorServer server;
    private final S3Front s3;
    private final EmbeddedKafka kafka;
    private final WorldServices services;
    private final CloudWatchEmulator cloudWatch;
    private final SnsEmulator sns;
    private final EventBridgeEmulator eventBridge;
    private final UserRules userRules = new UserRules();
    private final DynamoDbEmulator dynamo;
    private final IcebergWarehouse warehouse;
    private final DeliverySimulation delivery;
    private final DlqLayouts dlqLayouts;
    private final WorkflowHost workflows;
    private final RuntimeLambdaService runtimeLambda;
    private final URI clockUrl;
    private final DeferredExecutions deferred = new DeferredExecutions();
    private final ScheduledRules schedules; // null: the template's schedule rules do not fire by themselves
    private final Path workDir;
    private final List<AutoCloseable> closeables = new ArrayList<>();

    private LocalWorld(Options options) throws IOException {
        this.file = WorldFiles.load(options.worldFile());
        this.workDir = options.workDir() != null ? options.workDir() : Files.createTempDirectory("channel-pilot-world");
        this.clock = VirtualClock.startingAt(file.startTime() == null ? Instant.parse("2026-01-01T00:00:00Z")
                : Instant.parse(file.startTime()));
        this.bus = new LocalEventBus();
        long seed = file.seed() == null ? 0L : file.seed();
        this.server = EmulatorServer.start(new FaultInjector(seed, clock));
        closeables.add(server);
        this.clockUrl = server.serveClock(clock);
        this.s3 = S3Front.startOnDisk(Files.createDirectories(workDir.resolve("s3"))).ownedBy(file.account()).stampedBy(clock);
        closeables.add(s3);
        WorldParts.createBuckets(file, s3);
        server.register(s3.emulator());
        Path kafkaDir = Files.createDirectories(workDir.resolve("kafka"));
        this.kafka = options.brokers() == Brokers.EXPRESS_CLUSTERS_BEHIND_FAULT_PROXY
                ? EmbeddedKafka.startWithFaultProxy(kafkaDir, WorldParts.expressClusters(file), clock)
                : EmbeddedKafka.start(kafkaDir,
                        options.brokers() == Brokers.NONE ? java.util.List.of() : WorldParts.expressClusters(file), clock);
        closeables.add(kafka);
        this.services = WorldServices.create(file, clock, bus, s3, new EmbeddedKafkaTopicBackend(kafka));
        services.registerAll(server);
        this.cloudWatch = new CloudWatchEmulator(clock, bus, file.account(), file.region());
        this.sns = new SnsEmulator(clock, file.account(), file.region());
        this.eventBridge = new EventBridgeEmulator(clock, bus, file.account(), file.region());
        this.dynamo = new DynamoDbEmulator(clock, file.account(), file.region());
        server.register(cloudWatch).register(sns).register(eventBridge).register(dynamo);
        // alarm actions naming an SNS topic publish the standard alarm notification, as CloudWatch does
        cloudWatch.actionInvoker(AlarmNotifications.publishingTo(sns, file.account(),
                "us-east-1".equals(file.region()) ? "US East (N. Virginia)" : file.region()));
        this.warehouse = IcebergWarehouse.open(Files.createDirectories(workDir.resolve("warehouse")));
        closeables.add(warehouse);
        DeliveryWiring wiring = new DeliveryWiring(services);
        this.dlqLayouts = options.dlqLayouts() != null ? options.dlqLayouts()
                : DlqLayouts.of(file.delivery() != null && file.delivery().dlqLayoutSeed() != null
                ? DlqLayout.fromSeed(file.delivery().dlqLayoutSeed()) : DlqLayout.defaults());
        this.delivery = new DeliverySimulation(wiring, kafka, warehouse, s3, WorldParts.metricsTo(cloudWatch), wiring, clock,
                DeliveryOptions.defaults().withDlqLayouts(dlqLayouts));
        this.stack = LocalStack.from(file, options.stackOverrides());
        stack.createProductResources(server.endpoint(), file.region());
        SamTemplate template = SamTemplate.load(options.template(), stack.templateParameters(), file.region(),
                file.account());
        Executor executor = options.executor();
        if (options.lambda() == LambdaMode.RUNTIME) {
            // A function in its own JVM starts executions over HTTP (reconcile, triage): run them after its invoke
            // returned, when the world settles, not inside its StartExecution call (whose SDK read timeout is 30 s).
            if (executor == Options.SYNCHRONOUS) {
                executor = deferred;
            }
            this.runtimeLambda = new RuntimeLambdaService(workDir.resolve("lambda"), file.region(), file.account(), options.initType());
            closeables.add(runtimeLambda); // stopped before Kafka and the endpoint (reverse order)
            ObjectNode envVars = samEnvVars();
            for (FunctionResource f : template.functions()) {
                runtimeLambda.register(deployment(options.template(), f, envVars));
            }
            this.workflows = new WorkflowHost(template, clock, null, runtimeLambda,
                    new SdkS3ObjectLister(LocalClients.s3(server.endpoint(), file.region())),
                    unsupportedIntegrations(), file.region(), file.account(), executor, options.parallelism());
        } else {
            this.runtimeLambda = null;
            HandlerFactory handlers = options.handlers();
            if (handlers == null) {
                WorldHandlerFactory factory = new WorldHandlerFactory(Thread.currentThread().getContextClassLoader(), clock);
                closeables.add(factory); // closed before Kafka (reverse order): handlers may hold broker connections
                handlers = factory;
            }
            // in-process only (runtime mode gets what the template declares): task ids from the world's seed, so the
            // run report repeats
            Map<String, String> env = new java.util.LinkedHashMap<>(functionEnvironment());
            env.put(io.channelpilot.redrive.RedriveService.ID_SEED, Long.toString(seed));
            LambdaFunctions inProcess = WorkflowHost.inProcess(template, env, handlers, file.region(), file.account());
            this.workflows = new WorkflowHost(template, clock, inProcess, inProcess,
                    new SdkS3ObjectLister(LocalClients.s3(server.endpoint(), file.region())),
                    unsupportedIntegrations(), file.region(), file.account(), executor, options.parallelism());
        }
        StepFunctionsEmulator sfn = new StepFunctionsEmulator(workflows.executions());
        workflows.stateMachineArns().forEach((name, arn) -> sfn.describeMachine(new StepFunctionsEmulator.Machine(
                arn, name, template.stateMachine(name).definition(), "arn:aws:iam::" + file.account() + ":role/" + name,
                clock.instant())));
        server.register(sfn);
        WorldSeeder.faultRules(file).forEach(server.faults()::add);
        boolean scheduled = options.schedules() != null ? options.schedules()
                : file.schedules() == null || file.schedules();
        this.schedules = scheduled ? new ScheduledRules(workflows.router().rules(), clock.instant()) : null;
    }

    /** Starts a world from a world file and the product's template. */
    public static LocalWorld start(Options options) {
        try {
            return new LocalWorld(options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Options of a world.
     *
     * @param worldFile       the world file (see docs/local-world.md)
     * @param template        the product's template.yaml
     * @param workDir         where Kafka logs, S3 objects and the Iceberg warehouse live (null = a temp dir)
     * @param handlers        creates handler instances for the template's functions (null = {@link WorldHandlerFactory}
     *                        on the world's virtual clock)
     * @param executor        runs Step Functions executions (Runnable::run = synchronous, deterministic)
     * @param stackOverrides  stack parameters overriding the conventions of {@link LocalStack}
     */
    public record Options(Path worldFile, Path template, Path workDir, HandlerFactory handlers, Executor executor,
                          Map<String, String> stackOverrides, Brokers brokers, LambdaMode lambda, InitType initType,
                          DlqLayouts dlqLayouts, Boolean schedules, Boolean sequentialBranches) {

        /** The default executor: an execution has finished when StartExecution returns (deterministic). */
        public static final Executor SYNCHRONOUS = Runnable::run;

        public Options {
            stackOverrides = stackOverrides == null ? Map.of() : Map.copyOf(stackOverrides);
            executor = executor == null ? SYNCHRONOUS : executor;
            brokers = brokers == null ? Brokers.EXPRESS_CLUSTERS : brokers;
            lambda = lambda == null ? LambdaMode.IN_PROCESS : lambda;
            initType = initType == null ? InitType.ON_DEMAND : initType;
        }

        /** Schedules as the world file says ({@code schedules}, default on). */
        public Options(Path worldFile, Path template, Path workDir, HandlerFactory handlers, Executor executor,
                       Map<String, String> stackOverrides, Brokers brokers, LambdaMode lambda, InitType initType,
                       DlqLayouts dlqLayouts) {
            this(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, lambda, initType, dlqLayouts,
                    null, null);
        }

        /** The DLQ layout from the world file ({@code delivery.dlqLayoutSeed}, else the default). */
        public Options(Path worldFile, Path template, Path workDir, HandlerFactory handlers, Executor executor,
                       Map<String, String> stackOverrides, Brokers brokers, LambdaMode lambda, InitType initType) {
            this(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, lambda, initType, null);
        }

        public Options(Path worldFile, Path template, Path workDir, HandlerFactory handlers, Executor executor,
                       Map<String, String> stackOverrides, Brokers brokers) {
            this(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, LambdaMode.IN_PROCESS, InitType.ON_DEMAND);
        }

        /** The original shape: Express clusters get an embedded broker. */
        public Options(Path worldFile, Path template, Path workDir, HandlerFactory handlers, Executor executor,
                       Map<String, String> stackOverrides) {
            this(worldFile, template, workDir, handlers, executor, stackOverrides, Brokers.EXPRESS_CLUSTERS);
        }

        /**
         * Runtime mode: every invoke runs the function's deployment zip ({@code mvn package} writes them) under the
         * real Lambda Java runtime interface client, in its own JVM, with this init type (docs/local-world.md).
         */
        public Options withRuntimeLambda(InitType type) {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, LambdaMode.RUNTIME, type,
                    dlqLayouts, schedules, sequentialBranches);
        }

        /**
         * No embedded Kafka broker at all (added for the reconcile scale benchmark): topics and channels exist in the
         * MSK API only, so nothing that reads or writes records (delivery, redrive) can run in such a world.
         */
        public Options withoutBrokers() {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides, Brokers.NONE, lambda, initType,
                    dlqLayouts, schedules, sequentialBranches);
        }

        /**
         * Every Express cluster's broker behind a {@link io.channelpilot.local.world.kafka.KafkaFaultProxy}: tests arm
         * data-plane faults through {@code world.kafka().faults(cluster)} (broker restarts: {@code restartBroker}).
         */
        public Options withKafkaFaultProxy() {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides,
                    Brokers.EXPRESS_CLUSTERS_BEHIND_FAULT_PROXY, lambda, initType, dlqLayouts, schedules, sequentialBranches);
        }

        /**
         * The layouts of the DLQ objects the delivery simulation writes (overrides the world file); the functions get
         * the {@code DLQ_FIELD_*} settings an operator would set for them ({@link DlqLayouts#operatorEnvironment()}).
         * In runtime mode they reach a function only if template.yaml declares them (SAM's env-var rule).
         */
        public Options withDlqLayouts(DlqLayouts layouts) {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, lambda, initType,
                    layouts, schedules, sequentialBranches);
        }

        /**
         * Whether the template's schedule rules (the reconcile sweep) fire as the virtual clock passes them (overrides
         * the world file's {@code schedules}; default on). Tests that run sweeps by hand turn them off.
         */
        public Options withSchedules(boolean on) {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, lambda, initType,
                    dlqLayouts, on, sequentialBranches);
        }

        /**
         * Parallel branches and Map iterations one at a time, in order (the {@code run} report's mode): the calls they
         * make, and so the report, are the same run after run. Otherwise up to {@code SfnRuntime.DEFAULT_PARALLELISM}.
         */
        public Options withSequentialBranches() {
            return new Options(worldFile, template, workDir, handlers, executor, stackOverrides, brokers, lambda, initType,
                    dlqLayouts, schedules, true);
        }

        int parallelism() {
            return Boolean.TRUE.equals(sequentialBranches) ? 1 : io.channelpilot.local.sfn.exec.SfnRuntime.DEFAULT_PARALLELISM;
        }

        public static Options of(Path worldFile, Path template) {
            return new Options(worldFile, template, null, null, Runnable::run, Map.of());
        }
    }

    /** How the world runs the template's functions. */
    public enum LambdaMode {
        /** The handler classes in this JVM (fast; unit-level integration tests, the default). */
        IN_PROCESS,
        /** Each function's deployment zip under the real Lambda runtime interface client in its own JVM. */
        RUNTIME
    }

    /** Which clusters get an embedded Kafka broker (started lazily, on the first topic or record). */
    public enum Brokers {
        /** Every Express cluster of the world file (the default). */
        EXPRESS_CLUSTERS,
        /** As {@link #EXPRESS_CLUSTERS}, each broker behind a fault proxy ({@link Options#withKafkaFaultProxy()}). */
        EXPRESS_CLUSTERS_BEHIND_FAULT_PROXY,
        /** None: the MSK API only. */
        NONE
    }

    /**
     * Moves the virtual clock forward in one-minute steps; after each step records are delivered, alarms evaluated,
     * expired DynamoDB items removed, and pending events routed to their targets.
     */
    public void advance(Duration duration) {
        Instant target = clock.instant().plus(duration);
        while (clock.instant().isBefore(target)) {
            Duration left = Duration.between(clock.instant(), target);
            clock.advance(left.compareTo(STEP) < 0 ? left : STEP);
            tick();
        }
        settle();
    }

    /** Delivers what is due without moving the clock, and routes pending events until none are left. */
    public void settle() {
        tick();
        while (bus.pendingCount() > 0 || deferred.pending() > 0) {
            bus.deliverPending(event -> {
                userRules.offer(event);
                workflows.deliver(event);
            });
            deferred.drain();
            tick();
        }
    }

    /** Executions started while a function ran in runtime mode, run by {@link #settle()} on the world's thread. */
    private static final class DeferredExecutions implements Executor {
        private final ConcurrentLinkedQueue<Runnable> queue = new ConcurrentLinkedQueue<>();

        @Override
        public void execute(Runnable command) {
            queue.add(command);
        }

        int pending() {
            return queue.size();
        }

        void drain() {
            for (Runnable r = queue.poll(); r != null; r = queue.poll()) {
                r.run();
            }
        }
    }

    private void tick() {
        delivery.tick();
        cloudWatch.evaluate();
        dynamo.expire();
        if (schedules != null) {
            // the clock may have passed a firing in advance() or in a state machine's Wait: send it, as EventBridge does
            schedules.due(clock.instant()).forEach(f -> bus.publish(workflows.router().scheduledEvent(f.ruleId(), f.time())));
        }
    }

    /** The template's schedule rules firing on the virtual clock, when on ({@link Options#withSchedules}). */
    public Optional<ScheduledRules> schedules() {
        return Optional.ofNullable(schedules);
    }

    /** Injects an event as if EventBridge received it (CloudTrail, aws.tag, alarm, scheduled). */
    public void publish(JsonNode event) {
        bus.publish(event);
    }

    /**
     * The env-vars file for {@code sam local invoke --env-vars} and what runtime mode applies to the template under
     * SAM's rule ({@link SamEnvVars}): {@code Parameters} holds every variable the world overrides — the endpoint and
     * clock overrides, the stack's resources, the Kafka access of redrive-batch, both state machine ARNs — and each
     * takes effect only in the functions that declare it in template.yaml.
     */
    public ObjectNode samEnvVars() {
        ObjectNode file = Json.object();
        ObjectNode params = file.putObject("Parameters");
        functionEnvironment().forEach((k, v) -> {
            if (!k.startsWith("AWS_")) { // SAM sets region and credentials itself; the endpoint goes by its own name
                params.put(k, v);
            }
        });
        params.put(io.channelpilot.runtime.FunctionEnvironment.ENDPOINT_URL, server.endpoint().toString());
        params.put(io.channelpilot.runtime.FunctionEnvironment.CLOCK_URL, clockUrl.toString());
        params.put("CHANNEL_PILOT_PROVISION_STATE_MACHINE_ARN", stack.stateMachineArn("ProvisionChannelStateMachine"));
        return file;
    }

    /** The clock functions in another JVM read ({@code CHANNEL_PILOT_CLOCK_URL}). */
    public URI clockUrl() {
        return clockUrl;
    }

    /** The Lambda service of this world (in-process or runtime mode). */
    public LambdaService lambda() {
        return workflows.lambda();
    }

    /** The runtime mode's service (instances, faults, init type), when the world runs in runtime mode. */
    public Optional<RuntimeLambdaService> runtimeLambda() {
        return Optional.ofNullable(runtimeLambda);
    }

    /** A function as runtime mode deploys it: its zip, memory, timeout, and its template variables under SAM's rule. */
    private static FunctionDeployment deployment(Path template, FunctionResource f, ObjectNode envVars) {
        Path codeUri = template.toAbsolutePath().getParent().resolve(f.codeUri()).normalize();
        Path zip = codeUri.resolve("target").resolve(codeUri.getFileName() + ".zip");
        return new FunctionDeployment(f.logicalId(), f.handler(), zip, f.memorySize(), f.timeout(), InitType.ON_DEMAND,
                SamEnvVars.apply(f.environment(), envVars, f.logicalId()));
    }

    public Map<String, String> clientEnvironment() {
        return stack.clientEnvironment(server.endpoint(), file.region());
    }

    /**
     * The stack's function environment plus how redrive-batch reaches Kafka here: PLAINTEXT to the embedded broker of
     * every cluster whose broker is running (the seeded topics start them), as {@code <cluster>=<bootstrap>;...}.
     */
    public Map<String, String> functionEnvironment() {
        Map<String, String> env = new java.util.LinkedHashMap<>(stack.functionEnvironment(server.endpoint(), file.region()));
        env.putAll(dlqLayouts.operatorEnvironment()); // what an operator sets when the DLQ names differ
        env.put("CHANNEL_PILOT_KAFKA_AUTH", "PLAINTEXT");
        env.put("CHANNEL_PILOT_KAFKA_BOOTSTRAP", kafka.clusterNames().stream().filter(kafka::isStarted).sorted()
                .map(c -> c + "=" + kafka.bootstrapServers(c)).collect(java.util.stream.Collectors.joining(";")));
        return env;
    }

    public WorldFile file() {
        return file;
    }

    public LocalStack stack() {
        return stack;
    }

    public VirtualClock clock() {
        return clock;
    }

    public EmulatorServer server() {
        return server;
    }

    public LocalEventBus events() {
        return bus;
    }

    public S3Front s3() {
        return s3;
    }

    public EmbeddedKafka kafka() {
        return kafka;
    }

    public WorldServices services() {
        return services;
    }

    public CloudWatchEmulator cloudWatch() {
        return cloudWatch;
    }

    public SnsEmulator sns() {
        return sns;
    }

    public EventBridgeEmulator eventBridge() {
        return eventBridge;
    }

    /** Rules of your own on the default bus (Event Ruler patterns), e.g. on Channel Pilot's state-change events. */
    public UserRules userRules() {
        return userRules;
    }

    public DynamoDbEmulator dynamo() {
        return dynamo;
    }

    public IcebergWarehouse warehouse() {
        return warehouse;
    }

    public DeliverySimulation delivery() {
        return delivery;
    }

    /** The layouts of the DLQ objects this world writes. */
    public DlqLayouts dlqLayouts() {
        return dlqLayouts;
    }

    public WorkflowHost workflows() {
        return workflows;
    }

    public Path workDir() {
        return workDir;
    }

    @Override
    public void close() {
        for (int i = closeables.size() - 1; i >= 0; i--) {
            try {
                closeables.get(i).close();
            } catch (Exception e) {
                // closing is best effort: one component failing to stop must not keep the others running
            }
        }
    }

    private static AwsServiceIntegration unsupportedIntegrations() {
        return (service, action, parameters) -> {
            throw new AwsServiceIntegration.AwsServiceError("States.Runtime", "The local world does not run "
                    + "aws-sdk:" + service + ":" + action + " integrations; Channel Pilot's state machines use Lambda tasks");
        };
    }
}
