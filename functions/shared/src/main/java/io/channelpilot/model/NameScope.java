package io.channelpilot.model;

/**
 * How a channel's account-wide names are made: its log group, DLQ prefix and CloudWatch alarm names live in the account
 * (and the DLQ bucket), not in the cluster, while channel names are unique only per cluster.
 *
 * <ul>
 *   <li>{@link #CLUSTER} (every channel created since issue 13): the names carry the cluster name, so two clusters'
 *       channels of the same name can never share a log group, a DLQ prefix or an alarm;</li>
 *   <li>{@link #CHANNEL} (channels created before): the names carry the channel name alone. Such channels are adopted as
 *       they are, never renamed or duplicated: the planner recognises them by the fingerprint of their old names, and
 *       provisioning keeps using those names for them.</li>
 * </ul>
 * A spec recorded before this field existed has none, which reads as {@link #CHANNEL}.
 */
public enum NameScope {
    CHANNEL,
    CLUSTER
}
