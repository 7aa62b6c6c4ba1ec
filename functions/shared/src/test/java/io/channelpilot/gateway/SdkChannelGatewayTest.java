package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.gateway.ChannelGateway.CreateOutcome;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.workflow.AwsRequestRefused;
import io.channelpilot.workflow.AwsThrottled;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.kafka.KafkaClient;

class SdkChannelGatewayTest {

    private static final String CHANNEL_ARN = "arn:aws:kafka:us-east-1:123456789012:channel/demo/uuid-1/orders-94bb38de00/c-1";

    private LoopbackServer server;
    private KafkaClient kafka;
    private SdkChannelGateway gateway;
    private final ChannelSpec spec = TestSpecs.orders();

    @BeforeEach
    void start() throws Exception {
        server = new LoopbackServer();
        kafka = KafkaClient.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("id", "secret")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
        gateway = new SdkChannelGateway(kafka);
    }

    @AfterEach
    void stop() {
        kafka.close();
        server.close();
    }

    @Test
    void shouldReturnCreatedWithOperationWhenCreateSucceeds() {
        server.answer(200, "{\"channelArn\":\"" + CHANNEL_ARN + "\",\"clusterOperationArn\":\"op-1\"}");

        CreateOutcome outcome = gateway.create(spec, OwnershipTags.of(spec, "channel-pilot-test"));

        assertThat(outcome).isEqualTo(new CreateOutcome.Created(new ChannelGateway.ChannelOperation(CHANNEL_ARN, "op-1")));
        LoopbackServer.Request request = server.requests.get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/clusters/arn%3Aaws%3Akafka%3Aus-east-1%3A123456789012%3Acluster%2Fdemo%2F"
                + "1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1/channels");
        assertThat(request.body()).contains("\"channelName\":\"orders-94bb38de00\"")
                .contains("\"" + OwnershipTags.MANAGED_BY + "\":\"channel-pilot-test\"")
                .contains("\"" + OwnershipTags.FINGERPRINT + "\":\"" + spec.fingerprint() + "\"");
    }

    @Test
    void shouldReturnNameTakenWhenCreateConflicts() {
        server.fail(409, "ConflictException", "{\"message\":\"Channel already exists\"}");

        assertThat(gateway.create(spec, OwnershipTags.of(spec, "channel-pilot-test")))
                .isEqualTo(new CreateOutcome.NameTaken("orders-94bb38de00"));
    }

    @Test
    void shouldFindChannelByNameAcrossPagesAndDescribeItForTags() {
        server.answer(200, "{\"channels\":[{\"channelArn\":\"arn:other\",\"channelName\":\"orders-other\",\"status\":\"ACTIVE\","
                        + "\"creationTime\":\"2026-05-01T10:00:00Z\",\"destinationType\":\"ICEBERG\"}],\"nextToken\":\"page 2\"}")
                .answer(200, "{\"channels\":[{\"channelArn\":\"" + CHANNEL_ARN + "\",\"channelName\":\"orders-94bb38de00\","
                        + "\"status\":\"CREATING\",\"creationTime\":\"2026-05-01T10:00:00Z\",\"destinationType\":\"ICEBERG\"}]}")
                .answer(200, describeBody("CREATING", "", "op-9"));

        Optional<ChannelDescription> found = gateway.findByName(spec.clusterArn(), "orders", "orders-94bb38de00");

        assertThat(found).isPresent();
        assertThat(found.get().status()).isEqualTo("CREATING");
        assertThat(found.get().freshnessSeconds()).isEqualTo(600);
        assertThat(found.get().tags()).containsEntry(OwnershipTags.MANAGED_BY, "channel-pilot-test");
        assertThat(found.get().clusterOperationArn()).isEqualTo("op-9");
        assertThat(server.requests.get(0).query()).contains("topicNameFilter=orders").contains("maxResults=100");
        assertThat(server.requests.get(1).query()).contains("nextToken=page%202");
        assertThat(server.requests.get(2).method()).isEqualTo("GET");
    }

    @Test
    void shouldReturnEmptyWhenNoChannelHasTheName() {
        server.answer(200, "{\"channels\":[]}");

        assertThat(gateway.findByName(spec.clusterArn(), "orders", "orders-94bb38de00")).isEmpty();
    }

    @Test
    void shouldMapStateInfoWhenChannelFailed() {
        server.answer(200, describeBody("FAILED", "{\"code\":\"InvalidSchema\",\"message\":\"schema not found\"}", null));

        ChannelDescription d = gateway.describe(spec.clusterArn(), CHANNEL_ARN).orElseThrow();

        assertThat(d.status()).isEqualTo("FAILED");
        assertThat(d.stateCode()).isEqualTo("InvalidSchema");
        assertThat(d.stateMessage()).isEqualTo("schema not found");
    }

    @Test
    void shouldReturnEmptyWhenDescribeIsNotFound() {
        server.fail(404, "NotFoundException", "{\"message\":\"no such channel\"}");

        assertThat(gateway.describe(spec.clusterArn(), CHANNEL_ARN)).isEmpty();
    }

    @Test
    void shouldSendOnlyFreshnessWhenUpdating() {
        server.answer(200, "{\"channelArn\":\"" + CHANNEL_ARN + "\",\"clusterOperationArn\":\"op-2\"}");

        ChannelGateway.ChannelOperation op = gateway.updateFreshness(spec.clusterArn(), CHANNEL_ARN, 300);

        assertThat(op.clusterOperationArn()).isEqualTo("op-2");
        assertThat(server.requests.get(0).method()).isEqualTo("PUT");
        assertThat(server.requests.get(0).body()).isEqualTo("{\"icebergDestinationUpdate\":{\"dataFreshnessInSeconds\":300}}");
    }

    @Test
    void shouldTolerateNotFoundWhenDeleting() {
        server.fail(404, "NotFoundException", "{\"message\":\"gone\"}");

        assertThat(gateway.delete(spec.clusterArn(), CHANNEL_ARN)).isEmpty();
    }

    @Test
    void shouldUntagChannelAndTolerateNotFound() {
        server.answer(200, "").fail(404, "NotFoundException", "{\"message\":\"gone\"}");

        gateway.untag(CHANNEL_ARN, java.util.List.of(OwnershipTags.MANAGED_BY, OwnershipTags.FINGERPRINT));
        gateway.untag(CHANNEL_ARN, java.util.List.of(OwnershipTags.MANAGED_BY));

        LoopbackServer.Request request = server.requests.get(0);
        assertThat(request.method()).isEqualTo("DELETE");
        assertThat(request.path()).startsWith("/v1/tags/arn%3Aaws%3Akafka");
        assertThat(request.query()).contains("tagKeys=channel-pilot%2Fmanaged-by").contains("tagKeys=channel-pilot%2Ffingerprint");
    }

    @Test
    void shouldThrowAwsThrottledWhenTooManyRequests() {
        server.fail(429, "TooManyRequestsException", "{\"message\":\"slow down\"}");

        assertThatThrownBy(() -> gateway.describe(spec.clusterArn(), CHANNEL_ARN)).isInstanceOf(AwsThrottled.class)
                .hasMessageContaining("kafka DescribeChannel");
    }

    @Test
    void shouldThrowAwsThrottledWhenServiceUnavailable() {
        server.fail(503, "ServiceUnavailableException", "{\"message\":\"down\"}");

        assertThatThrownBy(() -> gateway.create(spec, java.util.Map.of())).isInstanceOf(AwsThrottled.class);
    }

    @Test
    void shouldNamePermissionWhenAccessDenied() {
        server.fail(403, "ForbiddenException", "{\"message\":\"denied\"}");

        assertThatThrownBy(() -> gateway.create(spec, java.util.Map.of())).isInstanceOf(AwsRequestRefused.class)
                .hasMessageStartingWith("AWS_ACCESS_DENIED: kafka CreateChannel was denied (ForbiddenException); grant kafka:CreateChannel")
                .extracting(e -> ((AwsRequestRefused) e).code()).isEqualTo(AwsRequestRefused.ACCESS_DENIED);
    }

    @Test
    void shouldNameFieldWhenRequestInvalid() {
        server.fail(400, "BadRequestException", "{\"message\":\"bad\",\"invalidParameter\":\"sourceList\"}");

        assertThatThrownBy(() -> gateway.create(spec, java.util.Map.of())).isInstanceOf(AwsRequestRefused.class)
                .hasMessageContaining("AWS_INVALID_REQUEST").hasMessageContaining("field sourceList");
    }

    private String describeBody(String status, String stateInfo, String operation) {
        return "{\"channelArn\":\"" + CHANNEL_ARN + "\",\"channelName\":\"orders-94bb38de00\",\"status\":\"" + status + "\","
                + "\"destinationType\":\"ICEBERG\",\"creationTime\":\"2026-05-01T10:00:00Z\",\"topicConfigurationList\":[],"
                + "\"icebergDestinationConfiguration\":{\"dataFreshnessInSeconds\":600,\"appendOnly\":true},"
                + (stateInfo.isEmpty() ? "" : "\"stateInfo\":" + stateInfo + ",")
                + (operation == null ? "" : "\"clusterOperationArn\":\"" + operation + "\",")
                + "\"tags\":{\"" + OwnershipTags.MANAGED_BY + "\":\"channel-pilot-test\"}}";
    }
}
