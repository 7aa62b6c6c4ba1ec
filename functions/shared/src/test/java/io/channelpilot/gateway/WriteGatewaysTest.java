package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.channelpilot.gateway.AlarmGateway.AlarmSpec;
import io.channelpilot.gateway.GrantGateway.NamespaceGrant;
import io.channelpilot.gateway.GrantGateway.Target;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.workflow.AwsThrottled;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.DeleteAlarmsRequest;
import software.amazon.awssdk.services.cloudwatch.model.PutMetricAlarmRequest;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.cloudwatchlogs.model.CreateLogGroupRequest;
import software.amazon.awssdk.services.cloudwatchlogs.model.DescribeLogGroupsRequest;
import software.amazon.awssdk.services.cloudwatchlogs.model.DescribeLogGroupsResponse;
import software.amazon.awssdk.services.cloudwatchlogs.model.LogGroup;
import software.amazon.awssdk.services.cloudwatchlogs.model.PutRetentionPolicyRequest;
import software.amazon.awssdk.services.cloudwatchlogs.model.ResourceAlreadyExistsException;
import software.amazon.awssdk.services.lakeformation.LakeFormationClient;
import software.amazon.awssdk.services.lakeformation.model.AlreadyExistsException;
import software.amazon.awssdk.services.lakeformation.model.GrantPermissionsRequest;
import software.amazon.awssdk.services.lakeformation.model.ListPermissionsRequest;
import software.amazon.awssdk.services.lakeformation.model.ListPermissionsResponse;
import software.amazon.awssdk.services.lakeformation.model.Permission;
import software.amazon.awssdk.services.lakeformation.model.PrincipalResourcePermissions;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sns.model.PublishRequest;
import software.amazon.awssdk.services.sns.model.PublishResponse;

/** SDK seams of the write-side gateways, with Mockito on the client interfaces (CloudWatch speaks CBOR, pitfall P3). */
class WriteGatewaysTest {

    private static final String GROUP = "/aws/msk/channel-pilot/orders-94bb38de00";
    private static final String KEY = "arn:aws:kms:us-east-1:123456789012:key/11111111-2222-3333-4444-555555555555";

    @Test
    void shouldCreateLogGroupWithKmsAndRetentionWhenMissing() {
        CloudWatchLogsClient logs = mock(CloudWatchLogsClient.class);
        when(logs.describeLogGroups(any(DescribeLogGroupsRequest.class))).thenReturn(DescribeLogGroupsResponse.builder()
                .logGroups(LogGroup.builder().logGroupName(GROUP + "-other").build()).build());

        LogGroupGateway.LogGroupState state = new SdkLogGroupGateway(logs).ensure(GROUP, 30, Optional.of(KEY));

        assertThat(state.created()).isTrue();
        ArgumentCaptor<CreateLogGroupRequest> create = ArgumentCaptor.forClass(CreateLogGroupRequest.class);
        verify(logs).createLogGroup(create.capture());
        assertThat(create.getValue().logGroupName()).isEqualTo(GROUP);
        assertThat(create.getValue().kmsKeyId()).isEqualTo(KEY);
        verify(logs).putRetentionPolicy(PutRetentionPolicyRequest.builder().logGroupName(GROUP).retentionInDays(30).build());
    }

    @Test
    void shouldNotWriteWhenLogGroupExistsWithSameRetention() {
        CloudWatchLogsClient logs = mock(CloudWatchLogsClient.class);
        when(logs.describeLogGroups(any(DescribeLogGroupsRequest.class))).thenReturn(DescribeLogGroupsResponse.builder()
                .logGroups(LogGroup.builder().logGroupName(GROUP).retentionInDays(30).build()).build());

        LogGroupGateway.LogGroupState state = new SdkLogGroupGateway(logs).ensure(GROUP, 30, Optional.empty());

        assertThat(state.created()).isFalse();
        verify(logs, never()).createLogGroup(any(CreateLogGroupRequest.class));
        verify(logs, never()).putRetentionPolicy(any(PutRetentionPolicyRequest.class));
    }

