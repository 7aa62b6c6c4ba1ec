package io.channelpilot.local.world.kafka;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The world's Kafka: one single-node KRaft broker per emulated MSK cluster, started on first use (a world may declare
 * many clusters of which few ever see a topic). Everything binds 127.0.0.1; data lives under {@code baseDir/<cluster>}.
 * Thread-safe.
 */
public final class EmbeddedKafka implements AutoCloseable {

    private static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

    private final Path baseDir;
    private final Set<String> clusters;
    private final Clock clock; // stamps the records produced here; null: the producer's wall clock
    private final Map<String, Running> running = new ConcurrentHashMap<>();
    /** Each cluster's fault proxy when the world was started with one (docs/developer-guide.md#kafka-faults-during-a-redrive). */
    private final Map<String, KafkaFaultProxy> proxies = new ConcurrentHashMap<>();
    private final boolean faultProxy;

    /** A started broker with the admin and producer clients the helpers share. */
    private record Running(KraftNode node, Admin admin, KafkaProducer<byte[], byte[]> producer) {
    }

    private EmbeddedKafka(Path baseDir, Collection<String> clusters, boolean faultProxy, Clock clock) {
        this.baseDir = baseDir;
        this.clusters = Set.copyOf(new LinkedHashSet<>(clusters));
        this.faultProxy = faultProxy;
        this.clock = clock;
    }

    /** Declares the clusters; no broker starts until one is needed. Records carry the wall-clock time. */
    public static EmbeddedKafka start(Path baseDir, Collection<String> clusterNames) {
        return new EmbeddedKafka(baseDir, clusterNames, false, null);
    }

    /** As {@link #start(Path, Collection)}, but records produced here carry {@code clock}'s time (the world's). */
    public static EmbeddedKafka start(Path baseDir, Collection<String> clusterNames, Clock clock) {
        return new EmbeddedKafka(baseDir, clusterNames, false, clock);
    }

    /**
     * As {@link #start(Path, Collection, Clock)}, with a {@link KafkaFaultProxy} in front of every broker: the broker
     * advertises the proxy, so every client (the world's own included) reaches it only through the proxy.
     */
    public static EmbeddedKafka startWithFaultProxy(Path baseDir, Collection<String> clusterNames) {
        return startWithFaultProxy(baseDir, clusterNames, null);
    }

    /** As {@link #startWithFaultProxy(Path, Collection)}; records produced here carry {@code clock}'s time. */
    public static EmbeddedKafka startWithFaultProxy(Path baseDir, Collection<String> clusterNames, Clock clock) {
        return new EmbeddedKafka(baseDir, clusterNames, true, clock);
    }

    /** The data-plane faults of the cluster's proxy (the world must have been started with one). */
    public KafkaFaults faults(String cluster) {
        broker(cluster);
        KafkaFaultProxy proxy = proxies.get(cluster);
        if (proxy == null) {
            throw new IllegalStateException("the world's Kafka runs without a fault proxy; start it with one "
                    + "(LocalWorld.Options#withKafkaFaultProxy)");
        }
        return proxy.faults();
    }

    /** Restarts the cluster's broker on the same ports and log directory; returns once it serves again. */
    public void restartBroker(String cluster) {
        broker(cluster).node().restart();
    }

    private Long timestamp() {
        return clock == null ? null : clock.millis();
    }

    public Set<String> clusterNames() {
        return clusters;
    }

    public boolean isStarted(String cluster) {
        return running.containsKey(cluster);
    }

    /** {@code 127.0.0.1:<port>} of the cluster's broker, starting it if needed. */
    public String bootstrapServers(String cluster) {
        return broker(cluster).node().bootstrapServers();
    }

    public void createTopic(String cluster, String topic, int partitions, Map<String, String> configs) {
        NewTopic t = new NewTopic(topic, partitions, (short) 1).configs(Map.copyOf(configs));
        await(broker(cluster).admin().createTopics(List.of(t)).all(), "create topic " + topic);
        awaitMetadata(cluster, topic, true);
    }

    public void deleteTopic(String cluster, String topic) {
        await(broker(cluster).admin().deleteTopics(List.of(topic)).all(), "delete topic " + topic);
        awaitMetadata(cluster, topic, false);
    }

