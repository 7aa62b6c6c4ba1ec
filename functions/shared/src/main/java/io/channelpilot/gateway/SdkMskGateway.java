package io.channelpilot.gateway;

import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.Cluster;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;

/** {@link Gateways.MskGateway} over the SDK {@link KafkaClient} (2.50.2: no ListChannels paginator, reference §1.0). */
final class SdkMskGateway implements Gateways.MskGateway {

    private static final String SERVICE = "MSK";
    private final KafkaClient kafka;

    public SdkMskGateway(KafkaClient kafka) {
        this.kafka = kafka;
    }

    @Override
    public GatewayResult<Facts.Cluster> describeCluster(String clusterArn) {
        return SdkCalls.call(SERVICE, "DescribeClusterV2", "kafka:DescribeClusterV2", () -> {
            Cluster c = kafka.describeClusterV2(r -> r.clusterArn(clusterArn)).clusterInfo();
            String instanceType = c.provisioned() != null && c.provisioned().brokerNodeGroupInfo() != null
                    ? c.provisioned().brokerNodeGroupInfo().instanceType() : "";
            return new Facts.Cluster(c.clusterArn(), c.clusterTypeAsString(), c.stateAsString(), instanceType, c.tags());
        });
    }

    @Override
    public GatewayResult<Optional<Facts.Topic>> describeTopic(String clusterArn, String topic) {
        return SdkCalls.find(SERVICE, "DescribeTopic", "kafka:DescribeTopic", Set.of("NotFoundException",
                "UnknownTopicOrPartitionException"), () -> {
                    var t = kafka.describeTopic(r -> r.clusterArn(clusterArn).topicName(topic));
                    return new Facts.Topic(t.topicName(), t.partitionCount() == null ? 0 : t.partitionCount(),
                            t.replicationFactor() == null ? 0 : t.replicationFactor(), t.configs());
                });
    }

    /**
     * Counts by paging ListChannels. Whether {@code topicNameFilter} matches exactly or by prefix is UNCONFIRMED
     * (reference §1.1); a prefix match can only over-count, which errs on the safe side of a quota check.
     */
    @Override
    public GatewayResult<Integer> countChannels(String clusterArn, Optional<String> topic) {
        return SdkCalls.call(SERVICE, "ListChannels", "kafka:ListChannels", () -> {
            int count = 0;
            String token = null;
            do {
                String next = token;
                ListChannelsResponse page = kafka.listChannels(r -> r.clusterArn(clusterArn).maxResults(100).nextToken(next)
                        .topicNameFilter(topic.orElse(null)));
                count += page.channels().size();
                token = page.nextToken();
            } while (token != null && !token.isEmpty());
            return count;
        });
    }
}
