package io.channelpilot.local.world.cloudwatch;

import io.channelpilot.local.world.http.EmulatorServer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.client.builder.AwsClientBuilder;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.client.builder.SdkSyncClientBuilder;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;

/** Real SDK v2 clients pointed at the loopback emulator: static dummy credentials, no retries, url-connection. */
public final class SdkTestClients {

    private SdkTestClients() {
    }

    public static <B extends AwsClientBuilder<B, C> & SdkSyncClientBuilder<B, C>, C> C client(B builder,
                                                                                             EmulatorServer server) {
        return builder.endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }
}
