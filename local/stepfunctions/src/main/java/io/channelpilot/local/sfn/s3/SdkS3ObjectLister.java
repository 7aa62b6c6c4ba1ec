package io.channelpilot.local.sfn.s3;

import java.util.List;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link S3ObjectLister} over the AWS SDK v2 {@link S3Client} (the local world's S3, or s3proxy in tests): follows
 * ListObjectsV2 continuation tokens through every page. The embedder builds the client (region, credentials,
 * url-connection client, endpoint override).
 */
public final class SdkS3ObjectLister implements S3ObjectLister {

    private final S3Client s3;

    public SdkS3ObjectLister(S3Client s3) {
        this.s3 = s3;
    }

    @Override
    public List<S3ObjectSummary> list(String bucket, String prefix) {
        try {
            return s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix == null || prefix.isEmpty() ? null : prefix))
                    .contents().stream().map(SdkS3ObjectLister::summary).toList();
        } catch (S3Exception e) {
            String code = e.awsErrorDetails() == null ? "S3Exception" : e.awsErrorDetails().errorCode();
            throw new ListingFailed(code + ": " + e.getMessage(), e);
        } catch (SdkException e) {
            throw new ListingFailed(e.getMessage(), e);
        }
    }

    private static S3ObjectSummary summary(S3Object o) {
        String storageClass = o.storageClassAsString() == null ? "STANDARD" : o.storageClassAsString();
        return new S3ObjectSummary(o.key(), o.eTag(), o.lastModified(), o.size() == null ? 0 : o.size(), storageClass);
    }
}
