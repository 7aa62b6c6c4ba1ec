package io.channelpilot.local.world.msk;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Topic state per cluster, kept as a history of versions so reads can lag writes: the API reference says
 * DescribeTopic/ListTopics data "updates approximately every minute". {@link #current} is the authoritative state
 * (used for conflicts and channel validation); {@link #visible} is what Describe/List return, as of
 * {@code now - propagationDelay}. Not thread-safe: the emulator serialises access.
 */
final class TopicStore {

    /** One version of a topic; {@code exists == false} marks a deletion. */
    record Topic(String name, boolean exists, int partitions, int replicationFactor, Map<String, String> configs,
                 Instant at) {
    }

    private final Map<String, Map<String, List<Topic>>> byCluster = new HashMap<>();
    private final Duration propagationDelay;

    TopicStore(Duration propagationDelay) {
        this.propagationDelay = propagationDelay;
    }

    void put(String clusterArn, Topic version) {
        byCluster.computeIfAbsent(clusterArn, k -> new TreeMap<>())
                .computeIfAbsent(version.name(), k -> new ArrayList<>()).add(version);
    }

    Optional<Topic> current(String clusterArn, String name) {
        List<Topic> history = byCluster.getOrDefault(clusterArn, Map.of()).get(name);
        if (history == null || history.isEmpty()) {
            return Optional.empty();
        }
        Topic last = history.get(history.size() - 1);
        return last.exists() ? Optional.of(last) : Optional.empty();
    }

    Optional<Topic> visible(String clusterArn, String name, Instant now) {
        Instant asOf = now.minus(propagationDelay);
        List<Topic> history = byCluster.getOrDefault(clusterArn, Map.of()).getOrDefault(name, List.of());
        Topic seen = null;
        for (Topic t : history) {
            if (!t.at().isAfter(asOf)) {
                seen = t;
            }
        }
        return seen != null && seen.exists() ? Optional.of(seen) : Optional.empty();
    }

    /** Visible topics, sorted by name. */
    List<Topic> visibleTopics(String clusterArn, Instant now) {
        List<Topic> out = new ArrayList<>();
        for (String name : byCluster.getOrDefault(clusterArn, Map.of()).keySet()) {
            visible(clusterArn, name, now).ifPresent(out::add);
        }
        return out;
    }

    /** Authoritative topics, sorted by name. */
    List<Topic> currentTopics(String clusterArn) {
        List<Topic> out = new ArrayList<>();
        for (String name : byCluster.getOrDefault(clusterArn, Map.of()).keySet()) {
            current(clusterArn, name).ifPresent(out::add);
        }
        return out;
    }
}
