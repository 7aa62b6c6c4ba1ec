package io.channelpilot.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The current state of one cluster as re-read for planning (never the event's copy: events may be duplicated or
 * reordered, DESIGN §4).
 *
 * @param clusterArn   the cluster
 * @param clusterTags  its tags now (rules and defaults live here)
 * @param topics       its topics now, each with its own tags (empty while MSK cannot tag topics, reference §8)
 * @param channels     the channels now (managed and unmanaged), from ListChannels + DescribeChannel
 */
public record ClusterState(String clusterArn, Map<String, String> clusterTags, Map<String, Map<String, String>> topics,
                           List<ObservedChannel> channels) {

    public ClusterState {
        Objects.requireNonNull(clusterArn, "clusterArn");
        clusterTags = Map.copyOf(clusterTags == null ? Map.of() : clusterTags);
        topics = Map.copyOf(topics == null ? Map.of() : topics);
        channels = List.copyOf(channels == null ? List.of() : channels);
    }
}
