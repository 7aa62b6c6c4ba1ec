package io.channelpilot.local.world.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.NotFoundException;
import software.amazon.awssdk.services.kafka.model.TooManyRequestsException;
import software.amazon.awssdk.services.sns.SnsClient;

/** The shared endpoint routes by signing name and renders errors the way each SDK protocol parses them. */
class EmulatorServerTest {

    private EmulatorServer server;

    /** A minimal emulator that fails every call with a fixed error, to pin error rendering per protocol. */
    private record Failing(String signingName, Protocol protocol, AwsServiceError error) implements ServiceEmulator {
        @Override
        public String operationOf(AwsRequest request) {
            return request.targetOperation().orElse("Any");
        }

        @Override
        public AwsResponse handle(AwsRequest request, String operation) {
            throw error;
        }

        @Override
        public AwsServiceError throttlingError() {
            return new AwsServiceError(429, "TooManyRequestsException", "Too many requests");
        }
    }

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(42, d -> { }));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void shouldRaiseModeledRestJsonExceptionFromErrorTypeHeader() {
        server.register(new Failing("kafka", Protocol.REST_JSON,
                new AwsServiceError(404, "NotFoundException", "no such channel")));
        try (KafkaClient kafka = client(KafkaClient.builder())) {
            assertThatThrownBy(() -> kafka.describeChannel(r -> r.clusterArn("arn:c").channelArn("arn:ch")))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessageContaining("no such channel");
        }
        assertThat(server.calls().count("kafka:Any")).isEqualTo(1);
    }

    @Test
    void shouldRaiseCborErrorCodeForCloudWatch() {
        server.register(new Failing("monitoring", Protocol.RPC_V2_CBOR,
                new AwsServiceError(400, "InvalidParameterValue", "bad metric")));
        try (CloudWatchClient cw = client(CloudWatchClient.builder())) {
            assertThatThrownBy(() -> cw.putMetricData(r -> r.namespace("x").metricData(m -> m.metricName("m").value(1.0))))
                    .isInstanceOfSatisfying(AwsServiceException.class,
                            e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue"));
        }
    }

    @Test
    void shouldRaiseQueryErrorCodeForSns() {
        server.register(new Failing("sns", Protocol.AWS_QUERY,
                new AwsServiceError(404, "NotFound", "Topic does not exist")));
        try (SnsClient sns = client(SnsClient.builder())) {
            assertThatThrownBy(() -> sns.publish(r -> r.topicArn("arn:aws:sns:us-east-1:123456789012:t").message("m")))
                    .isInstanceOfSatisfying(AwsServiceException.class,
                            e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("NotFound"));
        }
    }

    @Test
    void shouldInjectScriptedThrottlingBeforeTheEmulatorRuns() {
        server.register(new Failing("kafka", Protocol.REST_JSON,
                new AwsServiceError(404, "NotFoundException", "no such channel")));
        server.faults().add(new FaultRule("kafka:*", 0, 0, Duration.ZERO,
                List.of(new FaultRule.ScriptedFailure(1, 1, 429, "TooManyRequestsException", "slow down"))));
        try (KafkaClient kafka = client(KafkaClient.builder())) {
            assertThatThrownBy(() -> kafka.describeChannel(r -> r.clusterArn("arn:c").channelArn("arn:ch")))
                    .isInstanceOf(TooManyRequestsException.class);
            assertThatThrownBy(() -> kafka.describeChannel(r -> r.clusterArn("arn:c").channelArn("arn:ch")))
                    .isInstanceOf(NotFoundException.class);
        }
        assertThat(server.calls().faultsInjected()).isEqualTo(1);
    }

    @Test
    void shouldCarryTheCallOutAndStillAnswer5xxWhenTheResponseIsLost() {
        // given an emulator that counts what it carried out, and every kafka call's response lost
        java.util.concurrent.atomic.AtomicInteger handled = new java.util.concurrent.atomic.AtomicInteger();
        server.register(new ServiceEmulator() {
            public String signingName() {
                return "kafka";
            }

            public Protocol protocol() {
                return Protocol.REST_JSON;
            }

            public String operationOf(AwsRequest request) {
                return "DescribeChannel";
            }

            public AwsResponse handle(AwsRequest request, String operation) {
                handled.incrementAndGet();
                throw new AwsServiceError(404, "NotFoundException", "no such channel");
            }

            public AwsServiceError throttlingError() {
                return new AwsServiceError(429, "TooManyRequestsException", "Too many requests");
            }
        });
        server.faults().add(new FaultRule("kafka:*", 0, 0, Duration.ZERO, List.of(), 1.0));
        try (KafkaClient kafka = client(KafkaClient.builder())) {
            // when / then the caller sees a 5xx, but the emulator ran the call (once per SDK attempt)
            assertThatThrownBy(() -> kafka.describeChannel(r -> r.clusterArn("arn:c").channelArn("arn:ch")))
                    .isInstanceOfSatisfying(AwsServiceException.class, e -> assertThat(e.statusCode()).isEqualTo(500));
        }
        assertThat(handled.get()).isPositive().isEqualTo(server.calls().count("kafka:DescribeChannel"));
        assertThat(server.calls().calls()).allSatisfy(c -> assertThat(c.fault()).isEqualTo("5xx-after"));
    }

    @Test
    void shouldRefuseFaultRatesAddingUpToMoreThanOne() {
        assertThatThrownBy(() -> new FaultRule("*", 0.5, 0.3, Duration.ZERO, List.of(), 0.3))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("serverErrorAfterRate");
    }

    @Test
    void shouldAnswerUnknownServiceWithClearError() {
        try (KafkaClient kafka = client(KafkaClient.builder())) {
            assertThatThrownBy(() -> kafka.describeChannel(r -> r.clusterArn("arn:c").channelArn("arn:ch")))
                    .hasMessageContaining("does not emulate service 'kafka'");
        }
    }

    private <B extends software.amazon.awssdk.awscore.client.builder.AwsClientBuilder<B, C>
            & software.amazon.awssdk.core.client.builder.SdkSyncClientBuilder<B, C>, C> C client(B builder) {
        return builder.endpointOverride(server.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }
}
