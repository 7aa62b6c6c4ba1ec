package io.channelpilot.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The current state of one cluster as re-read for planning (never the event's copy: events may be duplicated or
 * reordered, DESIGN §4).
 *
 * <p>{@code tables} and {@code failures} were added for issue 7 / the issue-5 follow-ups: which tables already exist
 * (asked only for desired channels without a channel, see {@link TableGenerations}) and how often a FAILED channel
 * was already recreated ({@link FailureHistory}, read from the status store). Both default to "nothing known", which
 * plans exactly as before.
 *
 * @param clusterArn   the cluster
 * @param clusterTags  its tags now (rules and defaults live here)
 * @param topics       its topics now, each with its own tags (empty while MSK cannot tag topics, reference §8)
 * @param channels     the channels now (managed and unmanaged), from ListChannels + DescribeChannel
 * @param tables       which Iceberg tables exist (lookup, asked lazily)
 * @param failures     per channel name: the FAILED history of its current fingerprint (absent = none recorded)
 * @param claims       who holds a table (issue 13, tenancy; asked lazily like {@code tables})
 * @param incomplete   our channels whose provisioning never finished (issue 16.1: a function died after CreateChannel
 *                     and before the status write): the status table holds their desired spec without
 *                     {@code Provisioned=True}; planned CREATE again (adopt + finish) instead of IN_SYNC
 */
public record ClusterState(String clusterArn, Map<String, String> clusterTags, Map<String, Map<String, String>> topics,
                           List<ObservedChannel> channels, ExistingTables tables, Map<String, FailureHistory> failures,
                           TableClaims claims, Set<String> incomplete) {

    public ClusterState {
        Objects.requireNonNull(clusterArn, "clusterArn");
        clusterTags = Map.copyOf(clusterTags == null ? Map.of() : clusterTags);
        topics = Map.copyOf(topics == null ? Map.of() : topics);
        channels = List.copyOf(channels == null ? List.of() : channels);
        tables = tables == null ? ExistingTables.UNKNOWN : tables;
        failures = Map.copyOf(failures == null ? Map.of() : failures);
        claims = claims == null ? TableClaims.NONE : claims;
        incomplete = Set.copyOf(incomplete == null ? Set.of() : incomplete);
    }

    /** Nothing known to be incomplete: plans exactly as before issue 16.1. */
    public ClusterState(String clusterArn, Map<String, String> clusterTags, Map<String, Map<String, String>> topics,
                        List<ObservedChannel> channels, ExistingTables tables, Map<String, FailureHistory> failures,
                        TableClaims claims) {
        this(clusterArn, clusterTags, topics, channels, tables, failures, claims, Set.of());
    }

    public ClusterState(String clusterArn, Map<String, String> clusterTags, Map<String, Map<String, String>> topics,
                        List<ObservedChannel> channels, ExistingTables tables, Map<String, FailureHistory> failures) {
        this(clusterArn, clusterTags, topics, channels, tables, failures, TableClaims.NONE);
    }

    /** The original shape: no table lookup, no failure history. */
    public ClusterState(String clusterArn, Map<String, String> clusterTags, Map<String, Map<String, String>> topics,
                        List<ObservedChannel> channels) {
        this(clusterArn, clusterTags, topics, channels, ExistingTables.UNKNOWN, Map.of());
    }

    public ClusterState withTables(ExistingTables lookup) {
        return new ClusterState(clusterArn, clusterTags, topics, channels, lookup, failures, claims, incomplete);
    }

    public ClusterState withFailures(Map<String, FailureHistory> history) {
        return new ClusterState(clusterArn, clusterTags, topics, channels, tables, history, claims, incomplete);
    }

    public ClusterState withClaims(TableClaims lookup) {
        return new ClusterState(clusterArn, clusterTags, topics, channels, tables, failures, lookup, incomplete);
    }

    public ClusterState withIncomplete(Set<String> channelNames) {
        return new ClusterState(clusterArn, clusterTags, topics, channels, tables, failures, claims, channelNames);
    }
}
