package io.channelpilot.tests.provision;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.cloudwatch.MetricAlarm;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.local.world.sns.PublishedMessage;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelInfo;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;

/**
 * One {@link LocalWorld} started from {@code local/worlds/provisioning-it.json} and the product's template, with the
 * real provisioning state machine and handlers in-process, plus the few helpers the provisioning integration tests
 * share: cluster changes through the real {@link KafkaClient} (so the emulator emits the CloudTrail and aws.tag events
 * AWS would), channel reads through the same client, notifications from the SNS emulator, API calls since a mark.
 * Tests use distinct topics and clusters, and read only what happened after their own {@link #mark()}.
 */
final class ProvisioningWorld implements AutoCloseable {

    static final String MACHINE = "ProvisionChannelStateMachine";
    static final String WORLD_FILE = "local/worlds/provisioning-it.json";
    /**
     * The stack's NamespacePolicy (issue 13 tenancy guardrail): every cluster may use the namespaces the provisioning
     * tests name (and the default, streaming); only it-tenant-a may use tenant_a (ProvisionNamespacePolicyTest).
     */
    static final String NAMESPACE_POLICY = "*=streaming,sales,shared,finance,web,ops;it-tenant-a=tenant_a";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalWorld world;
    private final KafkaClient kafka;
    private final SwitchableExecutor executor;

