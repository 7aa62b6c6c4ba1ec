package io.channelpilot.validation;

import io.channelpilot.conformance.SchemaAnalysis;
import io.channelpilot.conformance.SchemaAnalyzer;
import io.channelpilot.gateway.Facts;
import io.channelpilot.gateway.GatewayResult;
import io.channelpilot.gateway.Gateways;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.TableClaim;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * What the rules read: the intended spec, stack guardrails, declared needs, settings, and AWS facts. Each fact is
 * fetched at most once per validation and shared by the rules that need it (one DescribeClusterV2, one GetSchema, …).
 */
public final class ValidationContext {

    private final ChannelSpec spec;
    private final StackSettings stack;
    private final Set<Need> needs;
    private final ValidationSettings settings;
    private final Gateways.All aws;
    private final ClusterArn cluster;

    private final Supplier<GatewayResult<Facts.Cluster>> clusterFacts;
    private final Supplier<GatewayResult<Optional<Facts.Topic>>> topic;
    private final Supplier<GatewayResult<Optional<Facts.Schema>>> schema;
    private final Supplier<GatewayResult<Optional<Facts.TableBucket>>> tableBucket;
    private final Supplier<GatewayResult<Facts.BucketEncryption>> tableBucketEncryption;
    private final Supplier<GatewayResult<Optional<String>>> dlqRegion;
    private final Supplier<GatewayResult<Facts.BucketEncryption>> dlqEncryption;
    private final Supplier<GatewayResult<Optional<Facts.Role>>> role;
    private final Supplier<Optional<SchemaAnalysis>> analysis;
    private final Supplier<GatewayResult<Integer>> channelsOnCluster;
    private final Supplier<GatewayResult<Integer>> channelsOnTopic;
    private final Supplier<GatewayResult<Optional<Double>>> clusterChannelQuota;
    private final Supplier<GatewayResult<Optional<Double>>> topicChannelQuota;
    private final Supplier<GatewayResult<Boolean>> dlqAccessLogging;
    private final Supplier<GatewayResult<Optional<Facts.LogGroup>>> logGroup;
    /** Another owner's claim on the table, as the resolver found it when it planned (null = none). */
    private volatile TableClaim tableOwner;
    private volatile boolean completingOwnChannel;
    /** Set by {@link #prefetch}: where independent lookups may run concurrently; null = all on the caller's thread. */
    private volatile Executor executor;

    public ValidationContext(ChannelSpec spec, StackSettings stack, Set<Need> needs, ValidationSettings settings, Gateways.All aws) {
        this.spec = spec;
        this.stack = stack;
        this.needs = needs.isEmpty() ? EnumSet.noneOf(Need.class) : EnumSet.copyOf(needs);
        this.settings = settings;
        this.aws = aws;
        this.cluster = spec.cluster();
        String bucketArn = spec.infrastructure().tableBucketArn();
        String dlq = spec.infrastructure().dlqBucket();
        this.clusterFacts = memo(() -> aws.msk().describeCluster(spec.clusterArn()));
        this.topic = memo(() -> aws.msk().describeTopic(spec.clusterArn(), spec.topic()));
        this.schema = memo(() -> aws.schemas().latestSchema(spec.schema().registry(), spec.schema().schema()));
        this.tableBucket = memo(() -> aws.tables().tableBucket(bucketArn));
        this.tableBucketEncryption = memo(() -> aws.tables().tableBucketEncryption(bucketArn));
        this.dlqRegion = memo(() -> aws.buckets().region(dlq));
        this.dlqEncryption = memo(() -> aws.buckets().encryption(dlq));
        this.role = memo(() -> aws.iam().role(roleName(spec.infrastructure().serviceRoleArn())));
        this.channelsOnCluster = memo(() -> aws.msk().countChannels(spec.clusterArn(), Optional.empty()));
        this.channelsOnTopic = memo(() -> aws.msk().countChannels(spec.clusterArn(), Optional.of(spec.topic())));
        this.clusterChannelQuota = memo(() -> aws.quotas().quotaByName(settings.quotaServiceCode(), settings.channelsPerClusterQuota()));
        this.topicChannelQuota = memo(() -> aws.quotas().quotaByName(settings.quotaServiceCode(), settings.channelsPerTopicQuota()));
        this.dlqAccessLogging = memo(() -> aws.buckets().accessLogging(dlq));
        this.logGroup = memo(() -> aws.logs().logGroup(spec.infrastructure().logGroup()));
        this.analysis = memo(() -> schema().fold(found -> found.filter(Facts.Schema::isJson).map(Facts.Schema::definition)
                                .filter(d -> d != null && !d.isBlank()),
                failure -> Optional.<String>empty()).map(text -> SchemaAnalyzer.analyze(text, spec.partitionColumn())));
    }

    /**
     * Starts fetching every shared fact (and the schema analysis) on {@code executor} and returns at once; the rules
     * still run in report order on the caller's thread and a rule reading a fact that is in flight waits for it. The
     * facts are independent read-only lookups, so on Lambda their network round trips (and each service's first-call
     * class loading) overlap instead of adding up. A fetch that throws is not remembered: the rule that reads the fact
     * fetches it again on its own thread and fails exactly as without prefetching ({@code CHECK_FAILED}).
     */
    public ValidationContext prefetch(Executor executor) {
        this.executor = executor;
        // Only facts the rules read on every validation, slowest first (GetSchemaVersion + the JSON-Schema engine,
        // then IAM). The table bucket's encryption is read only when the role was found (ROLE_KMS_PERMISSIONS), so it
        // is fetched after the role and under the same condition: prefetching never adds a call.
        Supplier<?> roleThenTableEncryption = () -> role.get().fold(found -> found.isPresent()
                ? tableBucketEncryption.get() : null, failure -> null);
        List<Supplier<?>> facts = List.of(analysis, roleThenTableEncryption, clusterFacts, topic, tableBucket,
                dlqRegion, dlqEncryption, channelsOnCluster, clusterChannelQuota, channelsOnTopic, topicChannelQuota,
                dlqAccessLogging, logGroup);
        for (Supplier<?> fact : facts) {
            executor.execute(() -> {
                try {
                    fact.get();
                } catch (RuntimeException ignored) {
                    // Deliberately not recorded: the rule re-reads the fact and reports the crash itself.
                }
            });
        }
        return this;
    }

