package io.channelpilot.resolve;

import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;

/**
 * The status-table client, built with the conventions of {@code io.channelpilot.gateway.AwsClients} (explicit
 * {@code AWS_REGION}, url-connection HTTP client, {@code AWS_ENDPOINT_URL_DYNAMODB} else {@code AWS_ENDPOINT_URL},
 * static keys when given). AwsClients has no DynamoDB client yet; once it does, this class goes.
 */
final class DynamoDbClients {

    private DynamoDbClients() {
    }

    static DynamoDbClient from(Map<String, String> env) {
        String region = env.get("AWS_REGION");
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("AWS_REGION is required to build AWS clients");
        }
        DynamoDbClientBuilder builder = DynamoDbClient.builder().region(Region.of(region)).httpClient(UrlConnectionHttpClient.create());
        String key = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        boolean staticKeys = key != null && secret != null && !key.isBlank() && !secret.isBlank() && env.get("AWS_SESSION_TOKEN") == null;
        builder.credentialsProvider(staticKeys ? StaticCredentialsProvider.create(AwsBasicCredentials.create(key, secret))
                : DefaultCredentialsProvider.builder().build());
        String endpoint = env.getOrDefault("AWS_ENDPOINT_URL_DYNAMODB", env.get("AWS_ENDPOINT_URL"));
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return builder.build();
    }
}