    private ProvisioningWorld(LocalWorld world, SwitchableExecutor executor) {
        this.world = world;
        this.executor = executor;
        this.kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), world.file().region());
    }

    /**
     * Starts the world. Executions run on the calling thread (so when {@link #settle()} returns every triggered
     * execution has closed) unless a test switches to overlapping executions with {@link #concurrently}.
     */
    static ProvisioningWorld start() {
        SwitchableExecutor executor = new SwitchableExecutor();
        LocalWorld.Options options = new LocalWorld.Options(Repo.root().resolve(WORLD_FILE),
                Repo.root().resolve("template.yaml"), null,
                null, executor, Map.of("NamespacePolicy", NAMESPACE_POLICY)) // null: WorldHandlerFactory, virtual clock
                // the tests count executions and calls of the events they send; a scheduled sweep would add its own
                .withSchedules(false);
        return new ProvisioningWorld(LocalWorld.start(options), executor);
    }

    /**
     * Runs {@code body} with executions on a pool of {@code threads} threads, so the executions it triggers overlap;
     * waits until all of them have closed before switching back to synchronous executions.
     */
    void concurrently(int threads, Runnable body) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        executor.use(pool);
        try {
            body.run();
            awaitExecutions();
        } finally {
            executor.use(Runnable::run);
            pool.shutdown();
        }
    }

    /** Delegates to the executor of the moment: synchronous by default, a pool inside {@link #concurrently}. */
    static final class SwitchableExecutor implements Executor {
        private volatile Executor target = Runnable::run;

        void use(Executor next) {
            target = next;
        }

        @Override
        public void execute(Runnable command) {
            target.execute(command);
        }
    }

    LocalWorld world() {
        return world;
    }

    KafkaClient kafka() {
        return kafka;
    }

    String clusterArn(String cluster) {
        return world.services().msk().clusterArnOf(cluster).orElseThrow();
    }

    // ---- changes that emit events, then let every triggered execution finish ----

    void tag(String cluster, String key, String value) {
        tag(cluster, Map.of(key, value));
    }

    void tag(String cluster, Map<String, String> tags) {
        kafka.tagResource(r -> r.resourceArn(clusterArn(cluster)).tags(tags));
        settle();
    }

    void untag(String cluster, String key) {
        kafka.untagResource(r -> r.resourceArn(clusterArn(cluster)).tagKeys(key));
        settle();
    }

    void createTopic(String cluster, String topic) {
        kafka.createTopic(r -> r.clusterArn(clusterArn(cluster)).topicName(topic).partitionCount(2).replicationFactor(3));
        settle();
    }

    /** Routes pending events and waits until every execution has closed. */
    void settle() {
        world.settle();
        awaitExecutions();
    }

    void awaitExecutions() {
        String arn = world.workflows().stateMachineArn(MACHINE);
        for (ExecutionDescription d : world.workflows().executions().list(arn, null)) {
            world.workflows().executions().await(d.executionArn());
        }
    }

    /** A manual request for one topic (what {@code channel-pilot} CLI sends): the execution is named requestId. */
    ExecutionDescription startManual(String cluster, String topic, String requestId) {
        ObjectNode input = JSON.createObjectNode().put("source", "channel-pilot.manual").put("requestId", requestId)
                .put("clusterArn", clusterArn(cluster)).put("topic", topic);
        String arn = world.workflows().executions().start(world.workflows().stateMachineArn(MACHINE), requestId, input)
                .executionArn();
        return world.workflows().executions().await(arn);
    }

    // ---- reads ----

    /** Channels on the topic through the real SDK client (ListChannels pages, then DescribeChannel of each). */
    List<DescribeChannelResponse> channels(String cluster, String topic) {
        String clusterArn = clusterArn(cluster);
        List<DescribeChannelResponse> out = new ArrayList<>();
        String token = null;
        do {
            String next = token;
            var page = kafka.listChannels(r -> r.clusterArn(clusterArn).topicNameFilter(topic).nextToken(next));
            for (ChannelInfo info : page.channels()) {
                DescribeChannelResponse d = kafka.describeChannel(r -> r.clusterArn(clusterArn)
                        .channelArn(info.channelArn()));
                if (d.topicConfigurationList().get(0).topicArn().endsWith("/" + topic)) {
                    out.add(d);
                }
            }
            token = page.nextToken();
        } while (token != null);
        return out;
    }

    /** CloudTrail records REST path parameters as sent: ARNs percent-encoded (MSK developer guide examples). */
    static String decoded(String pathParameter) {
        return java.net.URLDecoder.decode(pathParameter, java.nio.charset.StandardCharsets.UTF_8);
    }

    static String table(DescribeChannelResponse channel) {
        return channel.icebergDestinationConfiguration().destinationTableList().get(0).destinationTableName();
    }

    List<MetricAlarm> alarmsOf(String channelName) {
        return world.cloudWatch().alarms().stream()
                .filter(a -> channelName.equals(a.dimensions().get("ChannelName"))).toList();
    }

    /** Executions of the provisioning machine that started after {@code mark}. */
    List<ExecutionDescription> executionsSince(Mark mark) {
        String arn = world.workflows().stateMachineArn(MACHINE);
        return world.workflows().executions().list(arn, null).stream()
                .filter(d -> !mark.executions().contains(d.executionArn())).toList();
    }

    /** Where the test starts reading: published notifications, API calls and executions so far. */
    Mark mark() {
        List<ApiCallLog.Call> calls = world.server().calls().calls();
        Set<String> executions = new HashSet<>();
        world.workflows().executions().list(world.workflows().stateMachineArn(MACHINE), null)
                .forEach(d -> executions.add(d.executionArn()));
        return new Mark(world.sns().published().size(), calls.isEmpty() ? 0 : calls.get(calls.size() - 1).sequence(),
                Set.copyOf(executions));
    }

    record Mark(int notifications, long callSequence, Set<String> executions) {
    }

    /** A published notification: the filter attributes and the parsed message v1 (the SNS "default" rendering). */
    record Note(String kind, String severity, String owner, String subject, JsonNode message, String email) {
        String fact(String key) {
            return message.path("facts").path(key).asText(null);
        }

        List<String> factsStartingWith(String prefix) {
            List<String> out = new ArrayList<>();
            message.path("facts").fields().forEachRemaining(e -> {
                if (e.getKey().startsWith(prefix)) {
                    out.add(e.getValue().asText());
                }
            });
            return out;
        }

        List<String> actionLabels() {
            List<String> out = new ArrayList<>();
            message.path("actions").forEach(a -> out.add(a.path("label").asText()));
            return out;
        }

        List<String> actionCommands() {
            List<String> out = new ArrayList<>();
            message.path("actions").forEach(a -> out.add(a.path("command").asText("")));
            return out;
        }
    }

    /** Notifications about {@code topic} published after {@code mark}, in order. */
    List<Note> notificationsSince(Mark mark, String topic) {
        List<PublishedMessage> all = world.sns().published();
        List<Note> out = new ArrayList<>();
        for (PublishedMessage m : all.subList(mark.notifications(), all.size())) {
            JsonNode message;
            try {
                message = JSON.readTree(m.defaultMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (topic.equals(message.path("topic").asText())) {
                out.add(new Note(attr(m, "kind"), attr(m, "severity"), attr(m, "owner"), m.subject(), message,
                        m.messageFor("email")));
            }
        }
        return out;
    }

    private static String attr(PublishedMessage m, String name) {
        var a = m.attributes().get(name);
        return a == null ? null : a.stringValue();
    }

    /** "service:Operation" keys answered after {@code mark}, in arrival order. */
    List<String> callsSince(Mark mark) {
        return world.server().calls().calls().stream().filter(c -> c.sequence() > mark.callSequence())
                .map(ApiCallLog.Call::key).toList();
    }

    long countSince(Mark mark, String key) {
        return callsSince(mark).stream().filter(key::equals).count();
    }

    /** Calls to {@code key} since the mark that the emulator answered with {@code status} (e.g. 200, 409). */
    long countSince(Mark mark, String key, int status) {
        return world.server().calls().calls().stream().filter(c -> c.sequence() > mark.callSequence())
                .filter(c -> c.key().equals(key) && c.status() == status).count();
    }

    @Override
    public void close() {
        kafka.close();
        world.close();
    }
}
