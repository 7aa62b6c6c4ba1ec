package io.channelpilot.gateway;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The AWS facts validation reads, one small interface per service. {@code Optional.empty()} means "does not exist";
 * a failure to find out is a {@link GatewayResult.Failed}. Implementations: {@code Sdk*Gateway} (real SDK v2 clients);
 * tests use in-memory fakes.
 */
public final class Gateways {

    private Gateways() {
    }

    public interface MskGateway {
        GatewayResult<Facts.Cluster> describeCluster(String clusterArn);

        GatewayResult<Optional<Facts.Topic>> describeTopic(String clusterArn, String topic);

        /** Channels on the cluster (all pages of ListChannels), optionally filtered by topic name. */
        GatewayResult<Integer> countChannels(String clusterArn, Optional<String> topic);
    }

    public interface SchemaRegistryGateway {
        GatewayResult<Optional<Facts.Schema>> latestSchema(String registry, String schema);
    }

    public interface TablesGateway {
        GatewayResult<Optional<Facts.TableBucket>> tableBucket(String tableBucketArn);

        GatewayResult<Facts.BucketEncryption> tableBucketEncryption(String tableBucketArn);

        GatewayResult<Boolean> namespaceExists(String tableBucketArn, String namespace);

        GatewayResult<Optional<Facts.Table>> table(String tableBucketArn, String namespace, String name);
    }

    public interface LogsGateway {
        GatewayResult<Optional<Facts.LogGroup>> logGroup(String name);
    }

    public interface BucketGateway {
        /** The bucket's region, or empty when the bucket does not exist. */
        GatewayResult<Optional<String>> region(String bucket);

        GatewayResult<Facts.BucketEncryption> encryption(String bucket);

        GatewayResult<Boolean> accessLogging(String bucket);
    }

    public interface IamGateway {
        GatewayResult<Optional<Facts.Role>> role(String roleName);

        /** Actions on one resource that the role's policies do not allow; empty when all are allowed. */
        GatewayResult<List<Facts.Denial>> simulate(String roleArn, List<String> actions, String resourceArn);
    }

    public interface QuotaGateway {
        /** A quota's applied (else default) value, looked up by name; empty when no quota has that name. */
        GatewayResult<Optional<Double>> quotaByName(String serviceCode, String quotaName);
    }

    public interface MetricsGateway {
        /** Average of the topic's {@code AWS/Kafka BytesInPerSec} over {@code window}, summed over brokers. */
        GatewayResult<Optional<Double>> topicBytesInPerSecond(String clusterName, String topic, Duration window);
    }

    /** Every gateway validation needs, built once per function instance. */
    public record All(MskGateway msk, SchemaRegistryGateway schemas, TablesGateway tables, LogsGateway logs,
                      BucketGateway buckets, IamGateway iam, QuotaGateway quotas, MetricsGateway metrics) {
    }
}
