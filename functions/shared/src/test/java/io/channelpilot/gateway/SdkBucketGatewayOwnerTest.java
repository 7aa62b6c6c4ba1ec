package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Issue 13 "expected bucket owner where S3 is reached": validation's bucket reads (location, encryption, logging of the
 * DLQ bucket) carry {@code x-amz-expected-bucket-owner} = the stack's account, so a bucket of that name in another
 * account is never described as ours; {@link AwsClients#gateways} passes the account of the stack's service role.
 */
class SdkBucketGatewayOwnerTest {

    private static final String ACCOUNT = "123456789012";

    @Test
    void shouldNameTheStacksAccountAsExpectedOwnerOnEveryBucketRead() throws Exception {
        List<String> owners = new CopyOnWriteArrayList<>();
        try (LoopbackAws aws = new LoopbackAws(r -> LoopbackAws.Response.xml(200,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><LocationConstraint xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"/>"));
             S3Client s3 = client(aws, owners)) {
            SdkBucketGateway gateway = new SdkBucketGateway(s3, ACCOUNT);
            gateway.region("dlq");
            gateway.encryption("dlq");
            gateway.accessLogging("dlq");
            assertThat(owners).containsExactly(ACCOUNT, ACCOUNT, ACCOUNT);

            owners.clear();
            new SdkBucketGateway(s3, "").region("dlq");
            assertThat(owners).as("no account known: no header").containsExactly("-");
        }
    }

    @Test
    void shouldTakeTheOwnerFromTheStacksServiceRole() throws Exception {
        try (LoopbackAws aws = new LoopbackAws(r -> LoopbackAws.Response.xml(200, "<BucketLoggingStatus/>"))) {
            java.util.Map<String, String> config = new java.util.HashMap<>(aws.config());
            config.put("CHANNEL_PILOT_SERVICE_ROLE_ARN", "arn:aws:iam::" + ACCOUNT + ":role/channel-pilot-delivery");
            Gateways.All all = AwsClients.from(config).gateways(java.time.Clock.systemUTC());
            all.buckets().accessLogging("dlq");
            assertThat(aws.requests).singleElement().satisfies(r -> assertThat(r.path()).startsWith("/dlq"));
            assertThat(aws.expectedOwners).containsExactly(ACCOUNT);
        }
    }

    private static S3Client client(LoopbackAws aws, List<String> owners) {
        return S3Client.builder().endpointOverride(URI.create(aws.endpoint())).region(Region.US_EAST_1).forcePathStyle(true)
                .httpClient(UrlConnectionHttpClient.create())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .overrideConfiguration(c -> c.addExecutionInterceptor(new ExecutionInterceptor() {
                    @Override
                    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
                        owners.add(context.httpRequest().firstMatchingHeader("x-amz-expected-bucket-owner").orElse("-"));
                    }
                })).build();
    }
}
