package io.channelpilot.plan;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.StackSettings;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.spec.SpecResolver;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Cluster states for planner tests: rules as cluster tags, topics, and channels built from resolved specs. */
final class PlanFixtures {

    static final String CLUSTER = TestSpecs.CLUSTER_ARN;
    static final String MANAGED_BY = "channel-pilot-test";
    static final String ORDERS_RULE = "topic=orders namespace=sales schema=sales-registry/orders partition=event_time";

    private PlanFixtures() {
    }

    static StackSettings stack() {
        return TestSpecs.stack();
    }

    static Map<String, String> rules(String... keyValues) {
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            tags.put("channel-pilot/" + keyValues[i], keyValues[i + 1]);
        }
        return tags;
    }

    static Map<String, Map<String, String>> topics(String... names) {
        Map<String, Map<String, String>> out = new HashMap<>();
        for (String n : names) {
            out.put(n, Map.of());
        }
        return out;
    }

    /** The spec the resolver produces for {@code topic} under {@code rule} (first fan-out branch). */
    static ChannelSpec spec(String topic, String rule) {
        return new SpecResolver(stack()).resolve(CLUSTER, rules("r", rule), topic, Map.of()).specs().get(0);
    }

    /** A channel of ours exactly as Provision would have created it for {@code spec}. */
    static ObservedChannel ours(ChannelSpec spec, String status, int freshness) {
        return channel(spec, status, freshness, OwnershipTags.of(spec, MANAGED_BY));
    }

    static ObservedChannel channel(ChannelSpec spec, String status, int freshness, Map<String, String> tags) {
        return new ObservedChannel("arn:aws:kafka:us-east-1:123456789012:channel/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1/"
                + spec.channelName() + "/0000", spec.channelName(), status, freshness, tags, spec.topic(), spec.namespace(), spec.table());
    }

    static ObservedChannel foreign(String name, String topic, String namespace, String table, Map<String, String> tags) {
        return new ObservedChannel("arn:aws:kafka:us-east-1:123456789012:channel/demo/x/" + name + "/1", name, "ACTIVE", 600, tags,
                topic, namespace, table);
    }

    static ClusterState state(Map<String, String> clusterTags, Map<String, Map<String, String>> topics, List<ObservedChannel> channels) {
        return new ClusterState(CLUSTER, clusterTags, topics, channels);
    }

    static PlanOutcome plan(ClusterState state) {
        return new IntentPlanner(stack()).plan(state, PlanScope.all(), "evt-1");
    }

    static List<String> summary(PlanOutcome outcome) {
        List<String> out = new java.util.ArrayList<>();
        outcome.intents().forEach(i -> out.add(i.plan() + "/" + i.reason()));
        outcome.skipped().forEach(s -> out.add("SKIP/" + s.reason()));
        return out;
    }
}
