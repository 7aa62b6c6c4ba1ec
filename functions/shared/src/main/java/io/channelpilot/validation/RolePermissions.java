package io.channelpilot.validation;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.RecordFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * The service execution role's required permissions (reference §9) as (resource, actions) pairs for IAM policy
 * simulation. Bucket-level and table-level S3 Tables actions are simulated on their own resources so a correctly
 * scoped policy is not reported as missing.
 */
final class RolePermissions {

    static final List<String> KMS_ACTIONS = List.of("kms:Decrypt", "kms:GenerateDataKey");

    record Grant(String resource, List<String> actions) {
    }

    private RolePermissions() {
    }

    static List<Grant> required(ChannelSpec spec) {
        Infrastructure infra = spec.infrastructure();
        ClusterArn c = spec.cluster();
        String bucket = infra.tableBucketArn();
        List<Grant> grants = new ArrayList<>();
        grants.add(new Grant(bucket, List.of("s3tables:GetTableBucket", "s3tables:CreateNamespace", "s3tables:CreateTable")));
        List<String> table = new ArrayList<>(List.of("s3tables:GetTable", "s3tables:GetTableMetadataLocation",
                "s3tables:UpdateTableMetadataLocation", "s3tables:PutTableData", "s3tables:GetTableData",
                "s3tables:TagResource", "s3tables:PutTableRecordExpirationConfiguration"));
        if (infra.kmsKey().isPresent()) {
            table.add("s3tables:PutTableEncryption");
        }
        grants.add(new Grant(bucket + "/table/*", table));
        String dlq = "arn:" + c.partition() + ":s3:::" + infra.dlqBucket();
        grants.add(new Grant(dlq, List.of("s3:GetBucketLocation", "s3:ListBucket", "s3:ListBucketMultipartUploads")));
        grants.add(new Grant(dlq + "/" + infra.dlqPrefix() + "*", List.of("s3:PutObject")));
        List<String> schema = new ArrayList<>(List.of("glue:GetSchemaVersion"));
        if (spec.format() == RecordFormat.GSR) {
            schema.addAll(List.of("glue:GetSchema", "glue:GetSchemaByDefinition"));
        }
        grants.add(new Grant(spec.schema().arn(c), schema));
        grants.add(new Grant(spec.schema().registryArn(c), spec.format() == RecordFormat.GSR
                ? List.of("glue:GetSchemaVersion", "glue:GetRegistry") : List.of("glue:GetSchemaVersion")));
        grants.add(new Grant("arn:" + c.partition() + ":logs:" + c.region() + ":" + c.account() + ":log-group:" + infra.logGroup() + ":*",
                List.of("logs:CreateLogStream", "logs:PutLogEvents")));
        return grants;
    }

    /** A key id, alias-free: ARNs pass through, bare key ids become key ARNs in the cluster's account and Region. */
    static String keyArn(String keyId, ClusterArn c) {
        return keyId.startsWith("arn:") ? keyId : "arn:" + c.partition() + ":kms:" + c.region() + ":" + c.account() + ":key/" + keyId;
    }
}
