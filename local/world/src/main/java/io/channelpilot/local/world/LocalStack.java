package io.channelpilot.local.world;

import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.s3tables.TableCatalog;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.sns.SnsClient;

/**
 * The deployed stack, locally: the stack parameters of template.yaml (taken from the world file by convention and
 * overridable), the resources the stack would create (status table, notification topic), and the environment every
 * function gets. Conventions: the first table bucket; the first bucket whose name contains {@code dlq} (else the
 * first bucket); the first role that trusts {@code kafka.amazonaws.com}.
 */
public record LocalStack(String account, String region, String tableBucketArn, String dlqBucket, String dlqPrefix,
                         String serviceRoleArn, String kmsKeyArn, String defaultNamespace, String statusTable,
                         String topicArn, String stackName, String allowedClusters, String queryPrincipals,
                         String namespacePolicy) {

    public static final String STATUS_TABLE = "channel-pilot-status";
    public static final String TOPIC_NAME = "channel-pilot-notifications";

    public static LocalStack from(WorldFile w, Map<String, String> overrides) {
        // Every default ARN is derived from the resource it names: a table bucket of another Region keeps its own
        // Region in the ARN, so validation sees the bucket where it is (TABLE_BUCKET_REGION), not a missing one.
        String tableBucketArn = w.tableBuckets().stream().findFirst()
                .map(b -> TableCatalog.bucketArn(b.region() == null ? w.region() : b.region(), w.account(), b.name()))
                .orElse(TableCatalog.bucketArn(w.region(), w.account(), "analytics"));
        String dlq = w.buckets().stream().map(WorldFile.Bucket::name).filter(n -> n.contains("dlq")).findFirst()
                .orElse(w.buckets().isEmpty() ? "channel-pilot-dlq" : w.buckets().get(0).name());
        String role = w.roles().stream().filter(r -> r.trustPolicy() != null
                        && r.trustPolicy().toString().contains("kafka.amazonaws.com"))
                .map(r -> "arn:aws:iam::" + w.account() + ":role" + (r.path() == null ? "/" : r.path()) + r.name())
                .findFirst().orElse("arn:aws:iam::" + w.account() + ":role/channel-pilot-delivery");
        return new LocalStack(w.account(), w.region(),
                overrides.getOrDefault("TableBucketArn", tableBucketArn),
                overrides.getOrDefault("DlqBucketName", dlq),
                overrides.getOrDefault("DlqPrefix", "channel-pilot/dlq/"),
                overrides.getOrDefault("ServiceRoleArn", role),
                overrides.getOrDefault("KmsKeyArn", ""),
                overrides.getOrDefault("DefaultNamespace", "streaming"),
                STATUS_TABLE,
                "arn:aws:sns:" + w.region() + ":" + w.account() + ":" + TOPIC_NAME,
                overrides.getOrDefault("StackName", "channel-pilot-local"),
                overrides.getOrDefault("AllowedClusters", ""),
                overrides.getOrDefault("QueryPrincipals", "arn:aws:iam::" + w.account() + ":role/analysts"),
                overrides.getOrDefault("NamespacePolicy", ""));
    }

    /** Parameter values for template.yaml (the SAM template reader resolves !Ref against them). */
    public Map<String, String> templateParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("TableBucketArn", tableBucketArn);
        p.put("DlqBucketName", dlqBucket);
        p.put("DlqPrefix", dlqPrefix);
        p.put("KmsKeyArn", kmsKeyArn);
        p.put("ServiceRoleArn", serviceRoleArn);
        p.put("DefaultNamespace", defaultNamespace);
        p.put("AllowedClusters", allowedClusters);
        p.put("QueryPrincipals", queryPrincipals);
        p.put("NamespacePolicy", namespacePolicy);
        return p;
    }

    /** What an SDK client or a `sam local invoke` needs to talk to the world. */
    public Map<String, String> clientEnvironment(URI endpoint, String region) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("AWS_ENDPOINT_URL", endpoint.toString());
        env.put("AWS_REGION", region);
        env.put("AWS_DEFAULT_REGION", region);
        env.put("AWS_ACCESS_KEY_ID", LocalClients.ACCESS_KEY);
        env.put("AWS_SECRET_ACCESS_KEY", LocalClients.SECRET_KEY);
        env.put("AWS_EC2_METADATA_DISABLED", "true");
        env.put("AWS_EMF_ENVIRONMENT", "Local");
        return env;
    }

    /** The environment every function of the template gets locally (the template's Globals, resolved). */
    public Map<String, String> functionEnvironment(URI endpoint, String region) {
        Map<String, String> env = clientEnvironment(endpoint, region);
        env.put("CHANNEL_PILOT_STATUS_TABLE", statusTable);
        env.put("CHANNEL_PILOT_TOPIC_ARN", topicArn);
        env.put("CHANNEL_PILOT_TABLE_BUCKET_ARN", tableBucketArn);
        env.put("CHANNEL_PILOT_DLQ_BUCKET", dlqBucket);
        env.put("CHANNEL_PILOT_DLQ_PREFIX", dlqPrefix);
        env.put("CHANNEL_PILOT_KMS_KEY_ARN", kmsKeyArn);
        env.put("CHANNEL_PILOT_SERVICE_ROLE_ARN", serviceRoleArn);
        env.put("CHANNEL_PILOT_DEFAULT_NAMESPACE", defaultNamespace);
        env.put("CHANNEL_PILOT_ALLOWED_CLUSTERS", allowedClusters);
        env.put("CHANNEL_PILOT_QUERY_PRINCIPALS", queryPrincipals);
        env.put("CHANNEL_PILOT_LOG_RETENTION_DAYS", "30");
        env.put("CHANNEL_PILOT_LOG_GROUP_PREFIX", "/aws/msk/channel-pilot/");
        env.put("CHANNEL_PILOT_STACK_NAME", stackName);
        env.put("CHANNEL_PILOT_NAMESPACE_POLICY", namespacePolicy);
        // template.yaml's RunbookBaseUrl default: notifications link to the runbook as a deployed stack's would
        env.put("CHANNEL_PILOT_RUNBOOK_BASE_URL", "https://github.com/channel-pilot/channel-pilot/blob/main/");
        env.put("CHANNEL_PILOT_CHAT_LIMITS", ""); // ChatNotificationLimits default: the built-in bounds
        // The local runner names state machines by logical id (the deployed ones by their Name property).
        env.put("CHANNEL_PILOT_REDRIVE_STATE_MACHINE_ARN", stateMachineArn("RedriveDlqStateMachine"));
        return env;
    }

    /** ARN of a state machine of the template as the local runner registers it (by logical id). */
    public String stateMachineArn(String logicalId) {
        return "arn:aws:states:" + region + ":" + account + ":stateMachine:" + logicalId;
    }

    /** Creates what the stack would: the status table and the notification topic (idempotent). */
    void createProductResources(URI endpoint, String region) {
        try (DynamoDbClient dynamo = LocalClients.dynamo(endpoint, region)) {
            dynamo.createTable(r -> r.tableName(statusTable).billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("sk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH),
                            k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .sseSpecification(s -> s.enabled(true)));
            dynamo.updateTimeToLive(r -> r.tableName(statusTable)
                    .timeToLiveSpecification(t -> t.attributeName("expiresAt").enabled(true)));
        } catch (ResourceInUseException exists) {
            // already there: a restarted world keeps its table
        }
        try (SnsClient sns = LocalClients.sns(endpoint, region)) {
            sns.createTopic(r -> r.name(TOPIC_NAME).attributes(Map.of("KmsMasterKeyId", "alias/aws/sns")));
        }
    }
}
