package io.channelpilot.provision;

import io.channelpilot.gateway.AlarmGateway.AlarmSpec;
import io.channelpilot.model.ClusterArn;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The three recommended alarms of a channel (reference §7): namespace {@code AWS/Kafka}, dimensions ClusterName,
 * ChannelName, Topic; names {@code channel-pilot-<channelName>-<metric>} (the template scopes IAM to
 * {@code alarm:channel-pilot-*}; the alarm responder parses them back). Missing data is not breaching: a quiet topic
 * publishes no delivery metrics and is not an incident.
 */
public final class ChannelAlarms {

    public static final String NAMESPACE = "AWS/Kafka";
    public static final String PREFIX = "channel-pilot-";
    public static final String DATA_FRESHNESS = "DeliveryToIceberg.DataFreshness";
    public static final String FAILED_ROW_COUNT = "DeliveryToIceberg.FailedRowCount";
    public static final String DLQ_DELIVERY_SUCCESS = "DeliveryToIceberg.DLQDeliverySuccess";
    private static final String GREATER = "GreaterThanThreshold";
    private static final String NOT_BREACHING = "notBreaching";

    private final AlarmSettings settings;

    public ChannelAlarms(AlarmSettings settings) {
        this.settings = settings;
    }

    public static String name(String channelName, String metric) {
        return PREFIX + channelName + "-" + metric.substring(metric.indexOf('.') + 1);
    }

    public static List<String> names(String channelName) {
        return List.of(name(channelName, DATA_FRESHNESS), name(channelName, FAILED_ROW_COUNT),
                name(channelName, DLQ_DELIVERY_SUCCESS));
    }

    public List<AlarmSpec> all(String clusterArn, String channelName, String topic, int freshnessSeconds) {
        return List.of(freshness(clusterArn, channelName, topic, freshnessSeconds),
                failedRows(clusterArn, channelName, topic), dlqDeliveries(clusterArn, channelName, topic));
    }

    /** DataFreshness above the channel's configured freshness: investigate throughput or service issues. */
    public AlarmSpec freshness(String clusterArn, String channelName, String topic, int freshnessSeconds) {
        return new AlarmSpec(name(channelName, DATA_FRESHNESS),
                "Channel Pilot: " + channelName + " delivers data older than its freshness of " + freshnessSeconds + " s",
                NAMESPACE, DATA_FRESHNESS, dimensions(clusterArn, channelName, topic), settings.freshnessStatistic(),
                settings.freshnessPeriodSeconds(), settings.freshnessEvaluationPeriods(),
                settings.freshnessEvaluationPeriods(), freshnessSeconds, GREATER, NOT_BREACHING);
    }

    /** FailedRowCount > 0 for 5 consecutive periods: check IAM, bucket access, schema compatibility. */
    public AlarmSpec failedRows(String clusterArn, String channelName, String topic) {
        int periods = AlarmSettings.FAILED_ROWS_CONSECUTIVE_PERIODS;
        return new AlarmSpec(name(channelName, FAILED_ROW_COUNT),
                "Channel Pilot: " + channelName + " failed rows in " + periods + " consecutive periods",
                NAMESPACE, FAILED_ROW_COUNT, dimensions(clusterArn, channelName, topic), settings.countStatistic(),
                settings.countPeriodSeconds(), periods, periods, 0, GREATER, NOT_BREACHING);
    }

    /** DLQDeliverySuccess > 0: records went to the dead-letter queue; triage inspects it. */
    public AlarmSpec dlqDeliveries(String clusterArn, String channelName, String topic) {
        return new AlarmSpec(name(channelName, DLQ_DELIVERY_SUCCESS),
                "Channel Pilot: " + channelName + " wrote records to its dead-letter queue",
                NAMESPACE, DLQ_DELIVERY_SUCCESS, dimensions(clusterArn, channelName, topic), settings.countStatistic(),
                settings.countPeriodSeconds(), 1, 1, 0, GREATER, NOT_BREACHING);
    }

    private static Map<String, String> dimensions(String clusterArn, String channelName, String topic) {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("ClusterName", ClusterArn.parse(clusterArn).name());
        d.put("ChannelName", channelName);
        d.put("Topic", topic);
        return d;
    }
}
