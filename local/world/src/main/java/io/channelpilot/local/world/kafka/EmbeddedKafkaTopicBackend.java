package io.channelpilot.local.world.kafka;

import io.channelpilot.local.world.msk.TopicBackend;
import java.util.Map;

/**
 * Mirrors the MSK emulator's topic operations onto the embedded brokers, so topics created through the MSK API can
 * really be produced to and consumed by the delivery simulation. The replication factor is always 1 here (one broker
 * per cluster); the MSK API keeps answering the requested one. Clusters the world declared no broker for (Standard
 * clusters: their topics exist in the MSK API only) are not mirrored.
 */
public final class EmbeddedKafkaTopicBackend implements TopicBackend {

    private final EmbeddedKafka kafka;

    public EmbeddedKafkaTopicBackend(EmbeddedKafka kafka) {
        this.kafka = kafka;
    }

    @Override
    public void createTopic(String clusterName, String topicName, int partitions, int replicationFactor,
                            Map<String, String> configs) {
        if (hasBroker(clusterName)) {
            kafka.createTopic(clusterName, topicName, partitions, configs);
        }
    }

    /** Kafka can only add partitions; a smaller or equal count leaves them (the MSK API validates the request). */
    @Override
    public void updateTopic(String clusterName, String topicName, int partitions, Map<String, String> configs) {
        if (!hasBroker(clusterName)) {
            return;
        }
        if (partitions > kafka.partitionCount(clusterName, topicName)) {
            kafka.increasePartitions(clusterName, topicName, partitions);
        }
        if (!configs.isEmpty()) {
            kafka.alterTopicConfig(clusterName, topicName, configs);
        }
    }

    @Override
    public void deleteTopic(String clusterName, String topicName) {
        if (hasBroker(clusterName)) {
            kafka.deleteTopic(clusterName, topicName);
        }
    }

    private boolean hasBroker(String clusterName) {
        return kafka.clusterNames().contains(clusterName);
    }
}
