package io.channelpilot.reconcile.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.channelpilot.gateway.ClusterReadException;
import io.channelpilot.workflow.AwsThrottled;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.ChannelInfo;
import software.amazon.awssdk.services.kafka.model.KafkaException;
import software.amazon.awssdk.services.kafka.model.ListChannelsRequest;
import software.amazon.awssdk.services.kafka.model.ListChannelsResponse;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.SfnException;
import software.amazon.awssdk.services.sfn.model.StartExecutionResponse;

/** The SDK seams (Mockito on the client interfaces only): pages are followed and counted, errors classified by code. */
class SdkGatewaysTest {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";

    private final ApiCalls calls = new ApiCalls();

    @Test
    @SuppressWarnings("unchecked")
    void shouldFollowListChannelsPagesAndCountEachPage() {
        // given two pages
        KafkaClient kafka = mock(KafkaClient.class);
        when(kafka.listChannels(any(Consumer.class))).thenAnswer(inv -> {
            ListChannelsRequest.Builder b = ListChannelsRequest.builder();
            ((Consumer<ListChannelsRequest.Builder>) inv.getArgument(0)).accept(b);
            ListChannelsRequest r = b.build();
            return r.nextToken() == null
                    ? ListChannelsResponse.builder().channels(ChannelInfo.builder().channelArn("arn:1").channelName("a").status("ACTIVE").build())
                    .nextToken("t2").build()
                    : ListChannelsResponse.builder().channels(ChannelInfo.builder().channelArn("arn:2").channelName("b").status("CREATING").build())
                    .build();
        });

        // when
        var channels = new SdkFleet(kafka, calls).channels(CLUSTER);

        // then
        assertThat(channels).extracting(Fleet.ListedChannel::name).containsExactly("a", "b");
        assertThat(calls.of("kafka:ListChannels")).isEqualTo(2);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldClassifyThrottlingAsRetryableAndDenialAsReadDenied() {
        KafkaClient kafka = mock(KafkaClient.class);
        when(kafka.listTopics(any(Consumer.class))).thenThrow(error(429, "TooManyRequestsException"));
        assertThatThrownBy(() -> new SdkFleet(kafka, calls).topics(CLUSTER)).isInstanceOf(AwsThrottled.class);

        KafkaClient denied = mock(KafkaClient.class);
        when(denied.listTopics(any(Consumer.class))).thenThrow(error(403, "AccessDeniedException"));
        assertThatThrownBy(() -> new SdkFleet(denied, calls).topics(CLUSTER)).isInstanceOf(ClusterReadException.class)
                .satisfies(e -> assertThat(((ClusterReadException) e).code()).isEqualTo(ClusterReadException.Code.READ_DENIED))
                .hasMessageContaining("HTTP 403 (AccessDeniedException)");
    }

    @Test
    void shouldReportAlreadyStartedThrottledAndFailedStartsByErrorCode() {
        assertThat(start(null)).isEqualTo(Executions.StartResult.STARTED);
        assertThat(start(sfnError(400, "ExecutionAlreadyExists"))).isEqualTo(Executions.StartResult.ALREADY_STARTED);
        assertThat(start(sfnError(400, "ThrottlingException"))).isEqualTo(Executions.StartResult.THROTTLED);
        assertThat(start(sfnError(500, "InternalFailure"))).isEqualTo(Executions.StartResult.THROTTLED);
        assertThat(start(sfnError(403, "AccessDeniedException"))).isEqualTo(Executions.StartResult.FAILED);
        assertThat(calls.of("states:StartExecution")).isEqualTo(5);
    }

    @SuppressWarnings("unchecked")
    private Executions.StartResult start(SfnException failure) {
        SfnClient sfn = mock(SfnClient.class);
        if (failure == null) {
            when(sfn.startExecution(any(Consumer.class))).thenReturn(StartExecutionResponse.builder().executionArn("arn:e").build());
        } else {
            when(sfn.startExecution(any(Consumer.class))).thenThrow(failure);
        }
        return new SdkExecutions(sfn, "arn:aws:states:us-east-1:123456789012:stateMachine:P", calls).start("n", "{}");
    }

    private static KafkaException error(int status, String code) {
        return (KafkaException) KafkaException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build()).build();
    }

    private static SfnException sfnError(int status, String code) {
        return (SfnException) SfnException.builder().statusCode(status)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).build()).build();
    }
}
