package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.TestSpecs;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;
import software.amazon.awssdk.services.kafka.model.DestinationTable;
import software.amazon.awssdk.services.kafka.model.IcebergCompressionType;
import software.amazon.awssdk.services.kafka.model.IcebergDestinationConfiguration;
import software.amazon.awssdk.services.kafka.model.PartitionStrategy;
import software.amazon.awssdk.services.kafka.model.TopicConfiguration;

class ChannelRequestsTest {

    @Test
    void shouldMapAPlainJsonSpecToExactlyOneTopicAndTableWithTheFixedReleaseFlags() {
        // given
        ChannelSpec spec = TestSpecs.orders();
        // when
        CreateChannelRequest request = ChannelRequests.create(spec, "channel-pilot-test");
        // then
        assertThat(request.clusterArn()).isEqualTo(TestSpecs.CLUSTER_ARN);
        assertThat(request.channelName()).isEqualTo(spec.channelName()).matches("^[a-zA-Z0-9._-]{1,64}$");
        assertThat(request.topicConfigurationList()).singleElement().satisfies((TopicConfiguration t) -> {
            assertThat(t.topicArn()).isEqualTo("arn:aws:kafka:us-east-1:123456789012:topic/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1/orders");
            assertThat(t.recordConverter().valueConverterAsString()).isEqualTo("JSON");
            assertThat(t.recordSchema().gsrArn()).isEqualTo("arn:aws:glue:us-east-1:123456789012:schema/sales-registry/orders");
        });
        IcebergDestinationConfiguration iceberg = request.icebergDestinationConfiguration();
        assertThat(iceberg.appendOnly()).isTrue();
        assertThat(iceberg.schemaEvolution().enableSchemaEvolution()).isFalse();
        assertThat(iceberg.tableCreation().enableTableCreation()).isTrue();
        assertThat(iceberg.dataFreshnessInSeconds()).isEqualTo(600);
        assertThat(iceberg.compressionType()).isEqualTo(IcebergCompressionType.ZSTD);
        assertThat(iceberg.serviceExecutionRoleArn()).isEqualTo(TestSpecs.ROLE_ARN);
        assertThat(iceberg.catalog().warehouseLocation()).isEqualTo(TestSpecs.TABLE_BUCKET_ARN);
        assertThat(iceberg.deadLetterQueueS3().bucketArn()).isEqualTo("arn:aws:s3:::channel-dlq");
        assertThat(iceberg.deadLetterQueueS3().expectedBucketOwner()).as("the DLQ must be the stack account's bucket").isEqualTo("123456789012");
        assertThat(iceberg.deadLetterQueueS3().errorOutputPrefix()).isEqualTo("dlq/demo/" + spec.channelName() + "/");
        assertThat(iceberg.destinationTableList()).singleElement().satisfies((DestinationTable t) -> {
            assertThat(t.destinationDatabaseName()).isEqualTo("sales");
            assertThat(t.destinationTableName()).isEqualTo("orders");
            assertThat(t.partitionSpec().partitionStrategy()).isEqualTo(PartitionStrategy.TIME_HOUR);
            assertThat(t.partitionSpec().sourceList()).singleElement().satisfies(s -> assertThat(s.sourceName()).isEqualTo("event_time"));
        });
        assertThat(request.loggingInfo().cloudWatchLogs().enabled()).isTrue();
        assertThat(request.loggingInfo().cloudWatchLogs().logGroup()).isEqualTo("/aws/msk/streaming-tables/demo/" + spec.channelName());
        assertThat(request.encryptionConfiguration().kmsKeyArn()).isEqualTo(TestSpecs.KMS_ARN);
        assertThat(request.tags()).containsEntry(OwnershipTags.MANAGED_BY, "channel-pilot-test")
                .containsEntry(OwnershipTags.FINGERPRINT, spec.fingerprint());
        assertThat(request.s3DestinationConfiguration()).isNull();
    }

    @Test
    void shouldSendNoRecordSchemaForGsrAndNoEncryptionWithoutAKey() {
        ChannelSpec o = TestSpecs.orders();
        Infrastructure i = o.infrastructure();
        ChannelSpec gsr = new ChannelSpec(o.clusterArn(), o.topic(), o.namespace(), o.table(), o.schema(), RecordFormat.GSR,
                o.partitionColumn(), 300, io.channelpilot.model.Compression.SNAPPY,
                new Infrastructure(i.tableBucketArn(), i.dlqBucketArn(), i.dlqPrefix(), i.serviceRoleArn(), "", i.logGroup()), o.operations());

        CreateChannelRequest request = ChannelRequests.create(gsr, "cp");

        assertThat(request.topicConfigurationList().get(0).recordConverter().valueConverterAsString()).isEqualTo("JSON_SCHEMA_GSR");
        assertThat(request.topicConfigurationList().get(0).recordSchema()).isNull();
        assertThat(request.encryptionConfiguration()).isNull();
        assertThat(request.icebergDestinationConfiguration().compressionType()).isEqualTo(IcebergCompressionType.SNAPPY);
        assertThat(request.icebergDestinationConfiguration().dataFreshnessInSeconds()).isEqualTo(300);
    }
}
