package io.channelpilot.reconcile.gateway;

import io.channelpilot.gateway.MskChannels;
import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.AwsErrors;
import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.gateway.GatewayExistingTables;
import io.channelpilot.gateway.Gateways;
import io.channelpilot.plan.ExistingTables;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.workflow.AwsThrottled;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelInfo;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;
import software.amazon.awssdk.services.kafka.model.ListClustersV2Response;
import software.amazon.awssdk.services.kafka.model.ListTopicsResponse;

/**
 * {@link Fleet} over the MSK API. Pages are followed by hand (SDK 2.50.2 has no ListChannels paginator; the others are
 * written the same way so that every page is one counted call). Page size 100 = the documented maximum of
 * ListChannels (reference §1.1); ListClustersV2 and ListTopics use the same.
 */
public final class SdkFleet implements Fleet {

    private static final Logger LOG = LoggerFactory.getLogger(SdkFleet.class);
    static final int PAGE = 100;

    private final KafkaClient kafka;
    private final ApiCalls calls;
    private final ExistingTables tables;

    public SdkFleet(KafkaClient kafka, ApiCalls calls) {
        this.kafka = kafka;
        this.calls = calls;
        this.tables = ExistingTables.UNKNOWN;
    }

    /** @param tables S3 Tables GetTable, counted as {@code s3tables:GetTable} in the sweep's API calls */
    public SdkFleet(KafkaClient kafka, ApiCalls calls, Gateways.TablesGateway tables) {
        this.kafka = kafka;
        this.calls = calls;
        ExistingTables lookup = new GatewayExistingTables(tables);
        this.tables = (bucket, namespace, table) -> {
            calls.count("s3tables:GetTable");
            return lookup.exists(bucket, namespace, table);
        };
    }

    @Override
    public ExistingTables tables() {
        return tables;
    }

    @Override
    public List<ClusterSummary> clusters() {
        List<ClusterSummary> out = new ArrayList<>();
        String token = null;
        do {
            String next = token;
            ListClustersV2Response page = call("ListClustersV2", () -> kafka.listClustersV2(r -> r.maxResults(PAGE).nextToken(next)));
            page.clusterInfoList().forEach(c -> out.add(new ClusterSummary(c.clusterArn(), c.clusterName(), c.tags())));
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return out;
    }

    @Override
    public List<String> topics(String clusterArn) {
        List<String> out = new ArrayList<>();
        String token = null;
        do {
            String next = token;
            ListTopicsResponse page = call("ListTopics", () -> kafka.listTopics(r -> r.clusterArn(clusterArn).maxResults(PAGE).nextToken(next)));
            page.topics().forEach(t -> out.add(t.topicName()));
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return out;
    }

    @Override
    public List<ListedChannel> channels(String clusterArn) {
        List<ListedChannel> out = new ArrayList<>();
        String token = null;
        do {
            String next = token;
            ListChannelsResponse page = call("ListChannels", () -> kafka.listChannels(r -> r.clusterArn(clusterArn).maxResults(PAGE).nextToken(next)));
            for (ChannelInfo c : page.channels()) {
                out.add(new ListedChannel(c.channelArn(), c.channelName(), c.statusAsString()));
            }
            token = page.nextToken();
        } while (token != null && !token.isEmpty());
        return out;
    }

    @Override
    public Optional<ObservedChannel> describe(String clusterArn, String channelArn) {
        return call("DescribeChannel", () -> MskChannels.describe(kafka, clusterArn, channelArn));
    }

    private <T> T call(String operation, Supplier<T> body) {
        calls.count("kafka:" + operation);
        long start = System.nanoTime();
        try {
            T value = body.get();
            LOG.debug("aws call ok service=MSK operation={} ms={}", operation, (System.nanoTime() - start) / 1_000_000);
            return value;
        } catch (SdkException e) {
            throw classify(operation, e);
        }
    }

    /** Classified by {@link AwsErrors#classify}: transient failures are the next sweep's to converge. */
    static RuntimeException classify(String operation, SdkException e) {
        AwsErrorKind kind = AwsErrors.classify(e);
        if (kind.isTransient()) {
            return new AwsThrottled(operation, e);
        }
        if (!(e instanceof AwsServiceException aws)) {
            return new ClusterReadException(ClusterReadException.Code.READ_FAILED, operation, "kafka:" + operation,
                    "MSK " + operation + " failed: " + e.getClass().getSimpleName(), e);
        }
        String code = AwsErrors.errorCode(aws);
        ClusterReadException.Code c = kind == AwsErrorKind.ACCESS_DENIED ? ClusterReadException.Code.READ_DENIED
                : kind == AwsErrorKind.NOT_FOUND ? ClusterReadException.Code.CLUSTER_NOT_FOUND : ClusterReadException.Code.READ_FAILED;
        return new ClusterReadException(c, operation, "kafka:" + operation, "MSK " + operation + " failed with HTTP "
                + aws.statusCode() + (code.isEmpty() ? "" : " (" + code + ")"), e);
    }
}
