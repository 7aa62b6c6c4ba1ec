package io.channelpilot.local.world.msk;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** A {@link TopicBackend} that only remembers what was mirrored: "cluster/topic" to partition count and configs. */
public final class InMemoryTopicBackend implements TopicBackend {

    /** One mirrored topic. */
    public record MirroredTopic(int partitions, int replicationFactor, Map<String, String> configs) {
    }

    private final Map<String, MirroredTopic> topics = new ConcurrentHashMap<>();

    @Override
    public void createTopic(String clusterName, String topicName, int partitions, int replicationFactor,
                            Map<String, String> configs) {
        topics.put(clusterName + "/" + topicName,
                new MirroredTopic(partitions, replicationFactor, Map.copyOf(configs)));
    }

    @Override
    public void updateTopic(String clusterName, String topicName, int partitions, Map<String, String> configs) {
        topics.computeIfPresent(clusterName + "/" + topicName,
                (k, t) -> new MirroredTopic(partitions, t.replicationFactor(), Map.copyOf(configs)));
    }

    @Override
    public void deleteTopic(String clusterName, String topicName) {
        topics.remove(clusterName + "/" + topicName);
    }

    public Map<String, MirroredTopic> topics() {
        return Map.copyOf(topics);
    }
}
