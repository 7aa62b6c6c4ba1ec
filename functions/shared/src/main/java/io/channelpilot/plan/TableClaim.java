package io.channelpilot.plan;

import java.util.Objects;

/**
 * Who owns an Iceberg table (table bucket + namespace + table): the channel, on its cluster, that claimed it first
 * (README "Tenancy"). A table has at most one owner; the claim is taken with a conditional write before CreateChannel
 * and released when the owner's channel is deleted.
 *
 * @param tableBucketArn the table bucket
 * @param namespace      the namespace
 * @param table          the physical table
 * @param clusterArn     the owner's cluster
 * @param channelName    the owner's channel
 * @param topic          the owner's source topic (for the message)
 */
public record TableClaim(String tableBucketArn, String namespace, String table, String clusterArn, String channelName,
                         String topic) {

    public TableClaim {
        Objects.requireNonNull(tableBucketArn, "tableBucketArn");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(channelName, "channelName");
        topic = topic == null ? "" : topic;
    }

    /** Same owner: the same channel on the same cluster (one topic and one table always give one channel name). */
    public boolean sameOwner(TableClaim other) {
        return clusterArn.equals(other.clusterArn) && channelName.equals(other.channelName);
    }

    public String tableName() {
        return namespace + "." + table;
    }

    /** The owner in words, for refusals that name both owners. */
    public String owner() {
        return "channel " + channelName + " (topic " + topic + ") on cluster " + clusterArn;
    }
}
