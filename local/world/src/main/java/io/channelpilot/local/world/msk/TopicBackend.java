package io.channelpilot.local.world.msk;

import java.util.Map;

/**
 * Where MSK topic creations and deletions are mirrored so records can really be produced: the embedded Kafka broker in
 * the assembled world, {@link InMemoryTopicBackend} in tests. The MSK emulator's own topic state stays authoritative
 * for the API; a backend failure is logged by the caller and does not change the API answer.
 */
public interface TopicBackend {

    void createTopic(String clusterName, String topicName, int partitions, int replicationFactor,
                     Map<String, String> configs);

    void updateTopic(String clusterName, String topicName, int partitions, Map<String, String> configs);

    void deleteTopic(String clusterName, String topicName);
}
