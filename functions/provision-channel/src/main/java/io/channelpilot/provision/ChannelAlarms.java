package io.channelpilot.provision;

import io.channelpilot.gateway.AlarmGateway.AlarmSpec;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.NameScope;
import io.channelpilot.model.ResourceNames;
import io.channelpilot.store.RecordedAlarm;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The three recommended alarms of a channel (reference §7): namespace {@code AWS/Kafka}, dimensions ClusterName,
 * ChannelName, Topic; names {@code channel-pilot-<cluster>-<channel>-<metric>} ({@link ResourceNames#alarm}; channels
 * created before cluster-scoped names keep {@code channel-pilot-<channel>-<metric>}, {@link NameScope}). The template
 * scopes IAM to {@code alarm:channel-pilot-*}; provisioning records each alarm in the channel's status, which is what
 * the alarm responder accepts (docs/runbook.md#alarm-identity). Missing data is not breaching: a quiet topic
 * publishes no delivery metrics and is not an incident.
 */
public final class ChannelAlarms {

    public static final String NAMESPACE = "AWS/Kafka";
    public static final String PREFIX = ResourceNames.ALARM_PREFIX;
    public static final String DATA_FRESHNESS = "DeliveryToIceberg.DataFreshness";
    public static final String FAILED_ROW_COUNT = "DeliveryToIceberg.FailedRowCount";
    public static final String DLQ_DELIVERY_SUCCESS = "DeliveryToIceberg.DLQDeliverySuccess";
    private static final String GREATER = "GreaterThanThreshold";
    private static final String NOT_BREACHING = "notBreaching";

    private final AlarmSettings settings;

    public ChannelAlarms(AlarmSettings settings) {
        this.settings = settings;
    }

    public static List<String> names(String clusterArn, String channelName, NameScope scope) {
        return METRICS.stream().map(m -> ResourceNames.alarm(clusterArn, channelName, m, scope)).toList();
    }

    private static final List<String> METRICS = List.of(DATA_FRESHNESS, FAILED_ROW_COUNT, DLQ_DELIVERY_SUCCESS);

    public List<AlarmSpec> all(String clusterArn, String channelName, String topic, int freshnessSeconds, NameScope scope) {
        return List.of(freshness(clusterArn, channelName, topic, freshnessSeconds, scope),
                failedRows(clusterArn, channelName, topic, scope), dlqDeliveries(clusterArn, channelName, topic, scope));
    }

    /** The record of {@code alarm} that the alarm responder checks events against. */
    public static RecordedAlarm record(String clusterArn, AlarmSpec alarm) {
        ClusterArn c = ClusterArn.parse(clusterArn);
        return new RecordedAlarm(alarm.name(), RecordedAlarm.arnOf(c.partition(), c.region(), c.account(), alarm.name()),
                alarm.namespace(), alarm.metricName(), alarm.dimensions());
    }

    /** DataFreshness above the channel's configured freshness: investigate throughput or service issues. */
    public AlarmSpec freshness(String clusterArn, String channelName, String topic, int freshnessSeconds, NameScope scope) {
        return new AlarmSpec(ResourceNames.alarm(clusterArn, channelName, DATA_FRESHNESS, scope),
                "Channel Pilot: " + channelName + " delivers data older than its freshness of " + freshnessSeconds + " s",
                NAMESPACE, DATA_FRESHNESS, dimensions(clusterArn, channelName, topic), settings.freshnessStatistic(),
                settings.freshnessPeriodSeconds(), settings.freshnessEvaluationPeriods(),
                settings.freshnessEvaluationPeriods(), freshnessSeconds, GREATER, NOT_BREACHING);
    }

    /** FailedRowCount > 0 for 5 consecutive periods: check IAM, bucket access, schema compatibility. */
    public AlarmSpec failedRows(String clusterArn, String channelName, String topic, NameScope scope) {
        int periods = AlarmSettings.FAILED_ROWS_CONSECUTIVE_PERIODS;
        return new AlarmSpec(ResourceNames.alarm(clusterArn, channelName, FAILED_ROW_COUNT, scope),
                "Channel Pilot: " + channelName + " failed rows in " + periods + " consecutive periods",
                NAMESPACE, FAILED_ROW_COUNT, dimensions(clusterArn, channelName, topic), settings.countStatistic(),
                settings.countPeriodSeconds(), periods, periods, 0, GREATER, NOT_BREACHING);
    }

    /** DLQDeliverySuccess > 0: records went to the dead-letter queue; triage inspects it. */
    public AlarmSpec dlqDeliveries(String clusterArn, String channelName, String topic, NameScope scope) {
        return new AlarmSpec(ResourceNames.alarm(clusterArn, channelName, DLQ_DELIVERY_SUCCESS, scope),
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
