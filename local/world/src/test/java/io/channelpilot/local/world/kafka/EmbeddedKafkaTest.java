package io.channelpilot.local.world.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Embedded KRaft brokers: one per declared cluster, started on demand, loopback only. */
class EmbeddedKafkaTest {

    @TempDir
    static Path tmp;

    private static EmbeddedKafka kafka;

    @BeforeAll
    static void start() {
        kafka = EmbeddedKafka.start(tmp, List.of("orders-cluster", "billing-cluster", "idle-cluster"));
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void shouldRoundTripRecordWithHeadersWhenProducedAndConsumed() {
        // given
        kafka.createTopic("orders-cluster", "orders", 2, Map.of("retention.ms", "86400000"));
        // when
        RecordMetadata meta = kafka.produce("orders-cluster", "orders", bytes("k1"), bytes("{\"id\":1}"),
                Map.of("trace", bytes("t-1")));
        // then
        List<ConsumerRecord<byte[], byte[]>> read = readAll("orders-cluster", "orders", 2, 1);
        assertThat(read).hasSize(1);
        ConsumerRecord<byte[], byte[]> r = read.get(0);
        assertThat(r.partition()).isEqualTo(meta.partition());
        assertThat(r.offset()).isEqualTo(meta.offset());
        assertThat(new String(r.value(), StandardCharsets.UTF_8)).isEqualTo("{\"id\":1}");
        assertThat(new String(r.headers().lastHeader("trace").value(), StandardCharsets.UTF_8)).isEqualTo("t-1");
        assertThat(kafka.topicConfig("orders-cluster", "orders")).containsEntry("retention.ms", "86400000");
        assertThat(kafka.bootstrapServers("orders-cluster")).startsWith("127.0.0.1:");
    }

    @Test
    void shouldKeepClustersIsolatedWhenSameTopicNameExistsInBoth() {
        // given
        kafka.createTopic("billing-cluster", "shared", 1, Map.of());
        kafka.createTopic("orders-cluster", "shared", 1, Map.of());
        // when
        kafka.produce("billing-cluster", "shared", null, bytes("billing"), Map.of());
        // then
        assertThat(kafka.bootstrapServers("billing-cluster")).isNotEqualTo(kafka.bootstrapServers("orders-cluster"));
        assertThat(readAll("billing-cluster", "shared", 1, 1)).hasSize(1);
        assertThat(readAll("orders-cluster", "shared", 1, 0)).isEmpty();
        assertThat(kafka.isStarted("idle-cluster")).isFalse();
    }

    @Test
    void shouldReportTopicExistsWhenCreatedTwice() {
        kafka.createTopic("billing-cluster", "twice", 1, Map.of());
        assertThatThrownBy(() -> kafka.createTopic("billing-cluster", "twice", 1, Map.of()))
                .isInstanceOf(KafkaOperationException.class)
                .hasCauseInstanceOf(TopicExistsException.class);
    }

    @Test
    void shouldApplyNewPartitionCountAndRetentionWhenTopicIsUpdated() {
        kafka.createTopic("billing-cluster", "growing", 1, Map.of("retention.ms", "3600000"));
        kafka.increasePartitions("billing-cluster", "growing", 3);
        kafka.alterTopicConfig("billing-cluster", "growing", Map.of("retention.ms", "7200000"));
        assertThat(kafka.partitionCount("billing-cluster", "growing")).isEqualTo(3);
        assertThat(kafka.topicConfig("billing-cluster", "growing")).containsEntry("retention.ms", "7200000");
    }

    @Test
    void shouldMirrorMskTopicOperationsWhenUsedAsTopicBackend() {
        EmbeddedKafkaTopicBackend backend = new EmbeddedKafkaTopicBackend(kafka);
        backend.createTopic("billing-cluster", "mirrored", 2, 3, Map.of("retention.ms", "1000000"));
        backend.updateTopic("billing-cluster", "mirrored", 4, Map.of("retention.ms", "2000000"));
        assertThat(kafka.partitionCount("billing-cluster", "mirrored")).isEqualTo(4);
        assertThat(kafka.topicConfig("billing-cluster", "mirrored")).containsEntry("retention.ms", "2000000");
        backend.deleteTopic("billing-cluster", "mirrored");
        assertThat(kafka.partitionsIfExists("billing-cluster", "mirrored")).isEmpty();
    }

    @Test
    void shouldForgetTopicWhenDeleted() {
        kafka.createTopic("billing-cluster", "doomed", 1, Map.of());
        kafka.deleteTopic("billing-cluster", "doomed");
        assertThat(kafka.topics("billing-cluster")).doesNotContain("doomed");
    }

    @Test
    void shouldRefuseUnknownClusterWithDeclaredNamesInMessage() {
        assertThatThrownBy(() -> kafka.bootstrapServers("nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("orders-cluster");
    }

    @Test
    void shouldReadEveryRecordOfEveryPartitionWhenAskedForTheWholeTopic() {
        // given: records on both partitions of a topic
        kafka.createTopic("billing-cluster", "whole", 2, Map.of());
        kafka.produceAll("billing-cluster", "whole", List.of(bytes("{\"n\":1}"), bytes("{\"n\":2}"), bytes("{\"n\":3}")));
        kafka.produce("billing-cluster", "whole", bytes("k"), bytes("{\"n\":4}"), Map.of());

        // when
        List<ConsumerRecord<byte[], byte[]>> all = kafka.readAll("billing-cluster", "whole");

        // then: the same records an independent consumer sees, by partition and offset
        assertThat(all).extracting(r -> r.partition() + ":" + r.offset()).containsExactlyInAnyOrderElementsOf(
                readAll("billing-cluster", "whole", 2, 4).stream().map(r -> r.partition() + ":" + r.offset()).toList());
    }

    private static List<ConsumerRecord<byte[], byte[]>> readAll(String cluster, String topic, int partitions,
                                                                 int expected) {
        List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> c = kafka.newConsumer(cluster)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (int p = 0; p < partitions; p++) {
                tps.add(new TopicPartition(topic, p));
            }
            c.assign(tps);
            c.seekToBeginning(tps);
            Map<TopicPartition, Long> end = c.endOffsets(tps);
            // bounded: stop when every partition reached its end offset (no timing assumption)
            for (int i = 0; i < 100 && !reachedEnd(c, end); i++) {
                c.poll(Duration.ofMillis(200)).forEach(out::add);
            }
        }
        assertThat(out).hasSize(expected);
        return out;
    }

    private static boolean reachedEnd(KafkaConsumer<byte[], byte[]> c, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> c.position(e.getKey()) >= e.getValue());
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
