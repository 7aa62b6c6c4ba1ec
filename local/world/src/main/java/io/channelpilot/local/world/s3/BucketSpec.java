package io.channelpilot.local.world.s3;

import java.util.Objects;
import java.util.Optional;

/**
 * A general-purpose bucket as the world declares it (or as CreateBucket/PutBucket* left it).
 *
 * @param name       bucket name
 * @param region     the bucket's region (GetBucketLocation, {@code x-amz-bucket-region})
 * @param encryption default encryption; empty models a bucket without one (only possible from the world file:
 *                   since January 2023 S3 applies SSE-S3 to every new bucket, so CreateBucket gives AES256)
 * @param logging    server access logging; empty when disabled
 */
public record BucketSpec(String name, String region, Optional<Encryption> encryption, Optional<Logging> logging) {

    public BucketSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(region, "region");
        encryption = encryption == null ? Optional.empty() : encryption;
        logging = logging == null ? Optional.empty() : logging;
    }

    /** A bucket as CreateBucket makes it today: SSE-S3 default encryption, no access logging. */
    public static BucketSpec created(String name, String region) {
        return new BucketSpec(name, region, Optional.of(Encryption.sseS3()), Optional.empty());
    }

    public BucketSpec withEncryption(Optional<Encryption> e) {
        return new BucketSpec(name, region, e, logging);
    }

    public BucketSpec withLogging(Optional<Logging> l) {
        return new BucketSpec(name, region, encryption, l);
    }

    /** Default encryption: {@code AES256}, {@code aws:kms} or {@code aws:kms:dsse}; a KMS key for the KMS ones. */
    public record Encryption(String algorithm, Optional<String> kmsKeyId, boolean bucketKeyEnabled) {
        public Encryption {
            Objects.requireNonNull(algorithm, "algorithm");
            kmsKeyId = kmsKeyId == null ? Optional.empty() : kmsKeyId;
        }

        public static Encryption sseS3() {
            return new Encryption("AES256", Optional.empty(), false);
        }

        public static Encryption kms(String keyId) {
            return new Encryption("aws:kms", Optional.of(keyId), true);
        }
    }

    /** Server access logging target. */
    public record Logging(String targetBucket, String targetPrefix) {
        public Logging {
            Objects.requireNonNull(targetBucket, "targetBucket");
            targetPrefix = targetPrefix == null ? "" : targetPrefix;
        }
    }
}