    /**
     * The role's policy simulation for each grant, in grant order, read one by one by ROLE_PERMISSIONS. Sequentially
     * (no {@link #prefetch}) each simulation runs when read, so the rule still stops calling at the first failure;
     * when prefetching they are all started at once and read in order: the same findings, their round trips overlap
     * (a failure path then issues the remaining simulations too).
     */
    List<Supplier<GatewayResult<List<Facts.Denial>>>> simulations(String roleArn, List<RolePermissions.Grant> grants) {
        Executor pool = executor;
        List<Supplier<GatewayResult<List<Facts.Denial>>>> out = new ArrayList<>();
        for (RolePermissions.Grant grant : grants) {
            Supplier<GatewayResult<List<Facts.Denial>>> call = () -> aws.iam().simulate(roleArn, grant.actions(), grant.resource());
            out.add(pool == null ? call : started(call, pool));
        }
        return out;
    }

    /** Runs {@code call} on {@code pool}; reading it rethrows the call's own exception, as the sequential read would. */
    private static <T> Supplier<T> started(Supplier<T> call, Executor pool) {
        CompletableFuture<T> future = CompletableFuture.supplyAsync(call, pool);
        return () -> {
            try {
                return future.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        };
    }

    /** The intent's {@code tableOwner}: another channel's claim on this spec's table found when planning. */
    public ValidationContext tableOwner(TableClaim owner) {
        this.tableOwner = owner;
        return this;
    }

    /**
     * The intent completes this very channel, whose provisioning died after CreateChannel (plan reason
     * {@code PROVISIONING_INCOMPLETE}: our tags, the desired fingerprint and our table claim): its table may already
     * exist because the channel itself created it on first delivery.
     */
    public ValidationContext completingOwnChannel(boolean completing) {
        this.completingOwnChannel = completing;
        return this;
    }

    boolean completingOwnChannel() {
        return completingOwnChannel;
    }

    Optional<TableClaim> tableOwner() {
        return Optional.ofNullable(tableOwner).filter(o -> !(o.clusterArn().equals(spec.clusterArn())
                && o.channelName().equals(spec.channelName())));
    }

    public ChannelSpec spec() {
        return spec;
    }

    public StackSettings stack() {
        return stack;
    }

    public Set<Need> needs() {
        return needs;
    }

    public ValidationSettings settings() {
        return settings;
    }

    public Gateways.All aws() {
        return aws;
    }

    public ClusterArn cluster() {
        return cluster;
    }

    public GatewayResult<Facts.Cluster> clusterFacts() {
        return clusterFacts.get();
    }

    public GatewayResult<Optional<Facts.Topic>> topic() {
        return topic.get();
    }

    public GatewayResult<Optional<Facts.Schema>> schema() {
        return schema.get();
    }

    public GatewayResult<Optional<Facts.TableBucket>> tableBucket() {
        return tableBucket.get();
    }

    public GatewayResult<Facts.BucketEncryption> tableBucketEncryption() {
        return tableBucketEncryption.get();
    }

    public GatewayResult<Optional<String>> dlqRegion() {
        return dlqRegion.get();
    }

    public GatewayResult<Facts.BucketEncryption> dlqEncryption() {
        return dlqEncryption.get();
    }

    public GatewayResult<Optional<Facts.Role>> role() {
        return role.get();
    }

    /** Channels on the spec's cluster (QUOTA_CHANNELS_PER_CLUSTER). */
    public GatewayResult<Integer> channelsOnCluster() {
        return channelsOnCluster.get();
    }

    /** Channels on the spec's topic (QUOTA_CHANNELS_PER_TOPIC). */
    public GatewayResult<Integer> channelsOnTopic() {
        return channelsOnTopic.get();
    }

    /** The Service Quotas value named by {@link ValidationSettings#channelsPerClusterQuota()}. */
    public GatewayResult<Optional<Double>> clusterChannelQuota() {
        return clusterChannelQuota.get();
    }

    /** The Service Quotas value named by {@link ValidationSettings#channelsPerTopicQuota()}. */
    public GatewayResult<Optional<Double>> topicChannelQuota() {
        return topicChannelQuota.get();
    }

    public GatewayResult<Boolean> dlqAccessLogging() {
        return dlqAccessLogging.get();
    }

    /** The spec's log group, if it exists. */
    public GatewayResult<Optional<Facts.LogGroup>> logGroup() {
        return logGroup.get();
    }

    /** The conformance analysis of the registered JSON Schema; empty when there is no readable JSON Schema text. */
    public Optional<SchemaAnalysis> schemaAnalysis() {
        return analysis.get();
    }

    /** Role name from {@code arn:aws:iam::<account>:role/<path/>name}. */
    static String roleName(String roleArn) {
        return roleArn.substring(roleArn.lastIndexOf('/') + 1);
    }

    /** Fetches once; synchronized because {@link #prefetch} may fetch on another thread while a rule waits. */
    private static <T> Supplier<T> memo(Supplier<T> source) {
        return new Supplier<>() {
            private T value;
            private boolean done;

            @Override
            public synchronized T get() {
                if (!done) {
                    value = source.get();
                    done = true;
                }
                return value;
            }
        };
    }
}
