package io.channelpilot.reconcile;

import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.workflow.AwsThrottled;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import io.channelpilot.reconcile.gateway.ApiCalls;
import io.channelpilot.reconcile.gateway.Fleet;

/** In-memory {@link Fleet} that counts calls the way {@link SdkFleet} does (one per page of 100). */
final class FakeFleet implements Fleet {

    final ApiCalls calls;
    final Map<String, ClusterSummary> clusters = new LinkedHashMap<>();
    final Map<String, List<String>> topics = new LinkedHashMap<>();
    final Map<String, List<ObservedChannel>> channels = new LinkedHashMap<>();
    final Set<String> throttledClusters = new HashSet<>();
    final List<String> described = new ArrayList<>();
    /** Existing Iceberg tables, each {@code <bucketArn>/<namespace>.<table>}; GetTable counted like SdkFleet does. */
    final Set<String> tables = new HashSet<>();

    FakeFleet(ApiCalls calls) {
        this.calls = calls;
    }

    FakeFleet cluster(String arn, Map<String, String> tags, String... topicNames) {
        clusters.put(arn, new ClusterSummary(arn, arn.split("/")[1], tags));
        topics.put(arn, new ArrayList<>(List.of(topicNames)));
        channels.put(arn, new ArrayList<>());
        return this;
    }

    FakeFleet channel(String clusterArn, ObservedChannel c) {
        channels.get(clusterArn).add(c);
        return this;
    }

    @Override
    public List<ClusterSummary> clusters() {
        pages("kafka:ListClustersV2", clusters.size());
        return List.copyOf(clusters.values());
    }

    @Override
    public List<String> topics(String clusterArn) {
        if (throttledClusters.contains(clusterArn)) {
            calls.count("kafka:ListTopics");
            throw new AwsThrottled("ListTopics", new RuntimeException("throttled"));
        }
        pages("kafka:ListTopics", topics.get(clusterArn).size());
        return List.copyOf(topics.get(clusterArn));
    }

    @Override
    public List<ListedChannel> channels(String clusterArn) {
        pages("kafka:ListChannels", channels.get(clusterArn).size());
        return channels.get(clusterArn).stream().map(c -> new ListedChannel(c.channelArn(), c.channelName(), c.status())).toList();
    }

    @Override
    public Optional<ObservedChannel> describe(String clusterArn, String channelArn) {
        calls.count("kafka:DescribeChannel");
        described.add(channelArn);
        return channels.get(clusterArn).stream().filter(c -> c.channelArn().equals(channelArn)).findFirst();
    }

    @Override
    public ExistingTables tables() {
        return (bucket, namespace, table) -> {
            calls.count("s3tables:GetTable");
            return Optional.of(tables.contains(ExistingTables.key(bucket, namespace, table)));
        };
    }

    private void pages(String op, int items) {
        for (int i = 0; i < Math.max(1, (items + 99) / 100); i++) {
            calls.count(op);
        }
    }
}
