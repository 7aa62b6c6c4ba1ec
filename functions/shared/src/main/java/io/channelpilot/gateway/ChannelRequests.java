package io.channelpilot.gateway;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.OwnershipTags;
import software.amazon.awssdk.services.kafka.model.Catalog;
import software.amazon.awssdk.services.kafka.model.ChannelLoggingInfo;
import software.amazon.awssdk.services.kafka.model.CloudWatchLogs;
import software.amazon.awssdk.services.kafka.model.CreateChannelRequest;
import software.amazon.awssdk.services.kafka.model.DeadLetterQueueS3;
import software.amazon.awssdk.services.kafka.model.DestinationTable;
import software.amazon.awssdk.services.kafka.model.EncryptionConfiguration;
import software.amazon.awssdk.services.kafka.model.IcebergCompressionType;
import software.amazon.awssdk.services.kafka.model.IcebergDestinationConfiguration;
import software.amazon.awssdk.services.kafka.model.PartitionSource;
import software.amazon.awssdk.services.kafka.model.PartitionSpec;
import software.amazon.awssdk.services.kafka.model.PartitionStrategy;
import software.amazon.awssdk.services.kafka.model.RecordConverter;
import software.amazon.awssdk.services.kafka.model.RecordSchema;
import software.amazon.awssdk.services.kafka.model.SchemaEvolution;
import software.amazon.awssdk.services.kafka.model.TableCreation;
import software.amazon.awssdk.services.kafka.model.TopicConfiguration;

/**
 * Maps a {@link ChannelSpec} to the SDK {@link CreateChannelRequest} (reference §1.1). Fixed by the current release:
 * exactly one topic and one table, {@code appendOnly=true}, {@code enableSchemaEvolution=false},
 * {@code enableTableCreation=true}, {@code TIME_HOUR} with exactly one source column. {@code JSON} sends
 * {@code recordSchema.gsrArn} (resolved at create time); {@code JSON_SCHEMA_GSR} sends none (the schema id travels in
 * each record). Logging goes to the channel's CloudWatch log group, which Provision creates first.
 */
public final class ChannelRequests {

    private ChannelRequests() {
    }

    public static CreateChannelRequest create(ChannelSpec spec, String managedBy) {
        Infrastructure infra = spec.infrastructure();
        TopicConfiguration.Builder topic = TopicConfiguration.builder()
                .topicArn(spec.topicArn())
                .recordConverter(RecordConverter.builder().valueConverter(spec.format().valueConverter()).build());
        if (spec.format().sendsRecordSchema()) {
            topic.recordSchema(RecordSchema.builder().gsrArn(spec.schemaArn()).build());
        }
        IcebergDestinationConfiguration iceberg = IcebergDestinationConfiguration.builder()
                .appendOnly(true)
                .serviceExecutionRoleArn(infra.serviceRoleArn())
                .deadLetterQueueS3(DeadLetterQueueS3.builder()
                        .bucketArn(infra.dlqBucketArn())
                        // the DLQ bucket is the stack's (its account is the cluster's): MSK refuses to write elsewhere
                        .expectedBucketOwner(spec.cluster().account())
                        .errorOutputPrefix(infra.dlqPrefix().isEmpty() ? null : infra.dlqPrefix())
                        .build())
                .destinationTableList(DestinationTable.builder()
                        .destinationDatabaseName(spec.namespace())
                        .destinationTableName(spec.table())
                        .partitionSpec(PartitionSpec.builder()
                                .partitionStrategy(PartitionStrategy.TIME_HOUR)
                                .sourceList(PartitionSource.builder().sourceName(spec.partitionColumn()).build())
                                .build())
                        .build())
                .schemaEvolution(SchemaEvolution.builder().enableSchemaEvolution(false).build())
                .tableCreation(TableCreation.builder().enableTableCreation(true).build())
                // catalogArn omitted on purpose: MSK derives it from the warehouse location (reference §1.1).
                .catalog(Catalog.builder().warehouseLocation(infra.tableBucketArn()).build())
                .compressionType(IcebergCompressionType.fromValue(spec.compression().name()))
                .dataFreshnessInSeconds(spec.freshnessSeconds())
                .build();
        CreateChannelRequest.Builder request = CreateChannelRequest.builder()
                .clusterArn(spec.clusterArn())
                .channelName(spec.channelName())
                .topicConfigurationList(topic.build())
                .icebergDestinationConfiguration(iceberg)
                .loggingInfo(ChannelLoggingInfo.builder()
                        .cloudWatchLogs(CloudWatchLogs.builder().enabled(true).logGroup(infra.logGroup()).build())
                        .build())
                .tags(OwnershipTags.of(spec, managedBy));
        infra.kmsKey().ifPresent(key -> request.encryptionConfiguration(EncryptionConfiguration.builder().kmsKeyArn(key).build()));
        return request.build();
    }
}