    @Test
    void shouldTreatConcurrentCreationAsExistingWhenAlreadyExists() {
        CloudWatchLogsClient logs = mock(CloudWatchLogsClient.class);
        when(logs.describeLogGroups(any(DescribeLogGroupsRequest.class))).thenReturn(DescribeLogGroupsResponse.builder().build());
        when(logs.createLogGroup(any(CreateLogGroupRequest.class))).thenThrow(ResourceAlreadyExistsException.builder()
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ResourceAlreadyExistsException").build()).statusCode(400).build());

        LogGroupGateway.LogGroupState state = new SdkLogGroupGateway(logs).ensure(GROUP, 14, Optional.empty());

        assertThat(state.created()).isFalse();
        verify(logs).putRetentionPolicy(any(PutRetentionPolicyRequest.class));
    }

    @Test
    void shouldMapEveryAlarmFieldWhenPutting() {
        CloudWatchClient cw = mock(CloudWatchClient.class);
        AlarmSpec spec = new AlarmSpec("channel-pilot-c-FailedRowCount", "d", "AWS/Kafka", "DeliveryToIceberg.FailedRowCount",
                Map.of("ChannelName", "c"), "Sum", 60, 5, 5, 0, "GreaterThanThreshold", "notBreaching");

        new SdkAlarmGateway(cw).put(spec);

        ArgumentCaptor<PutMetricAlarmRequest> put = ArgumentCaptor.forClass(PutMetricAlarmRequest.class);
        verify(cw).putMetricAlarm(put.capture());
        PutMetricAlarmRequest r = put.getValue();
        assertThat(r.alarmName()).isEqualTo("channel-pilot-c-FailedRowCount");
        assertThat(r.namespace()).isEqualTo("AWS/Kafka");
        assertThat(r.statisticAsString()).isEqualTo("Sum");
        assertThat(r.period()).isEqualTo(60);
        assertThat(r.evaluationPeriods()).isEqualTo(5);
        assertThat(r.datapointsToAlarm()).isEqualTo(5);
        assertThat(r.threshold()).isEqualTo(0.0);
        assertThat(r.comparisonOperatorAsString()).isEqualTo("GreaterThanThreshold");
        assertThat(r.treatMissingData()).isEqualTo("notBreaching");
        assertThat(r.dimensions()).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("ChannelName");
            assertThat(d.value()).isEqualTo("c");
        });
    }

    @Test
    void shouldDeleteAlarmsInBatchesOfHundred() {
        CloudWatchClient cw = mock(CloudWatchClient.class);
        List<String> names = IntStream.range(0, 150).mapToObj(i -> "channel-pilot-" + i).toList();

        new SdkAlarmGateway(cw).delete(names);

        ArgumentCaptor<DeleteAlarmsRequest> delete = ArgumentCaptor.forClass(DeleteAlarmsRequest.class);
        verify(cw, times(2)).deleteAlarms(delete.capture());
        assertThat(delete.getAllValues()).extracting(r -> r.alarmNames().size()).containsExactly(100, 50);
    }

    @Test
    void shouldDeleteOneByOneWhenBatchAnswersResourceNotFound() {
        // given: CloudWatch refuses the batch because one name is gone (and may have deleted nothing)
        CloudWatchClient cw = mock(CloudWatchClient.class);
        AwsServiceException notFound = AwsServiceException.builder().statusCode(404)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ResourceNotFound").build()).build();
        List<String> batch = List.of("channel-pilot-c-DataFreshness", "channel-pilot-c-FailedRowCount");
        when(cw.deleteAlarms(DeleteAlarmsRequest.builder().alarmNames(batch).build())).thenThrow(notFound);
        when(cw.deleteAlarms(DeleteAlarmsRequest.builder().alarmNames("channel-pilot-c-DataFreshness").build())).thenThrow(notFound);

        new SdkAlarmGateway(cw).delete(batch);

        verify(cw).deleteAlarms(DeleteAlarmsRequest.builder().alarmNames("channel-pilot-c-FailedRowCount").build());
        verify(cw, times(3)).deleteAlarms(any(DeleteAlarmsRequest.class));
    }

    @Test
    void shouldGrantOnlyMissingPermissionsWhenSomeExist() {
        LakeFormationClient lf = mock(LakeFormationClient.class);
        when(lf.listPermissions(any(ListPermissionsRequest.class))).thenReturn(ListPermissionsResponse.builder()
                .principalResourcePermissions(PrincipalResourcePermissions.builder()
                        .principal(p -> p.dataLakePrincipalIdentifier("arn:aws:iam::123456789012:role/analysts"))
                        .permissions(Permission.DESCRIBE).build()).build());
        NamespaceGrant grant = new NamespaceGrant("arn:aws:iam::123456789012:role/analysts", "123456789012:s3tablescatalog/lake",
                "sales", Target.TABLE_WILDCARD, Set.of("SELECT", "DESCRIBE"));

        GrantGateway.GrantState state = new SdkGrantGateway(lf).ensure(grant);

        assertThat(state.granted()).containsExactly("SELECT");
        assertThat(state.resource()).isEqualTo("123456789012:s3tablescatalog/lake/sales/*");
        ArgumentCaptor<GrantPermissionsRequest> request = ArgumentCaptor.forClass(GrantPermissionsRequest.class);
        verify(lf).grantPermissions(request.capture());
        assertThat(request.getValue().permissionsAsStrings()).containsExactly("SELECT");
        assertThat(request.getValue().resource().table().catalogId()).isEqualTo("123456789012:s3tablescatalog/lake");
        assertThat(request.getValue().resource().table().databaseName()).isEqualTo("sales");
        assertThat(request.getValue().resource().table().tableWildcard()).isNotNull();
    }

    @Test
    void shouldNotGrantWhenAllPermissionsExist() {
        LakeFormationClient lf = mock(LakeFormationClient.class);
        when(lf.listPermissions(any(ListPermissionsRequest.class))).thenReturn(ListPermissionsResponse.builder()
                .principalResourcePermissions(PrincipalResourcePermissions.builder().permissions(Permission.DESCRIBE).build()).build());
        NamespaceGrant grant = new NamespaceGrant("p", "c", "sales", Target.DATABASE, Set.of("DESCRIBE"));

        assertThat(new SdkGrantGateway(lf).ensure(grant).granted()).isEmpty();
        verify(lf, never()).grantPermissions(any(GrantPermissionsRequest.class));
    }

    @Test
    void shouldTolerateAlreadyExistsWhenGranting() {
        LakeFormationClient lf = mock(LakeFormationClient.class);
        when(lf.listPermissions(any(ListPermissionsRequest.class))).thenReturn(ListPermissionsResponse.builder().build());
        when(lf.grantPermissions(any(GrantPermissionsRequest.class))).thenThrow(AlreadyExistsException.builder()
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("AlreadyExistsException").build()).statusCode(400).build());

        GrantGateway.GrantState state = new SdkGrantGateway(lf).ensure(new NamespaceGrant("p", "c", "sales", Target.DATABASE,
                Set.of("DESCRIBE")));

        assertThat(state.permissions()).containsExactly("DESCRIBE");
    }

    @Test
    void shouldPublishJsonStructureSubjectAndStringAttributes() {
        SnsClient sns = mock(SnsClient.class);
        when(sns.publish(any(PublishRequest.class))).thenReturn(PublishResponse.builder().messageId("m-1").build());
        RenderedNotification message = new RenderedNotification("[Channel Pilot] INFO t", "{\"default\":\"{}\",\"email\":\"e\"}",
                "{}", "e", Map.of("kind", "CHANNEL_ACTIVE", "owner", "team-sales"));

        String id = new SnsNotificationPublisher(sns, "arn:aws:sns:us-east-1:123456789012:channel-pilot").publish(message);

        assertThat(id).isEqualTo("m-1");
        ArgumentCaptor<PublishRequest> publish = ArgumentCaptor.forClass(PublishRequest.class);
        verify(sns).publish(publish.capture());
        assertThat(publish.getValue().messageStructure()).isEqualTo("json");
        assertThat(publish.getValue().subject()).isEqualTo("[Channel Pilot] INFO t");
        assertThat(publish.getValue().topicArn()).isEqualTo("arn:aws:sns:us-east-1:123456789012:channel-pilot");
        assertThat(publish.getValue().messageAttributes()).hasSize(2).allSatisfy((k, v) -> assertThat(v.dataType()).isEqualTo("String"));
        assertThat(publish.getValue().messageAttributes().get("owner").stringValue()).isEqualTo("team-sales");
    }

    @Test
    void shouldTreatNetworkFailureAsThrottledWhenSdkClientException() {
        List<String> calls = new ArrayList<>();

        assertThatThrownBy(() -> AwsErrors.call("sns", "Publish", "sns:Publish", () -> {
            calls.add("x");
            throw SdkClientException.create("connection refused");
        })).isInstanceOf(AwsThrottled.class).hasMessageContaining("sns Publish");
        assertThat(calls).hasSize(1);
    }

    @Test
    void shouldTreatThrottlingCodeAsThrottledEvenWithStatus400() {
        AwsServiceException throttled = AwsServiceException.builder().statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("ThrottlingException").build()).build();

        assertThat(AwsErrors.translate("cloudwatch", "PutMetricAlarm", "cloudwatch:PutMetricAlarm", throttled))
                .isInstanceOf(AwsThrottled.class);
    }

    @Test
    void shouldTreatSnsThrottledCodeAsThrottledWhenAnsweredWith400() {
        // SNS names its throttling error "Throttled" (ThrottledException); the fault suite met it as a 400, which the SDK
        // does not retry, and the notify step failed its execution as an invalid request (issue 8.3)
        AwsServiceException throttled = AwsServiceException.builder().statusCode(400)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode("Throttled").build()).build();

        assertThat(AwsErrors.translate("sns", "Publish", "sns:Publish", throttled)).isInstanceOf(AwsThrottled.class)
                .hasMessageContaining("sns Publish (Throttled)");
    }
}
