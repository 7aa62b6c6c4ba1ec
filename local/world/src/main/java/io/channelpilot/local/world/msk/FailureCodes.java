package io.channelpilot.local.world.msk;

/**
 * The {@code stateInfo.code} values the emulator sets. UNCONFIRMED: AWS documents the causes (reference §2, §10) but
 * no code strings, so these are our own, stable names; tests and Channel Pilot must treat them as opaque text.
 */
public final class FailureCodes {

    /** The service execution role lacks a reference §9 permission (found by IAM policy simulation). */
    public static final String INSUFFICIENT_PERMISSIONS = "InsufficientPermissions";
    /** The service execution role does not exist. */
    public static final String ROLE_NOT_FOUND = "ServiceExecutionRoleNotFound";
    /** {@code deadLetterQueueS3.bucketArn} names a bucket that does not exist. */
    public static final String DLQ_BUCKET_NOT_FOUND = "DeadLetterQueueBucketNotFound";
    /** The destination table bucket ({@code catalog.warehouseLocation}) does not exist. */
    public static final String TABLE_BUCKET_NOT_FOUND = "TableBucketNotFound";
    /** Plain {@code JSON}: {@code recordSchema.gsrArn} does not resolve to a JSON schema in Glue. */
    public static final String SCHEMA_RESOLUTION_FAILED = "SchemaResolutionFailed";
    /** ACTIVE channel whose destination table was deleted after it had delivered (reference §2). */
    public static final String DESTINATION_TABLE_DELETED = "DestinationTableDeleted";

    private FailureCodes() {
    }
}