    /**
     * The admin future completes when the controller accepted the change; the broker's metadata cache follows a
     * moment later. Waiting here makes "created" and "deleted" mean visible to every client, so a channel activated
     * right after a create never mistakes existing partitions for new ones. Bounded by {@link #ADMIN_TIMEOUT}; each
     * round is a real broker request (no sleep).
     */
    private void awaitMetadata(String cluster, String topic, boolean present) {
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (partitionsIfExists(cluster, topic).isPresent() != present) {
            if (System.nanoTime() > deadline) {
                throw new KafkaOperationException("topic " + topic + (present ? " did not appear" : " did not vanish")
                        + " within " + ADMIN_TIMEOUT, null);
            }
        }
    }

    /** Raises the partition count (Kafka cannot lower it: InvalidPartitionsException). */
    public void increasePartitions(String cluster, String topic, int partitions) {
        await(broker(cluster).admin().createPartitions(Map.of(topic, NewPartitions.increaseTo(partitions))).all(),
                "increase partitions of " + topic);
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (partitionsIfExists(cluster, topic).orElse(0) < partitions) {
            if (System.nanoTime() > deadline) {
                throw new KafkaOperationException(topic + " did not reach " + partitions + " partitions within "
                        + ADMIN_TIMEOUT, null);
            }
        }
    }

