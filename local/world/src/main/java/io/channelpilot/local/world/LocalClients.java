package io.channelpilot.local.world;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.core.client.builder.SdkSyncClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * Real SDK v2 clients pointed at the world's endpoint: explicit region, static dummy credentials, the URL-connection
 * HTTP client. Nothing here can reach IMDS or a real AWS endpoint.
 */
public final class LocalClients {

    public static final String ACCESS_KEY = "test";
    public static final String SECRET_KEY = "test";

    private LocalClients() {
    }

    public static <B extends AwsClientBuilder<B, C> & SdkSyncClientBuilder<B, C>, C> C build(B builder, URI endpoint,
                                                                                           String region) {
        return builder.endpointOverride(endpoint)
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    public static S3Client s3(URI endpoint, String region) {
        return build(S3Client.builder(), endpoint, region);
    }

    public static DynamoDbClient dynamo(URI endpoint, String region) {
        return build(DynamoDbClient.builder(), endpoint, region);
    }

    public static SnsClient sns(URI endpoint, String region) {
        return build(SnsClient.builder(), endpoint, region);
    }
}
