package io.channelpilot.alarm.gateway;


import io.channelpilot.gateway.ChannelGateway;
import io.channelpilot.gateway.SdkChannelGateway;
import io.channelpilot.retention.TopicConfigs;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataQuery;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ListClustersV2Response;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * MSK and CloudWatch reads over the SDK: ListClustersV2 (by name), DescribeChannel via {@link SdkChannelGateway},
 * DescribeTopic configs ({@code retention.ms}), GetMetricData of {@code DeliveryToIceberg.BytesIn}. The retention and
 * metric reads are advisory: a failure makes them unknown rather than failing the response.
 */
public final class SdkAlarmReads implements AlarmPorts.Msk, AlarmPorts.Metrics {

    private final KafkaClient kafka;
    private final ChannelGateway channels;
    private final CloudWatchClient cloudWatch;
    private final Clock clock;

    public SdkAlarmReads(KafkaClient kafka, CloudWatchClient cloudWatch, Clock clock) {
        this.kafka = kafka;
        this.channels = new SdkChannelGateway(kafka);
        this.cloudWatch = cloudWatch;
        this.clock = clock;
    }

    @Override
    public Optional<String> clusterArn(String clusterName) {
        String token = null;
        do {
            String next = token;
            ListClustersV2Response page = kafka.listClustersV2(r -> r.clusterNameFilter(clusterName).nextToken(next));
            Optional<String> match = page.clusterInfoList().stream().filter(c -> clusterName.equals(c.clusterName()))
                    .map(c -> c.clusterArn()).findFirst();
            if (match.isPresent()) {
                return match;
            }
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return Optional.empty();
    }

    @Override
    public Optional<AlarmPorts.ChannelState> channel(String clusterArn, String topic, String channelName) {
        return channels.findByName(clusterArn, topic, channelName).map(d -> new AlarmPorts.ChannelState(d.channelArn(),
                d.status(), d.freshnessSeconds(), d.stateCode(), d.stateMessage()));
    }

    @Override
    public Optional<Long> retentionMs(String clusterArn, String topic) {
        try {
            String configs = kafka.describeTopic(r -> r.clusterArn(clusterArn).topicName(topic)).configs();
            return retention(configs);
        } catch (SdkException e) {
            return Optional.empty();
        }
    }

    /** UNCONFIRMED (reference §1.3): see {@link TopicConfigs#retentionMs}. */
    static Optional<Long> retention(String base64) {
        return TopicConfigs.retentionMs(base64);
    }

    @Override
    public Optional<Double> deliveryBytesInPerSecond(String clusterName, String channelName, String topic, Duration window) {
        Instant end = clock.instant();
        try {
            var values = cloudWatch.getMetricData(r -> r.startTime(end.minus(window)).endTime(end).metricDataQueries(
                    MetricDataQuery.builder().id("bytesin").metricStat(s -> s.period(60).stat("Sum").metric(m -> m
                            .namespace("AWS/Kafka").metricName(AlarmPorts.Metrics.BYTES_IN_METRIC).dimensions(
                                    Dimension.builder().name("ClusterName").value(clusterName).build(),
                                    Dimension.builder().name("ChannelName").value(channelName).build(),
                                    Dimension.builder().name("Topic").value(topic).build()))).build()))
                    .metricDataResults().stream().flatMap(m -> m.values().stream()).toList();
            return values.isEmpty() ? Optional.empty()
                    : Optional.of(values.stream().mapToDouble(Double::doubleValue).sum() / window.toSeconds());
        } catch (SdkException e) {
            return Optional.empty();
        }
    }
}
