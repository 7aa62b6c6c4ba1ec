package io.channelpilot.plan;

import io.channelpilot.model.OwnershipTags;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The observed channels of one cluster, partitioned (style anchor 9): ours (ownership tag naming this stack) by topic,
 * and everyone else's — IaC, the console, another Channel Pilot stack — by topic. A channel of ours whose topic is
 * unknown (no tag, no configuration) cannot be planned and is kept aside instead of being guessed at.
 */
final class ChannelIndex {

    private final Map<String, List<ObservedChannel>> managed = new LinkedHashMap<>();
    private final Map<String, List<ObservedChannel>> foreign = new LinkedHashMap<>();

    ChannelIndex(List<ObservedChannel> channels, String managedBy) {
        for (ObservedChannel c : channels) {
            boolean ours = OwnershipTags.isManagedBy(c.tags(), managedBy);
            c.sourceTopic().ifPresent(topic -> (ours ? managed : foreign).computeIfAbsent(topic, t -> new ArrayList<>()).add(c));
        }
    }

    List<ObservedChannel> managed(String topic) {
        return managed.getOrDefault(topic, List.of());
    }

    List<ObservedChannel> foreign(String topic) {
        return foreign.getOrDefault(topic, List.of());
    }

    Set<String> managedTopics() {
        return managed.keySet();
    }
}
