package io.channelpilot.gateway;

import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.PlanScope;
import io.channelpilot.workflow.AwsThrottled;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelInfo;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;

/**
 * {@link ClusterStateReader} over the MSK API (reference §1.2, §1.3, §1.1): DescribeClusterV2 for the tags, ListTopics
 * pages (or DescribeTopic per named topic) for the topics, ListChannels pages plus DescribeChannel per channel for the
 * channels — ListChannels' ChannelInfo carries neither tags, topic nor table. Kafka SDK 2.50.2 has no ListChannels
 * paginator, so pages are followed by hand. Whether {@code topicNameFilter} matches exactly or by prefix is UNCONFIRMED
 * (reference §1.1), so channels are filtered again by their described topic.
 */
final class SdkClusterStateReader implements ClusterStateReader {

    private static final Logger LOG = LoggerFactory.getLogger(SdkClusterStateReader.class);
    private static final int PAGE = 100;

    private final KafkaClient kafka;
    private final ExistingTables tables;

    public SdkClusterStateReader(KafkaClient kafka) {
        this(kafka, ExistingTables.UNKNOWN);
    }

    /** @param tables asked by the planner only for desired channels without a channel (table generations, issue 7) */
    public SdkClusterStateReader(KafkaClient kafka, ExistingTables tables) {
        this.kafka = kafka;
        this.tables = tables;
    }

    @Override
    public ClusterState read(String clusterArn, PlanScope scope) {
        Map<String, String> tags = call("DescribeClusterV2", "kafka:DescribeClusterV2", true,
                () -> kafka.describeClusterV2(r -> r.clusterArn(clusterArn)).clusterInfo().tags());
        Map<String, Map<String, String>> topics = new LinkedHashMap<>();
        List<ObservedChannel> channels = new ArrayList<>();
        if (scope instanceof PlanScope.Topics named) {
            for (String topic : named.names()) {
                if (topicExists(clusterArn, topic)) {
                    topics.put(topic, Map.of());
                }
                describeAll(clusterArn, listChannels(clusterArn, Optional.of(topic))).stream()
                        .filter(c -> c.sourceTopic().map(topic::equals).orElse(false))
                        .filter(c -> channels.stream().noneMatch(x -> x.channelArn().equals(c.channelArn())))
                        .forEach(channels::add);
            }
        } else {
            // Topic tags are not modelled by SDK 2.50.2 (reference §8): every topic has an empty tag map until they are.
            call("ListTopics", "kafka:ListTopics", false, () -> {
                kafka.listTopicsPaginator(r -> r.clusterArn(clusterArn).maxResults(PAGE)).topics()
                        .forEach(t -> topics.put(t.topicName(), Map.of()));
                return null;
            });
            channels.addAll(describeAll(clusterArn, listChannels(clusterArn, Optional.empty())));
        }
        return new ClusterState(clusterArn, tags, topics, channels).withTables(tables);
    }

    private boolean topicExists(String clusterArn, String topic) {
        return call("DescribeTopic", "kafka:DescribeTopic", false, () -> {
            try {
                kafka.describeTopic(r -> r.clusterArn(clusterArn).topicName(topic));
                return true;
            } catch (AwsServiceException e) {
                if (AwsErrors.isNotFound(e)) {
                    return false;
                }
                throw e;
            }
        });
    }

    private List<ChannelInfo> listChannels(String clusterArn, Optional<String> topic) {
        return call("ListChannels", "kafka:ListChannels", false, () -> {
            List<ChannelInfo> out = new ArrayList<>();
            String token = null;
            do {
                String next = token;
                ListChannelsResponse page = kafka.listChannels(r -> r.clusterArn(clusterArn).maxResults(PAGE).nextToken(next)
                        .topicNameFilter(topic.orElse(null)));
                out.addAll(page.channels());
                token = page.nextToken();
            } while (token != null && !token.isEmpty());
            return out;
        });
    }

    private List<ObservedChannel> describeAll(String clusterArn, List<ChannelInfo> infos) {
        Set<String> seen = new LinkedHashSet<>();
        List<ObservedChannel> out = new ArrayList<>();
        for (ChannelInfo info : infos) {
            if (seen.add(info.channelArn())) {
                describe(clusterArn, info.channelArn()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** Empty when the channel vanished between ListChannels and DescribeChannel (404). */
    private Optional<ObservedChannel> describe(String clusterArn, String channelArn) {
        return call("DescribeChannel", "kafka:DescribeChannel", false, () -> MskChannels.describe(kafka, clusterArn, channelArn));
    }

    private static <T> T call(String operation, String permission, boolean clusterCall, Supplier<T> body) {
        long start = System.nanoTime();
        try {
            T value = body.get();
            LOG.debug("aws call ok service=MSK operation={} ms={}", operation, (System.nanoTime() - start) / 1_000_000);
            return value;
        } catch (SdkException e) {
            throw classify(operation, permission, clusterCall, e);
        }
    }

    /** Classified by {@link AwsErrors#classify}: transient failures go to the state machine's Retry as {@link AwsThrottled}. */
    static RuntimeException classify(String operation, String permission, boolean clusterCall, SdkException e) {
        AwsErrorKind kind = AwsErrors.classify(e);
        if (kind.isTransient()) {
            return new AwsThrottled(operation, e);
        }
        if (!(e instanceof AwsServiceException aws)) {
            return new ClusterReadException(ClusterReadException.Code.READ_FAILED, operation, permission, "MSK " + operation
                    + " failed: " + e.getClass().getSimpleName(), e);
        }
        String code = AwsErrors.errorCode(aws);
        if (kind == AwsErrorKind.ACCESS_DENIED) {
            return new ClusterReadException(ClusterReadException.Code.READ_DENIED, operation, permission, "MSK " + operation
                    + " was denied (" + code + "); the resolve-intents role needs " + permission, e);
        }
        if (clusterCall && kind == AwsErrorKind.NOT_FOUND) {
            return new ClusterReadException(ClusterReadException.Code.CLUSTER_NOT_FOUND, operation, permission, "MSK " + operation
                    + " found no such cluster (" + code + ")", e);
        }
        return new ClusterReadException(ClusterReadException.Code.READ_FAILED, operation, permission, "MSK " + operation
                + " failed with HTTP " + aws.statusCode() + (code.isEmpty() ? "" : " (" + code + ")"), e);
    }
}
