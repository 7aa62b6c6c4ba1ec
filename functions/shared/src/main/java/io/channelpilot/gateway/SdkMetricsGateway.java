package io.channelpilot.gateway;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;

/**
 * {@link Gateways.MetricsGateway} over GetMetricData. Topic-level {@code BytesInPerSec} is published per broker
 * (dimensions Cluster Name, Broker ID, Topic), so a SEARCH expression sums it over brokers (reference §7).
 */
public final class SdkMetricsGateway implements Gateways.MetricsGateway {

    private final CloudWatchClient cloudWatch;
    private final Clock clock;

    public SdkMetricsGateway(CloudWatchClient cloudWatch, Clock clock) {
        this.cloudWatch = cloudWatch;
        this.clock = clock;
    }

    static String expression(String clusterName, String topic) {
        return "SUM(SEARCH('{AWS/Kafka,\"Broker ID\",\"Cluster Name\",Topic} MetricName=\"BytesInPerSec\" \"Cluster Name\"=\""
                + clusterName + "\" Topic=\"" + topic + "\"', 'Average', 300))";
    }

    @Override
    public GatewayResult<Optional<Double>> topicBytesInPerSecond(String clusterName, String topic, Duration window) {
        Instant end = clock.instant();
        return SdkCalls.call("CloudWatch", "GetMetricData", "cloudwatch:GetMetricData", () -> {
            List<Double> values = cloudWatch.getMetricData(r -> r.startTime(end.minus(window)).endTime(end)
                            .metricDataQueries(MetricDataQuery.builder().id("bytesin").expression(expression(clusterName, topic)).build()))
                    .metricDataResults().stream().flatMap(m -> m.values().stream()).toList();
            return values.isEmpty() ? Optional.<Double>empty()
                    : Optional.of(values.stream().mapToDouble(Double::doubleValue).average().orElse(0));
        });
    }
}
