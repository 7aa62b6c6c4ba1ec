package io.channelpilot.gateway;

import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.plan.ObservedChannel;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelStateInfo;
import software.amazon.awssdk.services.kafka.model.DescribeChannelResponse;
import software.amazon.awssdk.services.kafka.model.DestinationTable;

/**
 * The one mapping of MSK's DescribeChannel answer: to the planner's {@link ObservedChannel} (resolver, sweep) and to
 * the provisioning side's {@link ChannelDescription} (poll, alarms). Both read freshness, topic and table the same way.
 */
public final class MskChannels {

    private MskChannels() {
    }

    /** DescribeChannel; empty when the channel is gone (not found). Other failures are the caller's to classify. */
    public static Optional<ObservedChannel> describe(KafkaClient kafka, String clusterArn, String channelArn) {
        try {
            return Optional.of(observed(kafka.describeChannel(r -> r.clusterArn(clusterArn).channelArn(channelArn))));
        } catch (AwsServiceException e) {
            if (AwsErrors.isNotFound(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    static ObservedChannel observed(DescribeChannelResponse c) {
        String topic = c.topicConfigurationList().isEmpty() ? "" : topicName(c.topicConfigurationList().get(0).topicArn());
        String namespace = "";
        String table = "";
        if (c.icebergDestinationConfiguration() != null) {
            List<DestinationTable> tables = c.icebergDestinationConfiguration().destinationTableList();
            if (!tables.isEmpty()) {
                namespace = tables.get(0).destinationDatabaseName();
                table = tables.get(0).destinationTableName();
            }
        }
        return new ObservedChannel(c.channelArn(), c.channelName(), c.statusAsString(), freshness(c), c.tags(), topic, namespace,
                table);
    }

    static ChannelDescription description(DescribeChannelResponse r) {
        ChannelStateInfo state = r.stateInfo();
        return new ChannelDescription(r.channelArn(), r.channelName(), r.statusAsString(), freshness(r),
                r.hasTags() ? r.tags() : null, state == null ? null : state.code(), state == null ? null : state.message(),
                r.clusterOperationArn());
    }

    /** The Iceberg destination's freshness, else the S3 destination's, else 0 (not reported). */
    static int freshness(DescribeChannelResponse r) {
        if (r.icebergDestinationConfiguration() != null && r.icebergDestinationConfiguration().dataFreshnessInSeconds() != null) {
            return r.icebergDestinationConfiguration().dataFreshnessInSeconds();
        }
        if (r.s3DestinationConfiguration() != null && r.s3DestinationConfiguration().dataFreshnessInSeconds() != null) {
            return r.s3DestinationConfiguration().dataFreshnessInSeconds();
        }
        return 0;
    }

    /** Topic ARN {@code ...:topic/<cluster>/<uuid>/<topic>}: topic names cannot contain '/', so the last segment. */
    static String topicName(String topicArn) {
        return topicArn == null ? "" : topicArn.substring(topicArn.lastIndexOf('/') + 1);
    }
}
