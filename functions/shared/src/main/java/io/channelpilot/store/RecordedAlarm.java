package io.channelpilot.store;

import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.ResourceNames;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One alarm provisioning created for a channel, as it was created: the alarm's name and ARN, the metric's namespace and
 * name, and its dimensions. respond-to-alarm acts on an alarm event only when all of these match what was recorded for
 * that channel on that cluster (docs/runbook.md#alarm-identity).
 */
public record RecordedAlarm(String name, String arn, String namespace, String metric, Map<String, String> dimensions) {

    public RecordedAlarm {
        Objects.requireNonNull(name, "name");
        arn = arn == null ? "" : arn;
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(metric, "metric");
        dimensions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(new TreeMap<>(dimensions == null ? Map.of() : dimensions)));
    }

    /**
     * The three alarms provisioning makes for a channel under {@code names}, as it records them: what a channel
     * provisioned before alarms were recorded has (the responder accepts them, the sweep records them).
     */
    public static java.util.List<RecordedAlarm> standard(String clusterArn, String channelName, String topic, NameScope names) {
        ClusterArn c = ClusterArn.parse(clusterArn);
        Map<String, String> dims = Map.of("ClusterName", c.name(), "ChannelName", channelName, "Topic", topic);
        return ResourceNames.ALARM_METRICS.stream().map(m -> {
            String name = ResourceNames.alarm(clusterArn, channelName, m, names);
            return new RecordedAlarm(name, arnOf(c.partition(), c.region(), c.account(), name), ResourceNames.ALARM_NAMESPACE, m, dims);
        }).toList();
    }

    /** The ARN CloudWatch gives alarm {@code name} in the cluster's partition, Region and account. */
    public static String arnOf(String partition, String region, String account, String name) {
        return "arn:" + partition + ":cloudwatch:" + region + ":" + account + ":alarm:" + name;
    }
}