    /** Sets topic configs (e.g. {@code retention.ms}); other configs keep their values. */
    public void alterTopicConfig(String cluster, String topic, Map<String, String> configs) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        List<AlterConfigOp> ops = configs.entrySet().stream()
                .map(e -> new AlterConfigOp(new ConfigEntry(e.getKey(), e.getValue()), AlterConfigOp.OpType.SET))
                .toList();
        await(broker(cluster).admin().incrementalAlterConfigs(Map.of(resource, ops)).all(), "alter " + topic);
        // Like creation: the controller accepted the change, the broker's config view follows a moment later.
        long deadline = System.nanoTime() + ADMIN_TIMEOUT.toNanos();
        while (!topicConfig(cluster, topic).entrySet().containsAll(configs.entrySet())) {
            if (System.nanoTime() > deadline) {
                throw new KafkaOperationException("config of " + topic + " did not show " + configs + " within "
                        + ADMIN_TIMEOUT, null);
            }
        }
    }

    /**
     * Partition count straight from the broker (a consumer's cached metadata can lag by minutes), or empty when the
     * topic does not exist.
     */
    public java.util.OptionalInt partitionsIfExists(String cluster, String topic) {
        try {
            return java.util.OptionalInt.of(partitionCount(cluster, topic));
        } catch (KafkaOperationException e) {
            if (e.getCause() instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException) {
                return java.util.OptionalInt.empty();
            }
            throw e;
        }
    }

    public int partitionCount(String cluster, String topic) {
        return await(broker(cluster).admin().describeTopics(List.of(topic)).allTopicNames(), "describe " + topic)
                .get(topic).partitions().size();
    }

    public Set<String> topics(String cluster) {
        return await(broker(cluster).admin().listTopics().names(), "list topics");
    }

    /** Every config of the topic that has a value (defaults included), e.g. {@code retention.ms}. */
    public Map<String, String> topicConfig(String cluster, String topic) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        Config config = await(broker(cluster).admin().describeConfigs(List.of(resource)).all(), "describe " + topic)
                .get(resource);
        Map<String, String> out = new LinkedHashMap<>();
        for (ConfigEntry e : config.entries()) {
            if (e.value() != null) {
                out.put(e.name(), e.value());
            }
        }
        return out;
    }

    /** Produces one record synchronously (partition chosen by the default partitioner) and returns where it landed. */
    public RecordMetadata produce(String cluster, String topic, byte[] key, byte[] value, Map<String, byte[]> headers) {
        return produce(cluster, topic, key, value, headers, null);
    }

    /** Produces one record to the given partition ({@code null}: the default partitioner decides). */
    public RecordMetadata produce(String cluster, String topic, byte[] key, byte[] value, Map<String, byte[]> headers,
                                  Integer partition) {
        List<org.apache.kafka.common.header.Header> h = new ArrayList<>();
        headers.forEach((k, v) -> h.add(new RecordHeader(k, v)));
        ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, partition, timestamp(), key, value, h);
        return await(broker(cluster).producer().send(record), "produce to " + topic);
    }

    /** Produces keyless values in order, pipelined (one wait at the end), and returns where each landed. */
    public List<RecordMetadata> produceAll(String cluster, String topic, List<byte[]> values) {
        KafkaProducer<byte[], byte[]> producer = broker(cluster).producer();
        List<java.util.concurrent.Future<RecordMetadata>> sent = new ArrayList<>(values.size());
        for (byte[] v : values) {
            sent.add(producer.send(new ProducerRecord<>(topic, null, timestamp(), null, v)));
        }
        producer.flush();
        List<RecordMetadata> out = new ArrayList<>(sent.size());
        for (java.util.concurrent.Future<RecordMetadata> f : sent) {
            out.add(await(f, "produce to " + topic));
        }
        return out;
    }

    /**
     * Every record of the topic from its log start up to the end offsets at the time of the call, partition by
     * partition as polled: for checks and reports (what a redrive re-produced, what a topic holds). Gives up after
     * 20 empty polls rather than waiting for ever on a broker that lost records.
     */
    public List<ConsumerRecord<byte[], byte[]>> readAll(String cluster, String topic) {
        try (KafkaConsumer<byte[], byte[]> consumer = newConsumer(cluster)) {
            List<TopicPartition> parts = new ArrayList<>();
            for (int p = 0; p < partitionCount(cluster, topic); p++) {
                parts.add(new TopicPartition(topic, p));
            }
            consumer.assign(parts);
            consumer.seekToBeginning(parts);
            Map<TopicPartition, Long> end = consumer.endOffsets(parts);
            Map<TopicPartition, Long> start = consumer.beginningOffsets(parts);
            long total = parts.stream().mapToLong(tp -> end.get(tp) - start.get(tp)).sum();
            List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
            for (int empty = 0; out.size() < total && empty < 20; ) {
                var batch = consumer.poll(Duration.ofMillis(500));
                empty = batch.isEmpty() ? empty + 1 : 0;
                batch.forEach(out::add);
            }
            return out;
        }
    }

    /**
     * A new consumer on the cluster (manual assignment, no group, no auto commit): the delivery simulation tracks
     * offsets itself.
     */
    public KafkaConsumer<byte[], byte[]> newConsumer(String cluster) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(cluster));
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(p);
    }

    private Running broker(String cluster) {
        if (!clusters.contains(cluster)) {
            throw new IllegalArgumentException("unknown cluster '" + cluster + "'; the world declares " + clusters);
        }
        return running.computeIfAbsent(cluster, this::startBroker);
    }

    private Running startBroker(String cluster) {
        KraftNode node;
        if (faultProxy) {
            KafkaFaultProxy proxy = KafkaFaultProxy.start(new KafkaFaults());
            node = KraftNode.start(baseDir.resolve(cluster), proxy.port());
            proxy.target(node.brokerPort());
            proxies.put(cluster, proxy);
        } else {
            node = KraftNode.start(baseDir.resolve(cluster));
        }
        Properties admin = new Properties();
        admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, node.bootstrapServers());
        Properties producer = new Properties();
        producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, node.bootstrapServers());
        producer.put(ProducerConfig.ACKS_CONFIG, "all");
        producer.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        producer.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "10000");
        return new Running(node, Admin.create(admin),
                new KafkaProducer<>(producer, new ByteArraySerializer(), new ByteArraySerializer()));
    }

    private static <T> T await(java.util.concurrent.Future<T> future, String what) {
        try {
            return future.get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new KafkaOperationException(what + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            throw new KafkaOperationException(what + " timed out after " + ADMIN_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaOperationException(what + " interrupted", e);
        }
    }

    @Override
    public void close() {
        for (Running r : running.values()) {
            r.producer().close(Duration.ofSeconds(5));
            r.admin().close(Duration.ofSeconds(5));
            r.node().close();
        }
        running.clear();
        proxies.values().forEach(KafkaFaultProxy::close);
        proxies.clear();
    }
}
