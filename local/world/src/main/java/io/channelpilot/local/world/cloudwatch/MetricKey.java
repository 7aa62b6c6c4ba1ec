package io.channelpilot.local.world.cloudwatch;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Identity of one CloudWatch metric: namespace, name and the exact dimension set (CloudWatch treats every distinct
 * dimension combination as a separate metric). Dimensions are kept sorted so equal sets compare equal.
 */
public record MetricKey(String namespace, String name, SortedMap<String, String> dimensions) {

    public MetricKey {
        dimensions = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(dimensions));
    }

    public static MetricKey of(String namespace, String name, Map<String, String> dimensions) {
        return new MetricKey(namespace, name, new TreeMap<>(dimensions));
    }
}
