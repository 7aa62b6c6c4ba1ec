package io.channelpilot.validate;

import com.fasterxml.jackson.core.type.TypeReference;
import io.channelpilot.priming.Priming;
import io.channelpilot.validation.ValidationReport;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.iam.IamClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3tables.S3TablesClient;
import software.amazon.awssdk.services.servicequotas.ServiceQuotasClient;

/** SnapStart priming of validate-channel: its sample event in and report out through Jackson, one request per client. */
final class ValidatePriming {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/priming/00000000-0000-0000-0000-000000000000-1";

    private ValidatePriming() {
    }

    public static Priming create(Map<String, String> env) {
        return Priming.forFunction("validate-channel", env)
                .json("ValidateCommand from events/validate-channel/valid.json", () -> ValidateCommand.from(
                        ValidateCommand.MAPPER.readValue(Priming.resource("priming/valid.json"), new TypeReference<Map<String, Object>>() { })))
                .json("ValidationReport to the result map", () -> ValidateCommand.MAPPER.convertValue(
                        ValidationReport.of(CLUSTER, "priming", "priming", "0", List.of()), Map.class))
                .sdk("kafka:DescribeClusterV2", KafkaClient::builder, c -> c.describeClusterV2(r -> r.clusterArn(CLUSTER)))
                .sdk("glue:GetSchemaVersion", GlueClient::builder, c -> c.getSchemaVersion(r -> r
                        .schemaId(s -> s.registryName("priming").schemaName("priming")).schemaVersionNumber(v -> v.latestVersion(true))))
                .sdk("s3tables:GetTableBucket", S3TablesClient::builder,
                        c -> c.getTableBucket(r -> r.tableBucketARN("arn:aws:s3tables:us-east-1:123456789012:bucket/priming")))
                .sdk("logs:DescribeLogGroups", CloudWatchLogsClient::builder, c -> c.describeLogGroups(r -> r.logGroupNamePrefix("/priming")))
                .sdk("s3:GetBucketEncryption", S3Client::builder, c -> c.getBucketEncryption(r -> r.bucket("priming")))
                .sdk("iam:GetRole", IamClient::builder, c -> c.getRole(r -> r.roleName("priming")))
                .sdk("servicequotas:ListServiceQuotas", ServiceQuotasClient::builder, c -> c.listServiceQuotas(r -> r.serviceCode("kafka")))
                .sdk("cloudwatch:DescribeAlarms", CloudWatchClient::builder, c -> c.describeAlarms(r -> r.alarmNamePrefix("priming")))
                .build();
    }

    /** Called by the Lambda constructor: the checkpoint runs it (SnapStart: ApplyOn PublishedVersions). */
    public static Priming register(Map<String, String> env) {
        return create(env).register();
    }
}
