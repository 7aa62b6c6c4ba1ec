package io.channelpilot.validation;

import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.GatewayFailure;
import java.util.List;
import io.channelpilot.model.Alternative;

/** Stable codes of the pre-flight rules (DESIGN §6), each with its severity and one line for docs/reference.md#validation-rules. */
public enum RuleCode {
    CLUSTER_EXPRESS(Severity.ERROR, "The cluster is MSK Provisioned with express.* brokers (else Firehose, Kafka Connect or Flink)."),
    CLUSTER_ALLOWED(Severity.ERROR, "The cluster is allowed by the stack guardrail ALLOWED_CLUSTERS."),
    TOPIC_EXISTS(Severity.ERROR, "The source topic exists on the cluster."),
    NEEDS_SUPPORTED(Severity.ERROR, "No declared need streaming tables lack: CDC, upserts, deletes, schema evolution, existing table, backfill (else Flink)."),
    SCHEMA_EXISTS(Severity.ERROR, "The Glue schema exists, is AVAILABLE and has a latest version."),
    SCHEMA_DATA_FORMAT(Severity.ERROR, "The Glue schema's data format is JSON (Avro or Protobuf route to Flink)."),
    SCHEMA_DEFINITION(Severity.ERROR, "The schema text parses as JSON Schema draft-04 or draft-07."),
    PARTITION_COLUMN(Severity.ERROR, "The partition column is one top-level string with format date-time (treated as required)."),
    SCHEMA_NESTING(Severity.ERROR, "The schema nests at most 16 levels."),
    SCHEMA_TYPE_MAPPING(Severity.ERROR, "Every property maps to an Iceberg type (reference §4 table)."),
    SCHEMA_PREVIEW(Severity.INFO, "The Iceberg schema the channel's table would get."),
    TABLE_NAMES_VALID(Severity.ERROR, "Namespace and table follow the S3 Tables naming rules."),
    TABLE_BUCKET_EXISTS(Severity.ERROR, "The S3 table bucket exists."),
    TABLE_BUCKET_REGION(Severity.ERROR, "The table bucket is in the cluster's region."),
    TABLE_BUCKET_ACCOUNT(Severity.WARN, "A table bucket in another account needs a table-bucket policy for the role."),
    NAMESPACE_EXISTS(Severity.INFO, "Whether the namespace exists (MSK creates it otherwise)."),
    TABLE_NOT_EXISTING(Severity.ERROR, "The table does not exist yet; a channel always creates a new table (else Flink)."),
    TABLE_CLAIMED(Severity.ERROR, "No other channel (another cluster's or another rule's) owns the table; the first to claim it does."),
    NAMESPACE_ALLOWED(Severity.ERROR, "The stack's NamespacePolicy lets this cluster name the namespace (empty policy: every namespace)."),
    FRESHNESS_RANGE(Severity.ERROR, "dataFreshnessInSeconds is within 300-900."),
    FRESHNESS_THROUGHPUT(Severity.WARN, "At 300 s freshness the topic carries at least 2.4 MB/s uncompressed (recent BytesInPerSec)."),
    COMPRESSION_SUPPORTED(Severity.ERROR, "Compression is ZSTD or SNAPPY."),
    QUOTA_CHANNELS_PER_CLUSTER(Severity.ERROR, "One more channel fits the Service Quotas channels-per-cluster value (ListChannels count)."),
    QUOTA_CHANNELS_PER_TOPIC(Severity.ERROR, "One more channel fits the Service Quotas channels-per-topic value (ListChannels count)."),
    DLQ_BUCKET_EXISTS(Severity.ERROR, "The DLQ bucket exists."),
    DLQ_BUCKET_REGION(Severity.WARN, "The DLQ bucket is in the cluster's region."),
    DLQ_ENCRYPTION(Severity.ERROR, "The DLQ bucket has default encryption, SSE-S3 or SSE-KMS."),
    DLQ_ACCESS_LOGGING(Severity.WARN, "The DLQ bucket has server access logging."),
    LOG_GROUP_NAME(Severity.ERROR, "The channel log group name is valid for CloudWatch Logs."),
    LOG_GROUP_ENCRYPTION(Severity.WARN, "An existing channel log group uses the stack's KMS key."),
    ROLE_TRUST(Severity.ERROR, "The service role trusts kafka.amazonaws.com with aws:SourceAccount and aws:SourceArn conditions."),
    ROLE_PERMISSIONS(Severity.ERROR, "The service role may use S3 Tables, the DLQ, Glue and the log group (IAM policy simulation)."),
    ROLE_KMS_PERMISSIONS(Severity.ERROR, "The service role may use every KMS key in play (channel, DLQ or table bucket SSE-KMS)."),
    CHECK_FAILED(Severity.ERROR, "A rule crashed; reported as UNKNOWN instead of passing silently.");

    private final Severity severity;
    private final String summary;

    RuleCode(Severity severity, String summary) {
        this.severity = severity;
        this.summary = summary;
    }

    public Severity severity() {
        return severity;
    }

    public String summary() {
        return summary;
    }

    public Finding pass(String message) {
        return new Finding(this, severity, Status.PASS, message, "", List.of());
    }

    public Finding fail(String message, String remediation, Alternative... alternatives) {
        return new Finding(this, severity, Status.FAIL, message, remediation, List.of(alternatives));
    }

    public Finding unknown(String message, String remediation) {
        return new Finding(this, severity, Status.UNKNOWN, message, remediation, List.of());
    }

    public Finding unknown(GatewayFailure failure) {
        boolean transientFailure = failure.kind() == AwsErrorKind.THROTTLED
                || failure.kind() == AwsErrorKind.UNAVAILABLE;
        return new Finding(this, severity, Status.UNKNOWN, "Could not check: " + failure.describe() + ".",
                failure.remediation(), List.of(), transientFailure);
    }
}
