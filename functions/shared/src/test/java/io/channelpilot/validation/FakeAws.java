package io.channelpilot.validation;

import io.channelpilot.gateway.Facts;
import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.GatewayFailure;
import io.channelpilot.gateway.GatewayResult;
import io.channelpilot.gateway.Gateways;
import io.channelpilot.model.TestSpecs;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * In-memory AWS for validation tests: every gateway interface over plain fields. The defaults describe a world in which
 * {@link TestSpecs#orders()} passes every rule; tests break one fact at a time. {@link #failures} injects a
 * {@link GatewayFailure} per operation name.
 */
public final class FakeAws implements Gateways.MskGateway, Gateways.SchemaRegistryGateway, Gateways.TablesGateway,
        Gateways.LogsGateway, Gateways.BucketGateway, Gateways.IamGateway, Gateways.QuotaGateway, Gateways.MetricsGateway {

    public static final String GOOD_SCHEMA = """
            {"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
             "properties":{"order_id":{"type":"string"},"amount":{"type":"number"},
                           "event_time":{"type":"string","format":"date-time"}},
             "required":["order_id","event_time"]}""";
    public static final String GOOD_TRUST = """
            {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"kafka.amazonaws.com"},
             "Action":"sts:AssumeRole","Condition":{"StringEquals":{"aws:SourceAccount":"123456789012"},
             "ArnLike":{"aws:SourceArn":"arn:aws:kafka:us-east-1:123456789012:channel/*"}}}]}""";

    public Facts.Cluster cluster = new Facts.Cluster(TestSpecs.CLUSTER_ARN, "PROVISIONED", "ACTIVE", "express.m7g.large", Map.of());
    public Map<String, Facts.Topic> topics = new HashMap<>(Map.of("orders", new Facts.Topic("orders", 6, 3, "")));
    public Optional<Facts.Schema> schema = Optional.of(new Facts.Schema("arn:aws:glue:us-east-1:123456789012:schema/sales-registry/orders",
            "JSON", "AVAILABLE", 3, GOOD_SCHEMA));
    public Optional<Facts.TableBucket> tableBucket = Optional.of(new Facts.TableBucket(TestSpecs.TABLE_BUCKET_ARN, "lake", TestSpecs.ACCOUNT));
    public Facts.BucketEncryption tableBucketEncryption = Facts.BucketEncryption.of("AES256", "");
    public Set<String> namespaces = new HashSet<>(Set.of("sales"));
    public Set<String> tables = new HashSet<>();
    public Map<String, Facts.LogGroup> logGroups = new HashMap<>();
    public Optional<String> dlqRegion = Optional.of("us-east-1");
    public Facts.BucketEncryption dlqEncryption = Facts.BucketEncryption.of("AES256", "");
    public boolean dlqLogging = true;
    public Optional<Facts.Role> role = Optional.of(new Facts.Role(TestSpecs.ROLE_ARN, "channel-pilot-channel", GOOD_TRUST));
    public Set<String> deniedActions = new HashSet<>();
    public Map<String, Double> quotas = new HashMap<>(Map.of("Channels per cluster", 20.0, "Channels per topic", 5.0));
    public int channelsOnCluster = 3;
    public int channelsOnTopic = 1;
    public Optional<Double> bytesIn = Optional.of(5e6);
    /** Schemas by {@code registry/name}; a name not listed answers {@link #schema}. */
    public Map<String, Optional<Facts.Schema>> schemasByName = new HashMap<>();
    public Map<String, GatewayFailure> failures = new java.util.concurrent.ConcurrentHashMap<>();
    /** Synchronized: {@link ValidationContext#prefetch} may call from several threads. */
    public List<String> calls = Collections.synchronizedList(new ArrayList<>());

    public Gateways.All gateways() {
        return new Gateways.All(this, this, this, this, this, this, this, this);
    }

    public static GatewayFailure denied(String service, String operation, String permission) {
        return new GatewayFailure(AwsErrorKind.ACCESS_DENIED, service, operation, permission, "AccessDeniedException", "HTTP 403");
    }

    public static GatewayFailure throttled(String service, String operation, String permission) {
        return new GatewayFailure(AwsErrorKind.THROTTLED, service, operation, permission, "ThrottlingException", "HTTP 400");
    }

    private <T> GatewayResult<T> answer(String operation, Supplier<T> value) {
        calls.add(operation);
        GatewayFailure failure = failures.get(operation);
        return failure != null ? GatewayResult.failed(failure) : GatewayResult.ok(value.get());
    }

    @Override
    public GatewayResult<Facts.Cluster> describeCluster(String clusterArn) {
        return answer("DescribeClusterV2", () -> cluster);
    }

    @Override
    public GatewayResult<Optional<Facts.Topic>> describeTopic(String clusterArn, String topic) {
        return answer("DescribeTopic", () -> Optional.ofNullable(topics.get(topic)));
    }

    @Override
    public GatewayResult<Integer> countChannels(String clusterArn, Optional<String> topic) {
        return answer("ListChannels", () -> topic.isPresent() ? channelsOnTopic : channelsOnCluster);
    }

    @Override
    public GatewayResult<Optional<Facts.Schema>> latestSchema(String registry, String name) {
        return answer("GetSchema", () -> schemasByName.getOrDefault(registry + "/" + name, schema));
    }

    @Override
    public GatewayResult<Optional<Facts.TableBucket>> tableBucket(String tableBucketArn) {
        return answer("GetTableBucket", () -> tableBucket);
    }

    @Override
    public GatewayResult<Facts.BucketEncryption> tableBucketEncryption(String tableBucketArn) {
        return answer("GetTableBucketEncryption", () -> tableBucketEncryption);
    }

    @Override
    public GatewayResult<Boolean> namespaceExists(String tableBucketArn, String namespace) {
        return answer("GetNamespace", () -> namespaces.contains(namespace));
    }

    @Override
    public GatewayResult<Optional<Facts.Table>> table(String tableBucketArn, String namespace, String name) {
        return answer("GetTable", () -> tables.contains(namespace + "." + name)
                ? Optional.of(new Facts.Table(tableBucketArn + "/table/abc", namespace, name)) : Optional.empty());
    }

    @Override
    public GatewayResult<Optional<Facts.LogGroup>> logGroup(String name) {
        return answer("DescribeLogGroups", () -> Optional.ofNullable(logGroups.get(name)));
    }

    @Override
    public GatewayResult<Optional<String>> region(String bucket) {
        return answer("GetBucketLocation", () -> dlqRegion);
    }

    @Override
    public GatewayResult<Facts.BucketEncryption> encryption(String bucket) {
        return answer("GetBucketEncryption", () -> dlqEncryption);
    }

    @Override
    public GatewayResult<Boolean> accessLogging(String bucket) {
        return answer("GetBucketLogging", () -> dlqLogging);
    }

    @Override
    public GatewayResult<Optional<Facts.Role>> role(String roleName) {
        return answer("GetRole", () -> role);
    }

    @Override
    public GatewayResult<List<Facts.Denial>> simulate(String roleArn, List<String> actions, String resourceArn) {
        return answer("SimulatePrincipalPolicy", () -> actions.stream().filter(deniedActions::contains)
                .map(a -> new Facts.Denial(a, resourceArn, "implicitDeny")).toList());
    }

    @Override
    public GatewayResult<Optional<Double>> quotaByName(String serviceCode, String quotaName) {
        return answer("ListServiceQuotas", () -> Optional.ofNullable(quotas.get(quotaName)));
    }

    @Override
    public GatewayResult<Optional<Double>> topicBytesInPerSecond(String clusterName, String topic, Duration window) {
        return answer("GetMetricData", () -> bytesIn);
    }
}
