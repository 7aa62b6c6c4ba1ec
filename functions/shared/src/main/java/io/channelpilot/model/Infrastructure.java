package io.channelpilot.model;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a channel writes besides its table, resolved from stack parameters: table bucket, DLQ, role, KMS key, log group.
 * None of these can change after CreateChannel, so all are part of the fingerprint. {@code names} says how the
 * account-wide names (log group, DLQ prefix, alarms) were made ({@link NameScope}); it is not fingerprinted itself,
 * the log group and DLQ prefix it produced are.
 */
public record Infrastructure(String tableBucketArn, String dlqBucketArn, String dlqPrefix, String serviceRoleArn,
                             String kmsKeyArn, String logGroup, NameScope names) {

    public Infrastructure {
        Objects.requireNonNull(tableBucketArn, "tableBucketArn");
        Objects.requireNonNull(dlqBucketArn, "dlqBucketArn");
        Objects.requireNonNull(serviceRoleArn, "serviceRoleArn");
        Objects.requireNonNull(logGroup, "logGroup");
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
        kmsKeyArn = kmsKeyArn == null ? "" : kmsKeyArn;
        names = names == null ? NameScope.CHANNEL : names;
    }

    /** Explicit names (tests, hand-built specs): the scope is {@link NameScope#CHANNEL}, as for a recorded old spec. */
    public Infrastructure(String tableBucketArn, String dlqBucketArn, String dlqPrefix, String serviceRoleArn,
                          String kmsKeyArn, String logGroup) {
        this(tableBucketArn, dlqBucketArn, dlqPrefix, serviceRoleArn, kmsKeyArn, logGroup, NameScope.CHANNEL);
    }

    /** The infrastructure of a new channel: cluster-scoped names ({@link NameScope#CLUSTER}). */
    public static Infrastructure of(StackSettings stack, String clusterArn, String channelName) {
        return of(stack, clusterArn, channelName, NameScope.CLUSTER);
    }

    /** {@code scope} {@link NameScope#CHANNEL}: what a channel created before cluster-scoped names got (to adopt it). */
    public static Infrastructure of(StackSettings stack, String clusterArn, String channelName, NameScope scope) {
        return new Infrastructure(stack.tableBucketArn(), stack.dlqBucketArn(),
                ResourceNames.dlqPrefix(stack, clusterArn, channelName, scope), stack.serviceRoleArn(), stack.kmsKeyArn(),
                ResourceNames.logGroup(stack, clusterArn, channelName, scope), scope);
    }

    @JsonIgnore
    public Optional<String> kmsKey() {
        return kmsKeyArn.isEmpty() ? Optional.empty() : Optional.of(kmsKeyArn);
    }

    /** Bucket name from {@code arn:aws:s3:::<name>}. */
    @JsonIgnore
    public String dlqBucket() {
        return dlqBucketArn.substring(dlqBucketArn.lastIndexOf(':') + 1);
    }
}
