package io.channelpilot.reconcile;

import java.net.URI;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.SfnClientBuilder;

/**
 * The Step Functions client with the conventions of {@code io.channelpilot.gateway.AwsClients} (explicit
 * {@code AWS_REGION}, url-connection HTTP client, {@code AWS_ENDPOINT_URL_SFN} else {@code AWS_ENDPOINT_URL}, static
 * keys when given, {@code AWS_MAX_ATTEMPTS}). Neither AwsClients nor ProvisioningClients builds one yet; once they do, this class goes.
 */
final class SfnClients {

    private SfnClients() {
    }

    /** With explicit credentials (the operator CLI runs the sweep with its own). */
    static SfnClient from(Map<String, String> env, software.amazon.awssdk.auth.credentials.AwsCredentialsProvider credentials) {
        SfnClientBuilder builder = SfnClient.builder().region(Region.of(env.get("AWS_REGION"))).httpClient(UrlConnectionHttpClient.create())
                .credentialsProvider(credentials);
        String endpoint = env.getOrDefault("AWS_ENDPOINT_URL_SFN", env.get("AWS_ENDPOINT_URL"));
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return io.channelpilot.gateway.AwsClients.withMaxAttempts(env, builder).build();
    }

    static SfnClient from(Map<String, String> env) {
        String region = env.get("AWS_REGION");
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("AWS_REGION is required to build AWS clients");
        }
        SfnClientBuilder builder = SfnClient.builder().region(Region.of(region)).httpClient(UrlConnectionHttpClient.create());
        String key = env.get("AWS_ACCESS_KEY_ID");
        String secret = env.get("AWS_SECRET_ACCESS_KEY");
        String token = env.get("AWS_SESSION_TOKEN");
        if (key != null && secret != null && !key.isBlank() && !secret.isBlank()) {
            builder.credentialsProvider(StaticCredentialsProvider.create(token == null || token.isBlank()
                    ? AwsBasicCredentials.create(key, secret) : AwsSessionCredentials.create(key, secret, token)));
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        String endpoint = env.getOrDefault("AWS_ENDPOINT_URL_SFN", env.get("AWS_ENDPOINT_URL"));
        if (endpoint != null && !endpoint.isBlank()) {
            builder.endpointOverride(URI.create(endpoint));
        }
        return io.channelpilot.gateway.AwsClients.withMaxAttempts(env, builder).build();
    }
}
