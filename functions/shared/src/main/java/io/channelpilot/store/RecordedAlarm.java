package io.channelpilot.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One alarm provisioning created for a channel, as it was created: the alarm's name and ARN, the metric's namespace and
 * name, and its dimensions. respond-to-alarm acts on an alarm event only when all of these match what was recorded for
 * that channel on that cluster (docs/oncall.md, "Alarm identity").
 */
public record RecordedAlarm(String name, String arn, String namespace, String metric, Map<String, String> dimensions) {

    public RecordedAlarm {
        Objects.requireNonNull(name, "name");
        arn = arn == null ? "" : arn;
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(metric, "metric");
        dimensions = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(new TreeMap<>(dimensions == null ? Map.of() : dimensions)));
    }

    /** The ARN CloudWatch gives alarm {@code name} in the cluster's partition, Region and account. */
    public static String arnOf(String partition, String region, String account, String name) {
        return "arn:" + partition + ":cloudwatch:" + region + ":" + account + ":alarm:" + name;
    }
}
