package io.channelpilot.local.world.msk;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Everything the MSK emulator knows: clusters, their tags, topics, channels and operations. One monitor guards it
 * (the emulator synchronises on this object); calls are few, so a single lock keeps the lifecycle simple and correct.
 */
final class MskState {

    final MskSettings settings;
    final Clock clock;
    final Supplier<UUID> ids;
    final Map<String, MskCluster> clusters = new LinkedHashMap<>();
    /** Tags of clusters and (when supported) topics, by ARN. Channel tags live on the channel. */
    final Map<String, Map<String, String>> tags = new HashMap<>();
    final Map<String, Integer> tagVersions = new HashMap<>();
    final TopicStore topics;
    final Map<String, Channel> channels = new LinkedHashMap<>();
    final Map<String, ClusterOperation> operations = new HashMap<>();

    MskState(MskSettings settings, Clock clock, Supplier<UUID> ids) {
        this.settings = settings;
        this.clock = clock;
        this.ids = ids;
        this.topics = new TopicStore(settings.topicPropagationDelay());
    }

    Instant now() {
        return clock.instant();
    }

    MskCluster cluster(String clusterArn) {
        MskCluster c = clusters.get(clusterArn);
        if (c == null) {
            throw MskErrors.notFound("clusterArn", "Cluster " + clusterArn + " does not exist");
        }
        return c;
    }

    Optional<MskCluster> clusterByName(String name) {
        return clusters.values().stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** Applies due transitions to every channel and forgets the ones whose deletion finished. */
    void advance() {
        Instant now = now();
        List<String> gone = new ArrayList<>();
        channels.values().forEach(ch -> {
            ch.advance(now);
            if (ch.isGone()) {
                gone.add(ch.arn);
            }
        });
        gone.forEach(channels::remove);
    }

    Channel channel(String clusterArn, String channelArn) {
        cluster(clusterArn);
        advance();
        Channel ch = channels.get(channelArn);
        if (ch == null || !ch.clusterArn.equals(clusterArn)) {
            throw MskErrors.notFound("channelArn", "Channel " + channelArn + " does not exist in cluster "
                    + clusterArn);
        }
        return ch;
    }

    List<Channel> channelsOf(String clusterArn) {
        advance();
        return channels.values().stream().filter(c -> c.clusterArn.equals(clusterArn)).toList();
    }

    ClusterOperation newOperation(MskCluster cluster, String type, Instant end, StateInfo failure) {
        ClusterOperation op = new ClusterOperation(cluster.operationArn(settings, ids.get().toString()),
                cluster.arn(settings), cluster.clusterType(), type, now(), end, failure);
        operations.put(op.arn(), op);
        return op;
    }

    int nextTagVersion(String arn) {
        return tagVersions.merge(arn, 1, Integer::sum);
    }
}
