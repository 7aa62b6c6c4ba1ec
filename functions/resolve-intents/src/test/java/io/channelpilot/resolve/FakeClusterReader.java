package io.channelpilot.resolve;

import io.channelpilot.gateway.ClusterStateReader;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanScope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** In-memory cluster: current tags, topics and channels; remembers every read and can fail the next ones. */
final class FakeClusterReader implements ClusterStateReader {

    final Map<String, String> tags = new LinkedHashMap<>();
    final Map<String, Map<String, String>> topics = new HashMap<>();
    final List<ObservedChannel> channels = new ArrayList<>();
    final List<PlanScope> reads = new ArrayList<>();
    /** What the planner may ask about tables (table generations); unknown by default, as before. */
    ExistingTables tables = ExistingTables.UNKNOWN;
    private final List<Supplier<RuntimeException>> failures = new ArrayList<>();

    FakeClusterReader topic(String... names) {
        for (String n : names) {
            topics.put(n, Map.of());
        }
        return this;
    }

    FakeClusterReader rule(String name, String value) {
        tags.put("channel-pilot/" + name, value);
        return this;
    }

    void failNext(Supplier<RuntimeException> failure) {
        failures.add(failure);
    }

    @Override
    public ClusterState read(String clusterArn, PlanScope scope) {
        reads.add(scope);
        if (!failures.isEmpty()) {
            throw failures.remove(0).get();
        }
        return new ClusterState(clusterArn, tags, topics, channels).withTables(tables);
    }
}
