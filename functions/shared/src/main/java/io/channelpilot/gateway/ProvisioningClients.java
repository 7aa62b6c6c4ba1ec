package io.channelpilot.gateway;

import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * Builds the SDK clients of the provisioning functions from a function environment (a map, so the local world can run
 * the handlers in-process with its own endpoint): explicit region from {@code AWS_REGION}, the url-connection HTTP
 * client (lean zips, fast cold start), an optional endpoint override from {@code AWS_ENDPOINT_URL}, and static
 * credentials only off Lambda when the map carries {@code AWS_ACCESS_KEY_ID} (the local world; on Lambda the default
 * chain).
 * Built once per function instance (SnapStart-friendly: no static state).
 */
public final class ProvisioningClients {

    private final Map<String, String> env;

    public ProvisioningClients(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    public KafkaClient kafka() {
        return configure(KafkaClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    public CloudWatchLogsClient logs() {
        return configure(CloudWatchLogsClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    public CloudWatchClient cloudWatch() {
        return configure(CloudWatchClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    public LakeFormationClient lakeFormation() {
        return configure(LakeFormationClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    public SnsClient sns() {
        return configure(SnsClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    public DynamoDbClient dynamoDb() {
        return configure(DynamoDbClient.builder()).httpClient(UrlConnectionHttpClient.create()).build();
    }

    private <B extends AwsClientBuilder<B, ?>> B configure(B builder) {
        String region = env.get("AWS_REGION");
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("AWS_REGION must be set");
        }
        builder.region(Region.of(region)).credentialsProvider(credentials());
        String endpoint = env.get("AWS_ENDPOINT_URL");
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder;
    }

    private AwsCredentialsProvider credentials() {
        String key = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        // On Lambda the default chain must win: its credentials rotate, and a SnapStart snapshot must not freeze them.
        boolean onLambda = env.containsKey("AWS_LAMBDA_FUNCTION_NAME");
        if (!onLambda && key != null && !key.isBlank() && secret != null) {
            return StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret));
        }
        return DefaultCredentialsProvider.builder().build();
    }
}
