package io.channelpilot.local.world.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault proxy in front of an embedded broker: each fault is observable with a plain Kafka client. The swallowed
 * answer is proven to be "written, answer lost" by a non-idempotent producer, whose retry writes the record twice.
 */
class KafkaFaultProxyTest {

    static final String CLUSTER = "faulty";

    @TempDir
    static Path tmp;

    static EmbeddedKafka kafka;
    static KafkaFaults faults;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafka.startWithFaultProxy(tmp, List.of(CLUSTER));
        faults = kafka.faults(CLUSTER);
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @AfterEach
    void clear() {
        faults.clear();
    }

    @Test
    void shouldAdvertiseTheProxySoEveryConnectionPassesIt() {
        kafka.createTopic(CLUSTER, "through", 1, Map.of());
        long before = faults.injected().produceRequests();

        RecordMetadata m = kafka.produce(CLUSTER, "through", null, bytes("v"), Map.of());

        assertThat(m.offset()).isZero();
        assertThat(faults.injected().produceRequests()).isEqualTo(before + 1);
    }

    @Test
    void shouldWriteTwiceWhenANonIdempotentProducerRetriesASwallowedAnswer() throws Exception {
        kafka.createTopic(CLUSTER, "swallow-plain", 1, Map.of());
        try (KafkaProducer<byte[], byte[]> producer = producer(false)) {
            producer.send(new ProducerRecord<>("swallow-plain", bytes("warm"))).get(); // metadata known, connection open
            faults.swallowProduceResponses(1);

            producer.send(new ProducerRecord<>("swallow-plain", bytes("once"))).get(30, TimeUnit.SECONDS);
        }

        assertThat(faults.injected().swallowedResponses()).isEqualTo(1);
        assertThat(values("swallow-plain")).containsExactly("warm", "once", "once");
    }

    @Test
    void shouldWriteOnceWhenAnIdempotentProducerRetriesASwallowedAnswer() throws Exception {
        kafka.createTopic(CLUSTER, "swallow-idem", 1, Map.of());
        long before = faults.injected().swallowedResponses();
        try (KafkaProducer<byte[], byte[]> producer = producer(true)) {
            producer.send(new ProducerRecord<>("swallow-idem", bytes("warm"))).get();
            faults.swallowProduceResponses(1);

            producer.send(new ProducerRecord<>("swallow-idem", bytes("once"))).get(30, TimeUnit.SECONDS);
        }

        assertThat(faults.injected().swallowedResponses()).isEqualTo(before + 1);
        assertThat(values("swallow-idem")).containsExactly("warm", "once");
    }

    @Test
    void shouldHoldProduceWhileNoLeaderIsAvailableAndWriteOnceAfter() throws Exception {
        kafka.createTopic(CLUSTER, "leaderless", 1, Map.of());
        KafkaFaults.Injected before = faults.injected();
        try (KafkaProducer<byte[], byte[]> producer = producer(true)) {
            producer.send(new ProducerRecord<>("leaderless", bytes("warm"))).get();
            faults.leaderNotAvailable(Duration.ofSeconds(2));
            long t0 = System.nanoTime();

            producer.send(new ProducerRecord<>("leaderless", bytes("after"))).get(30, TimeUnit.SECONDS);

            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThan(Duration.ofMillis(1500));
        }

        assertThat(faults.injected().refusedProduce()).isGreaterThan(before.refusedProduce());
        assertThat(faults.injected().leaderlessMetadata()).isGreaterThan(before.leaderlessMetadata());
        assertThat(values("leaderless")).containsExactly("warm", "after");
    }

    @Test
    void shouldTimeOutWhileBlackholedAndDeliverAfterwards() throws Exception {
        kafka.createTopic(CLUSTER, "dark", 1, Map.of());
        try (KafkaProducer<byte[], byte[]> producer = producer(true)) {
            producer.send(new ProducerRecord<>("dark", bytes("warm"))).get();
            faults.blackhole(true);

            assertThatThrownBy(() -> producer.send(new ProducerRecord<>("dark", bytes("lost"))).get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(TimeoutException.class);
            assertThat(faults.injected().cutConnections()).isPositive();
            faults.blackhole(false);
            producer.send(new ProducerRecord<>("dark", bytes("back"))).get(30, TimeUnit.SECONDS);
        }

        assertThat(values("dark")).containsExactly("warm", "back");
    }

    @Test
    void shouldKeepTheLogAcrossABrokerRestartAndServeAgain() throws Exception {
        kafka.createTopic(CLUSTER, "restart", 1, Map.of());
        kafka.produce(CLUSTER, "restart", null, bytes("before"), Map.of());

        kafka.restartBroker(CLUSTER);

        try (KafkaProducer<byte[], byte[]> producer = producer(true)) {
            producer.send(new ProducerRecord<>("restart", bytes("after"))).get(30, TimeUnit.SECONDS);
        }
        assertThat(values("restart")).containsExactly("before", "after");
    }

    private static KafkaProducer<byte[], byte[]> producer(boolean idempotent) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(CLUSTER));
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, Boolean.toString(idempotent));
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "1500");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "6000");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "6000");
        p.put(ProducerConfig.MAX_IN_FLIGHT_REQUESTS_PER_CONNECTION, "1");
        return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    private static List<String> values(String topic) {
        return kafka.readAll(CLUSTER, topic).stream().map(ConsumerRecord::value)
                .map(v -> new String(v, StandardCharsets.UTF_8)).toList();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
