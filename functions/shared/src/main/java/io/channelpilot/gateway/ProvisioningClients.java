package io.channelpilot.gateway;

import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.client.builder.AwsSyncClientBuilder;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * The SDK clients of provision-channel, poll-channel and notify. MSK, CloudWatch Logs and CloudWatch come from
 * {@link AwsClients}; Lake Formation, SNS and DynamoDB (which {@code AwsClients} does not build yet) are built here
 * with the same conventions: explicit {@code AWS_REGION}, url-connection HTTP client, endpoint override from
 * {@code AWS_ENDPOINT_URL_<SERVICE>} else {@code AWS_ENDPOINT_URL}, static credentials when the map carries
 * {@code AWS_ACCESS_KEY_ID}/{@code AWS_SECRET_ACCESS_KEY} (+ {@code AWS_SESSION_TOKEN}), else the default chain;
 * optional {@code AWS_MAX_ATTEMPTS}. Built once per function instance.
 */
public final class ProvisioningClients {

    private final Map<String, String> env;
    private final AwsClients aws;
    private final SdkHttpClient http = UrlConnectionHttpClient.create();

    public ProvisioningClients(Map<String, String> env) {
        this(env, null);
    }

    /** @param credentials explicit credentials (the operator CLI); null = from the map, else the default chain */
    public ProvisioningClients(Map<String, String> env, AwsCredentialsProvider credentials) {
        this.env = Map.copyOf(env);
        this.aws = credentials == null ? AwsClients.from(env) : AwsClients.from(env, credentials);
        this.explicit = credentials;
    }

    private final AwsCredentialsProvider explicit;

    /** Channel Pilot's events on {@code CHANNEL_PILOT_EVENT_BUS} (default bus). */
    public io.channelpilot.events.EventPublisher eventPublisher() {
        return aws.eventPublisher();
    }

    public KafkaClient kafka() {
        return aws.kafka();
    }

    public CloudWatchLogsClient logs() {
        return aws.logs();
    }

    public CloudWatchClient cloudWatch() {
        return aws.cloudWatch();
    }

    public LakeFormationClient lakeFormation() {
        return build(LakeFormationClient.builder(), "LAKEFORMATION");
    }

    public S3TablesClient s3Tables() {
        return build(S3TablesClient.builder(), "S3TABLES");
    }

    public SnsClient sns() {
        return build(SnsClient.builder(), "SNS");
    }

    public DynamoDbClient dynamoDb() {
        return build(DynamoDbClient.builder(), "DYNAMODB");
    }

    private <B extends AwsClientBuilder<B, C> & AwsSyncClientBuilder<B, C>, C> C build(B builder, String service) {
        builder.region(aws.region()).credentialsProvider(credentials()).httpClient(http);
        aws.endpoint(service).ifPresent(builder::endpointOverride);
        return AwsClients.withMaxAttempts(env, builder).build();
    }

    private AwsCredentialsProvider credentials() {
        if (explicit != null) {
            return explicit;
        }
        String key = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        if (key == null || secret == null || key.isBlank() || secret.isBlank()) {
            return DefaultCredentialsProvider.builder().build();
        }
        String token = env.get("AWS_SESSION_TOKEN");
        return StaticCredentialsProvider.create(token == null || token.isBlank()
                ? AwsBasicCredentials.create(key, secret) : AwsSessionCredentials.create(key, secret, token));
    }
}
