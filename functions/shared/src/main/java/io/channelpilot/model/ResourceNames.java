package io.channelpilot.model;

/**
 * The account-wide names of one channel (see {@link NameScope}): log group, DLQ prefix and alarm names. MSK channel
 * names are unique per cluster only; CloudWatch alarm names, log group names and S3 prefixes are unique per account
 * (or bucket), so each carries the cluster name — what CloudWatch itself uses as the {@code ClusterName} dimension.
 */
public final class ResourceNames {

    /** Every alarm Channel Pilot creates starts with this (the template scopes IAM to {@code alarm:channel-pilot-*}). */
    public static final String ALARM_PREFIX = "channel-pilot-";
    /** The metrics of the three recommended alarms (reference §7), namespace {@code AWS/Kafka}. */
    public static final java.util.List<String> ALARM_METRICS = java.util.List.of("DeliveryToIceberg.DataFreshness",
            "DeliveryToIceberg.FailedRowCount", "DeliveryToIceberg.DLQDeliverySuccess");
    public static final String ALARM_NAMESPACE = "AWS/Kafka";

    private ResourceNames() {
    }

    /** {@code <prefix><cluster>/<channel>} (CLUSTER) or {@code <prefix><channel>} (CHANNEL). */
    public static String logGroup(StackSettings stack, String clusterArn, String channelName, NameScope scope) {
        return stack.logGroupPrefix() + scoped(clusterArn, channelName, scope);
    }

    /** {@code <prefix>/<cluster>/<channel>/} (CLUSTER) or {@code <prefix>/<channel>/} (CHANNEL). */
    public static String dlqPrefix(StackSettings stack, String clusterArn, String channelName, NameScope scope) {
        String prefix = stack.dlqPrefix().isEmpty() || stack.dlqPrefix().endsWith("/") ? stack.dlqPrefix() : stack.dlqPrefix() + "/";
        return prefix + scoped(clusterArn, channelName, scope) + "/";
    }

    /**
     * {@code channel-pilot-<cluster>-<channel>-<Metric>} (CLUSTER) or {@code channel-pilot-<channel>-<Metric>} (CHANNEL),
     * where {@code metric} is the full metric name ({@code DeliveryToIceberg.DataFreshness} → {@code DataFreshness}).
     */
    public static String alarm(String clusterArn, String channelName, String metric, NameScope scope) {
        String suffix = metric.substring(metric.indexOf('.') + 1);
        return ALARM_PREFIX + (scope == NameScope.CLUSTER ? ClusterArn.parse(clusterArn).name() + "-" : "") + channelName + "-" + suffix;
    }

    private static String scoped(String clusterArn, String channelName, NameScope scope) {
        return scope == NameScope.CLUSTER ? ClusterArn.parse(clusterArn).name() + "/" + channelName : channelName;
    }
}
