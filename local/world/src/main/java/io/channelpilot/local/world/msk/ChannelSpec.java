package io.channelpilot.local.world.msk;

import java.util.Map;
import java.util.Optional;

/**
 * A validated CreateChannel request in typed form: what the delivery simulation and the lifecycle checks read.
 * Optional values are null in the record and exposed through {@code Optional} accessors.
 */
public record ChannelSpec(String name, String topicArn, String topicName, String valueConverter, String gsrArn,
                          DestinationType destinationType, String roleArn, String dlqBucketArn, String dlqPrefix,
                          String tableBucketArn, String namespace, String table, String partitionColumn,
                          String compression, int dataFreshnessInSeconds, String s3BucketArn, String kmsKeyArn,
                          String cloudWatchLogGroup, Map<String, String> tags) {

    public ChannelSpec {
        tags = tags == null ? Map.of() : Map.copyOf(tags);
    }

    /** The DLQ bucket name from {@code arn:aws:s3:::name}. */
    public String dlqBucketName() {
        return bucketName(dlqBucketArn);
    }

    public Optional<String> schemaArn() {
        return Optional.ofNullable(gsrArn);
    }

    public Optional<String> kmsKey() {
        return Optional.ofNullable(kmsKeyArn);
    }

    public Optional<String> logGroup() {
        return Optional.ofNullable(cloudWatchLogGroup);
    }

    static String bucketName(String s3BucketArn) {
        return s3BucketArn.startsWith("arn:aws:s3:::") ? s3BucketArn.substring("arn:aws:s3:::".length()) : s3BucketArn;
    }

    /** {@code destinationType} enum of DescribeChannel. */
    public enum DestinationType { ICEBERG, S3 }
}
