package io.channelpilot.alarm.gateway;


import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

import java.io.InputStream;
import java.util.function.Consumer;

/**
 * The DLQ bucket over S3: ListObjectsV2 (StartAfter, every page), GetObject as a stream, CopyObject. Every call names
 * the expected bucket owner (the stack's account): a DLQ bucket name that has come to belong to another account is
 * refused by S3 (403) instead of being read from or copied into.
 */
public final class S3DlqBucket implements AlarmPorts.DlqObjects {

    private final S3Client s3;
    private final String owner;

    /** @param owner the stack's account id; empty = not sent (the account is unknown) */
    public S3DlqBucket(S3Client s3, String owner) {
        this.s3 = s3;
        this.owner = owner == null || owner.isEmpty() ? null : owner;
    }

    @Override
    public void list(String bucket, String prefix, String startAfter, Consumer<AlarmPorts.DlqObject> sink) {
        String token = null;
        do {
            String next = token;
            ListObjectsV2Response page = s3.listObjectsV2(r -> r.bucket(bucket).prefix(prefix).expectedBucketOwner(owner)
                    .startAfter(startAfter.isEmpty() || next != null ? null : startAfter).continuationToken(next));
            for (S3Object o : page.contents()) {
                sink.accept(new AlarmPorts.DlqObject(o.key(), o.size() == null ? 0 : o.size(), o.lastModified()));
            }
            token = Boolean.TRUE.equals(page.isTruncated()) ? page.nextContinuationToken() : null;
        } while (token != null);
    }

    @Override
    public InputStream open(String bucket, String key) {
        return s3.getObject(r -> r.bucket(bucket).key(key).expectedBucketOwner(owner));
    }

    @Override
    public void copy(String bucket, String key, String targetKey) {
        s3.copyObject(r -> r.sourceBucket(bucket).sourceKey(key).destinationBucket(bucket).destinationKey(targetKey)
                .expectedBucketOwner(owner).expectedSourceBucketOwner(owner));
    }
}
