package io.channelpilot.gateway;

import io.channelpilot.events.ChannelPilotEvents;
import io.channelpilot.events.EventPublisher;
import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.Home;
import io.channelpilot.redrive.ExecutionStarter;
import io.channelpilot.redrive.RedriveTaskStore;
import io.channelpilot.retention.OutstandingStore;
import io.channelpilot.store.StatusStore;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.config.SdkAdvancedClientOption;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * The one factory of every SDK client Channel Pilot builds (functions, sweep, operator CLI), from a config map (the
 * function environment, or a test map): explicit region ({@code AWS_REGION}), the lean {@link UrlConnectionHttpClient}
 * with the SDK's default timeouts named here, optional endpoint override ({@code AWS_ENDPOINT_URL_<SERVICE>} else
 * {@code AWS_ENDPOINT_URL} — how the local world is reached), optional static credentials
 * ({@code AWS_ACCESS_KEY_ID}/{@code AWS_SECRET_ACCESS_KEY}/{@code AWS_SESSION_TOKEN}, else the default chain), the
 * standard retry strategy with optional {@code AWS_MAX_ATTEMPTS}, and a {@code channel-pilot/<version>} user-agent
 * suffix (so CloudTrail tells our calls apart). One shared HTTP client; build once per function instance.
 */
public final class AwsClients {

    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(2);
    static final Duration SOCKET_TIMEOUT = Duration.ofSeconds(30);
    static final String USER_AGENT_SUFFIX = "channel-pilot/" + ChannelPilotVersion.VALUE;

    private final Map<String, String> config;
    private final Region region;
    private final SdkHttpClient http;
    private final AwsCredentialsProvider credentials;

    private AwsClients(Map<String, String> config) {
        this(config, null);
    }

