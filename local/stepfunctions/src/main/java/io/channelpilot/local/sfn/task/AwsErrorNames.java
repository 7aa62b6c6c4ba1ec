package io.channelpilot.local.sfn.task;

import java.util.Map;

/**
 * Error names of AWS SDK integrations: "&lt;ServiceName&gt;.&lt;ExceptionName&gt;", the service as the AWS SDK for
 * Java v2 spells its client ({@code DynamoDb}, {@code Sfn}, {@code S3}) and the exception as its SDK class
 * ({@code ConditionalCheckFailedException}; an error code without the suffix gets "Exception" appended), e.g.
 * {@code DynamoDb.ConditionalCheckFailedException}, {@code Sfn.ExecutionAlreadyExistsException} (AWS developer guide,
 * "Handling errors in AWS SDK integrations"). Optimized {@code sns:publish} errors use the prefix {@code SNS.}
 * (UNCONFIRMED: not verified against AWS; configurable by replacing this mapping).
 */
final class AwsErrorNames {

    private static final Map<String, String> SERVICES = Map.ofEntries(Map.entry("dynamodb", "DynamoDb"),
            Map.entry("sfn", "Sfn"), Map.entry("s3", "S3"), Map.entry("sns", "Sns"), Map.entry("sqs", "Sqs"),
            Map.entry("kafka", "Kafka"), Map.entry("cloudwatch", "CloudWatch"),
            Map.entry("cloudwatchlogs", "CloudWatchLogs"), Map.entry("lambda", "Lambda"),
            Map.entry("eventbridge", "EventBridge"), Map.entry("iam", "Iam"), Map.entry("sts", "Sts"),
            Map.entry("glue", "Glue"), Map.entry("servicequotas", "ServiceQuotas"),
            Map.entry("lakeformation", "LakeFormation"), Map.entry("s3tables", "S3Tables"), Map.entry("ec2", "Ec2"),
            Map.entry("kms", "Kms"), Map.entry("ssm", "Ssm"), Map.entry("secretsmanager", "SecretsManager"));

    private AwsErrorNames() {
    }

    public static String sdkIntegration(String service, String errorCode) {
        String prefix = SERVICES.getOrDefault(service, Character.toUpperCase(service.charAt(0)) + service.substring(1));
        return prefix + "." + exceptionName(errorCode);
    }

    public static String snsPublish(String errorCode) {
        return "SNS." + exceptionName(errorCode);
    }

    private static String exceptionName(String errorCode) {
        return errorCode.endsWith("Exception") ? errorCode : errorCode + "Exception";
    }
}
