package io.channelpilot.local.world.msk;

import io.channelpilot.local.world.msk.MskCollaborators.PermissionCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * The service-execution-role permissions a channel needs (reference §9), as IAM simulation checks. A channel whose
 * role is denied any of them becomes FAILED (reference §2: "missing role permissions").
 */
final class RequiredPermissions {

    /** Reference §9 AllowS3TablesActions on the table bucket and its tables ({@code PutTableEncryption} only with KMS). */
    static final List<String> S3_TABLES_BUCKET_ACTIONS = List.of(
            "s3tables:GetTableBucket", "s3tables:CreateNamespace", "s3tables:CreateTable");
    static final List<String> S3_TABLES_TABLE_ACTIONS = List.of(
            "s3tables:GetTable", "s3tables:GetTableMetadataLocation", "s3tables:UpdateTableMetadataLocation",
            "s3tables:PutTableData", "s3tables:GetTableData", "s3tables:TagResource",
            "s3tables:PutTableRecordExpirationConfiguration");
    /** Reference §9 DLQ, Terraform's minimal set. */
    static final List<String> DLQ_BUCKET_ACTIONS = List.of("s3:GetBucketLocation", "s3:ListBucket");
    static final List<String> DLQ_OBJECT_ACTIONS = List.of("s3:PutObject");

    private RequiredPermissions() {
    }

    static List<PermissionCheck> forChannel(ChannelSpec spec, String region, String account) {
        List<PermissionCheck> out = new ArrayList<>();
        if (spec.destinationType() == ChannelSpec.DestinationType.ICEBERG) {
            String bucket = spec.tableBucketArn();
            S3_TABLES_BUCKET_ACTIONS.forEach(a -> out.add(new PermissionCheck(a, bucket)));
            S3_TABLES_TABLE_ACTIONS.forEach(a -> out.add(new PermissionCheck(a, bucket + "/table/*")));
            if (spec.kmsKeyArn() != null) {
                out.add(new PermissionCheck("s3tables:PutTableEncryption", bucket + "/table/*"));
            }
        } else {
            out.add(new PermissionCheck("s3:PutObject", spec.s3BucketArn() + "/*"));
        }
        String dlq = spec.dlqBucketArn();
        DLQ_BUCKET_ACTIONS.forEach(a -> out.add(new PermissionCheck(a, dlq)));
        String prefix = spec.dlqPrefix() == null ? "" : spec.dlqPrefix();
        DLQ_OBJECT_ACTIONS.forEach(a -> out.add(new PermissionCheck(a, dlq + "/" + prefix + "*")));
        if (spec.gsrArn() != null) {
            // Reference §9: glue:GetSchemaVersion on the registry and the schema ARNs.
            out.add(new PermissionCheck("glue:GetSchemaVersion", registryArnOf(spec.gsrArn())));
            out.add(new PermissionCheck("glue:GetSchemaVersion", spec.gsrArn()));
        } else if ("JSON_SCHEMA_GSR".equals(spec.valueConverter())) {
            out.add(new PermissionCheck("glue:GetSchemaVersion",
                    "arn:aws:glue:" + region + ":" + account + ":schema/*"));
        }
        if (spec.kmsKeyArn() != null) {
            out.add(new PermissionCheck("kms:Decrypt", spec.kmsKeyArn()));
            out.add(new PermissionCheck("kms:GenerateDataKey", spec.kmsKeyArn()));
        }
        if (spec.cloudWatchLogGroup() != null) {
            String group = "arn:aws:logs:" + region + ":" + account + ":log-group:" + spec.cloudWatchLogGroup() + ":*";
            out.add(new PermissionCheck("logs:CreateLogStream", group));
            out.add(new PermissionCheck("logs:PutLogEvents", group));
        }
        return out;
    }

    /** {@code arn:aws:glue:r:a:schema/reg/name} → {@code arn:aws:glue:r:a:registry/reg}. */
    static String registryArnOf(String schemaArn) {
        int i = schemaArn.indexOf(":schema/");
        if (i < 0) {
            return schemaArn;
        }
        String rest = schemaArn.substring(i + ":schema/".length());
        int slash = rest.indexOf('/');
        return schemaArn.substring(0, i) + ":registry/" + (slash < 0 ? rest : rest.substring(0, slash));
    }
}