    /** @param credentials the caller's own credentials (the operator CLI's profile chain); null = as {@link #from(Map)} */
    private AwsClients(Map<String, String> config, AwsCredentialsProvider credentials) {
        this.config = Map.copyOf(config);
        String name = config.get("AWS_REGION");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("AWS_REGION is required to build AWS clients");
        }
        this.region = Region.of(name);
        // The SDK's own defaults, named so there is one place to change them.
        this.http = UrlConnectionHttpClient.builder().connectionTimeout(CONNECTION_TIMEOUT).socketTimeout(SOCKET_TIMEOUT).build();
        boolean overridden = config.entrySet().stream()
                .anyMatch(e -> e.getKey().startsWith("AWS_ENDPOINT_URL") && e.getValue() != null && !e.getValue().isBlank());
        this.credentials = credentials != null ? credentials
                : overridden ? credentials(config) : DefaultCredentialsProvider.builder().build();
    }

    public static AwsClients from(Map<String, String> config) {
        return new AwsClients(config);
    }

    /** Clients with explicit credentials (the operator CLI resolves them like the AWS CLI: --profile, env, files). */
    public static AwsClients from(Map<String, String> config, AwsCredentialsProvider credentials) {
        return new AwsClients(config, credentials);
    }

    public Region region() {
        return region;
    }

    public AwsCredentialsProvider credentialsProvider() {
        return credentials;
    }

    public KafkaClient kafka() {
        return build(KafkaClient.builder(), "KAFKA");
    }

    public GlueClient glue() {
        return build(GlueClient.builder(), "GLUE");
    }

    public S3TablesClient s3Tables() {
        return build(S3TablesClient.builder(), "S3TABLES");
    }

    public CloudWatchLogsClient logs() {
        return build(CloudWatchLogsClient.builder(), "CLOUDWATCH_LOGS");
    }

    public CloudWatchClient cloudWatch() {
        return build(CloudWatchClient.builder(), "CLOUDWATCH");
    }

    public S3Client s3() {
        // Emulators answer path-style requests only.
        return build(S3Client.builder().forcePathStyle(endpoint("S3").isPresent()), "S3");
    }

    public IamClient iam() {
        return endpoint("IAM").isPresent() ? build(IamClient.builder(), "IAM") : build(IamClient.builder(), "IAM", Region.AWS_GLOBAL);
    }

    public ServiceQuotasClient serviceQuotas() {
        return build(ServiceQuotasClient.builder(), "SERVICE_QUOTAS");
    }

    public DynamoDbClient dynamoDb() {
        return build(DynamoDbClient.builder(), "DYNAMODB");
    }

    public SnsClient sns() {
        return build(SnsClient.builder(), "SNS");
    }

    public SfnClient sfn() {
        return build(SfnClient.builder(), "SFN");
    }

    public LakeFormationClient lakeFormation() {
        return build(LakeFormationClient.builder(), "LAKEFORMATION");
    }

    /** EventBridge ({@code AWS_ENDPOINT_URL_EVENTBRIDGE} else {@code AWS_ENDPOINT_URL}). */
    public EventBridgeClient eventBridge() {
        return build(EventBridgeClient.builder(), "EVENTBRIDGE");
    }

    /** Channel Pilot's event publisher on the bus of {@code CHANNEL_PILOT_EVENT_BUS} (default: the default bus). */
    public EventPublisher eventPublisher() {
        return new SdkEventPublisher(eventBridge(), ChannelPilotEvents.bus(config));
    }

    // ---- The ports the functions use, over fresh clients: wiring never names an SDK type or an Sdk* adapter.

    /** The status table: channel status, claims, leases, refusals, notification dedupe. */
    public StatusStore statusStore(String table, Clock clock) {
        return new DynamoDbStatusStore(dynamoDb(), table, clock);
    }

    /** Outstanding dead letters per channel (retention race), in the status table. */
    public OutstandingStore outstandingStore(String table, Clock clock) {
        return new DynamoDbOutstandingStore(dynamoDb(), table, clock);
    }

    /** Redrive tasks and their ledgers, in the status table. */
    public RedriveTaskStore redriveTaskStore(String table, Clock clock) {
        return new DynamoDbRedriveTaskStore(dynamoDb(), table, clock);
    }

    /** MSK channels (create, describe, update, delete). */
    public ChannelGateway channels() {
        return new SdkChannelGateway(kafka());
    }

    public LogGroupGateway logGroups() {
        return new SdkLogGroupGateway(logs());
    }

    public AlarmGateway alarms() {
        return new SdkAlarmGateway(cloudWatch());
    }

    public GrantGateway grants() {
        return new SdkGrantGateway(lakeFormation());
    }

    public NamespaceGateway namespaces() {
        return new SdkNamespaceGateway(s3Tables());
    }

    public Gateways.TablesGateway tables() {
        return new SdkTablesGateway(s3Tables());
    }

    public Gateways.SchemaRegistryGateway schemaRegistry() {
        return new SdkSchemaRegistryGateway(glue());
    }

    /** Notifications on the SNS topic {@code topicArn}. */
    public NotificationPublisher notifications(String topicArn) {
        return new SnsNotificationPublisher(sns(), topicArn);
    }

    /** A cluster's topics, tags and channels (MSK), with the table generation of channels S3 Tables already has. */
    public ClusterStateReader clusterReader() {
        return new SdkClusterStateReader(kafka(), new GatewayExistingTables(tables()));
    }

    /** As {@link #clusterReader()}, without table generations (the operator CLI's plan preview does not look tables up). */
    public ClusterStateReader clusterReaderWithoutTables() {
        return new SdkClusterStateReader(kafka());
    }

    /** Clusters and state machines by name (the operator CLI). */
    public AccountLookups lookups() {
        return new AccountLookups(kafka(), sfn());
    }

    /** Starts executions of the state machine {@code stateMachineArn}. */
    public ExecutionStarter executions(String stateMachineArn) {
        return new SfnExecutionStarter(sfn(), stateMachineArn);
    }

    /** All validation gateways over fresh clients. */
    public Gateways.All gateways(Clock clock) {
        return new Gateways.All(new SdkMskGateway(kafka()), new SdkSchemaRegistryGateway(glue()), new SdkTablesGateway(s3Tables()),
                new SdkLogsGateway(logs()), new SdkBucketGateway(s3(), Home.from(config).account()), new SdkIamGateway(iam()),
                new SdkQuotaGateway(serviceQuotas()), new SdkMetricsGateway(cloudWatch(), clock));
    }

    Optional<URI> endpoint(String service) {
        String specific = config.get("AWS_ENDPOINT_URL_" + service.toUpperCase(Locale.ROOT));
        String any = specific != null && !specific.isBlank() ? specific : config.get("AWS_ENDPOINT_URL");
        return any == null || any.isBlank() ? Optional.empty() : Optional.of(URI.create(any));
    }

    private <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(B builder, String service) {
        return build(builder, service, region);
    }

    private <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(B builder, String service, Region r) {
        builder.region(r).credentialsProvider(credentials).httpClient(http);
        endpoint(service).ifPresent(builder::endpointOverride);
        String attempts = config.get("AWS_MAX_ATTEMPTS");
        builder.overrideConfiguration(o -> {
            o.putAdvancedOption(SdkAdvancedClientOption.USER_AGENT_SUFFIX, USER_AGENT_SUFFIX);
            // Every client goes through here, so one AWS_MAX_ATTEMPTS in template.yaml governs them all.
            if (attempts != null && !attempts.isBlank()) {
                int max = AsciiNumbers.requireInt(attempts.trim());
                o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder().maxAttempts(max).build());
            }
        });
        return builder.build();
    }

    private static AwsCredentialsProvider credentials(Map<String, String> config) {
        String key = config.get("AWS_ACCESS_KEY_ID");
        String secret = config.get("AWS_SECRET_ACCESS_KEY");
        if (key == null || secret == null || key.isBlank() || secret.isBlank()) {
            return DefaultCredentialsProvider.builder().build();
        }
        String token = config.get("AWS_SESSION_TOKEN");
        return StaticCredentialsProvider.create(token == null || token.isBlank()
                ? AwsBasicCredentials.create(key, secret)
                : AwsSessionCredentials.create(key, secret, token));
    }
}
