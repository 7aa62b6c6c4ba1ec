package io.channelpilot.local.world.http;

import java.util.Optional;

/**
 * What other emulators need to know about general-purpose S3 buckets (owned by the S3 front of the world): MSK
 * fails a channel whose DLQ bucket does not exist; validation reads encryption and logging.
 */
public interface BucketDirectory {

    boolean exists(String bucketName);

    /** {@code AES256}, {@code aws:kms} or empty when the bucket has no default encryption. */
    Optional<String> encryption(String bucketName);
}
