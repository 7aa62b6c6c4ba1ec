package io.channelpilot.local.sfn.s3;

import java.time.Instant;
import java.util.List;

/** Lists a bucket for the Distributed Map ItemReader {@code arn:aws:states:::s3:listObjectsV2}. */
@FunctionalInterface
public interface S3ObjectLister {

    /** Every object under {@code prefix} (null or empty: the whole bucket), in key order, across all pages. */
    List<S3ObjectSummary> list(String bucket, String prefix);

    /** One listed object, shaped like the item Step Functions passes to a child workflow. */
    record S3ObjectSummary(String key, String etag, Instant lastModified, long size, String storageClass) {
    }

    /** Thrown when the bucket cannot be listed; becomes States.ItemReaderFailed. */
    final class ListingFailed extends RuntimeException {
        public ListingFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
