package io.channelpilot.model;

import java.util.Objects;
import java.util.Optional;

/**
 * Where a channel writes besides its table, resolved from stack parameters: table bucket, DLQ, role, KMS key, log group.
 * None of these can change after CreateChannel, so all are part of the fingerprint.
 */
public record Infrastructure(String tableBucketArn, String dlqBucketArn, String dlqPrefix, String serviceRoleArn,
                             String kmsKeyArn, String logGroup) {

    public Infrastructure {
        Objects.requireNonNull(tableBucketArn, "tableBucketArn");
        Objects.requireNonNull(dlqBucketArn, "dlqBucketArn");
        Objects.requireNonNull(serviceRoleArn, "serviceRoleArn");
        Objects.requireNonNull(logGroup, "logGroup");
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        kmsKeyArn = kmsKeyArn == null ? "" : kmsKeyArn;
    }

    public static Infrastructure of(StackSettings stack, String channelName) {
        String prefix = stack.dlqPrefix().isEmpty() || stack.dlqPrefix().endsWith("/") ? stack.dlqPrefix() : stack.dlqPrefix() + "/";
        return new Infrastructure(stack.tableBucketArn(), stack.dlqBucketArn(), prefix + channelName + "/",
                stack.serviceRoleArn(), stack.kmsKeyArn(), stack.logGroupPrefix() + channelName);
    }

    public Optional<String> kmsKey() {
        return kmsKeyArn.isEmpty() ? Optional.empty() : Optional.of(kmsKeyArn);
    }

    /** Bucket name from {@code arn:aws:s3:::<name>}. */
    public String dlqBucket() {
        return dlqBucketArn.substring(dlqBucketArn.lastIndexOf(':') + 1);
    }
}
