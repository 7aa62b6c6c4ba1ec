package io.channelpilot.model;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Stack parameters: the lowest rank of the precedence chain (DESIGN §3). They supply what tags never carry — the
 * table bucket, the DLQ, the service execution role, the KMS key, log settings — and the guardrails.
 *
 * @param tableBucketArn    S3 table bucket ARN ({@code arn:aws:s3tables:<region>:<account>:bucket/<name>})
 * @param dlqBucket         DLQ bucket name (the channel needs its ARN, built by {@link #dlqBucketArn()})
 * @param dlqPrefix         prefix for DLQ objects; cluster and channel name are appended so channels never share a prefix
 * @param serviceRoleArn    the channel's service execution role (created by the stack by default)
 * @param kmsKeyArn         customer-managed KMS key for channel, logs and table; empty = AWS-managed encryption
 * @param logRetentionDays  retention for the channel log groups Provision creates
 * @param defaultNamespace  namespace used when no tag names one
 * @param allowedClusters   guardrail: cluster ARNs or names that may get channels; empty = every cluster
 * @param queryPrincipals   principals granted read access on the namespace (Lake Formation)
 * @param logGroupPrefix    channel log groups are {@code <prefix><clusterName>/<channelName>} ({@link ResourceNames})
 * @param managedBy         value of the {@code channel-pilot/managed-by} ownership tag (the stack's identity)
 * @param namespaces        tenancy guardrail: which namespaces each cluster's rules may name (empty = any)
 */
public record StackSettings(String tableBucketArn, String dlqBucket, String dlqPrefix, String serviceRoleArn,
                            String kmsKeyArn, int logRetentionDays, String defaultNamespace, List<String> allowedClusters,
                            List<String> queryPrincipals, String logGroupPrefix, String managedBy, NamespacePolicy namespaces) {

    private static final Pattern TABLE_BUCKET_ARN = Pattern.compile("^arn:aws[a-z-]*:s3tables:[a-z0-9-]+:\\d{12}:bucket/[a-z0-9-]{3,63}$");
    private static final Pattern ROLE_ARN = Pattern.compile("^arn:aws[a-z-]*:iam::\\d{12}:role/[\\w+=,.@/-]{1,512}$");
    private static final Pattern BUCKET = Pattern.compile("^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$");
    /** CloudWatch Logs accepts these retention values only. */
    private static final List<Integer> RETENTIONS = List.of(1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545,
            731, 1096, 1827, 2192, 2557, 2922, 3288, 3653);

    public StackSettings {
        require(tableBucketArn != null && TABLE_BUCKET_ARN.matcher(tableBucketArn).matches(), "CHANNEL_PILOT_TABLE_BUCKET_ARN", tableBucketArn);
        require(dlqBucket != null && BUCKET.matcher(dlqBucket).matches(), "CHANNEL_PILOT_DLQ_BUCKET", dlqBucket);
        require(serviceRoleArn != null && ROLE_ARN.matcher(serviceRoleArn).matches(), "CHANNEL_PILOT_SERVICE_ROLE_ARN", serviceRoleArn);
        require(RETENTIONS.contains(logRetentionDays), "CHANNEL_PILOT_LOG_RETENTION_DAYS", String.valueOf(logRetentionDays));
        require(defaultNamespace != null && S3TablesNames.isValidNamespace(defaultNamespace), "CHANNEL_PILOT_DEFAULT_NAMESPACE", defaultNamespace);
        require(logGroupPrefix != null && logGroupPrefix.startsWith("/") && logGroupPrefix.length() <= 380, "CHANNEL_PILOT_LOG_GROUP_PREFIX", logGroupPrefix);
        require(managedBy != null && !managedBy.isBlank(), "CHANNEL_PILOT_STACK_NAME", managedBy);
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        kmsKeyArn = kmsKeyArn == null ? "" : kmsKeyArn;
        allowedClusters = List.copyOf(allowedClusters);
        queryPrincipals = List.copyOf(queryPrincipals);
        namespaces = namespaces == null ? NamespacePolicy.none() : namespaces;
    }

    /**
     * Reads the function environment once at init ({@code CHANNEL_PILOT_*} variables from the template Globals). A bad value is a deployment bug, so it throws
     * {@link IllegalArgumentException} naming the variable, instead of producing per-channel findings.
     */
    public static StackSettings from(Map<String, String> env) {
        return new StackSettings(
                env.get("CHANNEL_PILOT_TABLE_BUCKET_ARN"),
                env.get("CHANNEL_PILOT_DLQ_BUCKET"),
                env.getOrDefault("CHANNEL_PILOT_DLQ_PREFIX", "channel-pilot/dlq/"),
                env.get("CHANNEL_PILOT_SERVICE_ROLE_ARN"),
                env.getOrDefault("CHANNEL_PILOT_KMS_KEY_ARN", ""),
                parseInt(env.getOrDefault("CHANNEL_PILOT_LOG_RETENTION_DAYS", "30"), "CHANNEL_PILOT_LOG_RETENTION_DAYS"),
                env.getOrDefault("CHANNEL_PILOT_DEFAULT_NAMESPACE", "streaming"),
                list(env.get("CHANNEL_PILOT_ALLOWED_CLUSTERS")),
                list(env.get("CHANNEL_PILOT_QUERY_PRINCIPALS")),
                env.getOrDefault("CHANNEL_PILOT_LOG_GROUP_PREFIX", "/aws/msk/streaming-tables/"),
                env.getOrDefault("CHANNEL_PILOT_STACK_NAME", "channel-pilot"),
                NamespacePolicy.parse(env.get("CHANNEL_PILOT_NAMESPACE_POLICY")));
    }

    public String dlqBucketArn() {
        return "arn:aws:s3:::" + dlqBucket;
    }

    public Optional<String> kmsKey() {
        return kmsKeyArn.isEmpty() ? Optional.empty() : Optional.of(kmsKeyArn);
    }

    /** Guardrail: an empty list allows every cluster; entries match the full ARN or the cluster name. */
    public boolean allowsCluster(ClusterArn cluster) {
        return allowedClusters.isEmpty() || allowedClusters.contains(cluster.arn()) || allowedClusters.contains(cluster.name());
    }

    private static List<String> list(String csv) {
        if (csv == null || csv.isBlank()) {
            return List.of();
        }
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static int parseInt(String value, String name) {
        return AsciiNumbers.parseInt(value.trim()).orElseThrow(() -> new IllegalArgumentException(name
                + " must be an integer in ASCII digits, got: " + value));
    }

    private static void require(boolean ok, String variable, String value) {
        if (!ok) {
            throw new IllegalArgumentException("stack setting " + variable + " is missing or invalid: " + value);
        }
    }
}
