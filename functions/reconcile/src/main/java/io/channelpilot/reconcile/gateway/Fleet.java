package io.channelpilot.reconcile.gateway;

import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the sweep reads from MSK, page by page (reference §1.1–§1.3). Every method but {@link #describe} follows a
 * paginated list, so a sweep costs pages, not topics. Retryable failures (throttling, 5xx) throw
 * {@link io.channelpilot.workflow.AwsThrottled}; others {@link io.channelpilot.gateway.ClusterReadException}.
 */
public interface Fleet {

    /** ListClustersV2 pages; each cluster carries its tags (the rules), so no DescribeClusterV2 is needed. */
    List<ClusterSummary> clusters();

    /** ListTopics pages: topic names only (topic tags are not modelled by SDK 2.50.2, reference §8). */
    List<String> topics(String clusterArn);

    /** ListChannels pages: name, ARN and status of every channel (ChannelInfo carries no tags, topic or table). */
    List<ListedChannel> channels(String clusterArn);

    /** DescribeChannel (tags, topic, table, freshness); empty when the channel vanished meanwhile. */
    Optional<ObservedChannel> describe(String clusterArn, String channelArn);

    /**
     * Which Iceberg tables exist (S3 Tables GetTable), asked by the planner only for desired channels without a channel
     * (table generations, issue 7). Default: unknown, which plans as before and leaves the check to validation.
     */
    default ExistingTables tables() {
        return ExistingTables.UNKNOWN;
    }

    /** One cluster of ListClustersV2. */
    record ClusterSummary(String arn, String name, Map<String, String> tags) {
        public ClusterSummary {
            Objects.requireNonNull(arn, "arn");
            name = name == null ? "" : name;
            tags = Map.copyOf(tags == null ? Map.of() : tags);
        }
    }

    /** One channel of ListChannels. */
    record ListedChannel(String arn, String name, String status) {
        public ListedChannel {
            Objects.requireNonNull(arn, "arn");
            Objects.requireNonNull(name, "name");
            status = status == null ? "" : status;
        }
    }
}
