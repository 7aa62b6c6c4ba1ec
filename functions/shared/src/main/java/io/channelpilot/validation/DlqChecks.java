package io.channelpilot.validation;

import java.util.List;

/** DLQ bucket rules: exists, same Region, encrypted at rest (error if not), access logging (warn). */
final class DlqChecks {

    private DlqChecks() {
    }

    static List<Check> all() {
        return List.of(exists(), region(), encryption(), accessLogging());
    }

    static Check exists() {
        return Check.of(RuleCode.DLQ_BUCKET_EXISTS, ctx -> ctx.dlqRegion().fold(r -> r.isPresent()
                        ? RuleCode.DLQ_BUCKET_EXISTS.pass("DLQ bucket " + bucket(ctx) + " exists.")
                        : RuleCode.DLQ_BUCKET_EXISTS.fail("DLQ bucket " + bucket(ctx) + " does not exist.",
                                "Create the bucket " + bucket(ctx) + " (with default encryption and access logging), or set the DlqBucketName stack parameter."),
                RuleCode.DLQ_BUCKET_EXISTS::unknown));
    }

    static Check region() {
        return Check.of(RuleCode.DLQ_BUCKET_REGION, ctx -> ctx.dlqRegion().fold(r -> r
                        .map(region -> region.equals(ctx.cluster().region())
                                ? RuleCode.DLQ_BUCKET_REGION.pass("DLQ bucket is in the cluster's Region " + region + ".")
                                : RuleCode.DLQ_BUCKET_REGION.fail("DLQ bucket " + bucket(ctx) + " is in " + region + ", the cluster in "
                                                + ctx.cluster().region() + "; cross-Region DLQ delivery is not documented.",
                                        "Use a DLQ bucket in " + ctx.cluster().region() + " (DlqBucketName stack parameter)."))
                        .orElseGet(() -> RuleCode.DLQ_BUCKET_REGION.unknown("Cannot check the DLQ Region: the bucket does not exist (see DLQ_BUCKET_EXISTS).",
                                "Create the DLQ bucket, then validate again.")),
                RuleCode.DLQ_BUCKET_REGION::unknown));
    }

    static Check encryption() {
        return Check.of(RuleCode.DLQ_ENCRYPTION, ctx -> ctx.dlqEncryption().fold(e -> {
            switch (e.algorithm()) {
                case SSE_S3:
                    return RuleCode.DLQ_ENCRYPTION.pass("DLQ bucket uses SSE-S3.");
                case SSE_KMS:
                case DSSE_KMS:
                    return RuleCode.DLQ_ENCRYPTION.pass("DLQ bucket uses " + e.algorithm() + " with key " + e.kmsKeyId()
                            + "; the role needs kms:GenerateDataKey on it (see ROLE_KMS_PERMISSIONS).");
                default:
                    return RuleCode.DLQ_ENCRYPTION.fail("DLQ bucket " + bucket(ctx) + " has no default encryption (" + e.algorithm() + ").",
                            "Enable default encryption on " + bucket(ctx) + ": SSE-S3 (AES256) or SSE-KMS with the stack's key.");
            }
        }, RuleCode.DLQ_ENCRYPTION::unknown));
    }

    static Check accessLogging() {
        return Check.of(RuleCode.DLQ_ACCESS_LOGGING, ctx -> ctx.dlqAccessLogging().fold(on -> on
                        ? RuleCode.DLQ_ACCESS_LOGGING.pass("DLQ bucket has server access logging.")
                        : RuleCode.DLQ_ACCESS_LOGGING.fail("DLQ bucket " + bucket(ctx) + " has no server access logging.",
                                "Enable server access logging on " + bucket(ctx) + " so reads of dead-lettered data are audited."),
                RuleCode.DLQ_ACCESS_LOGGING::unknown));
    }

    private static String bucket(ValidationContext ctx) {
        return ctx.spec().infrastructure().dlqBucket();
    }
}
