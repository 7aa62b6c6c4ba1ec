package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Xml;
import java.util.Optional;
import java.util.Set;
import org.w3c.dom.Document;

/**
 * Answers the bucket configuration sub-resources Channel Pilot reads from world state instead of the proxy: s3proxy
 * 4.1 has no {@code ?logging}, answers {@code ?location} without knowing regions, and its encryption support depends on
 * the blob store, so one owner of this state keeps validation deterministic.
 */
final class BucketConfigHandler {

    static final Set<String> OPERATIONS = Set.of("GetBucketEncryption", "PutBucketEncryption",
            "DeleteBucketEncryption", "GetBucketLogging", "PutBucketLogging", "GetBucketLocation");

    private static final Set<String> ALGORITHMS = Set.of("AES256", "aws:kms", "aws:kms:dsse");

    private final BucketRegistry buckets;

    BucketConfigHandler(BucketRegistry buckets) {
        this.buckets = buckets;
    }

    AwsResponse handle(AwsRequest request, String operation, String bucket) {
        BucketSpec spec = buckets.find(bucket).orElseThrow(() -> noSuchBucket(bucket));
        return switch (operation) {
            case "GetBucketEncryption" -> getEncryption(spec);
            case "PutBucketEncryption" -> putEncryption(spec, request.body());
            // "resets the default encryption for the bucket as server-side encryption with Amazon S3 managed keys"
            case "DeleteBucketEncryption" -> {
                buckets.put(spec.withEncryption(Optional.of(BucketSpec.Encryption.sseS3())));
                yield AwsResponse.empty(204);
            }
            case "GetBucketLogging" -> getLogging(spec);
            case "PutBucketLogging" -> putLogging(spec, request.body());
            case "GetBucketLocation" -> AwsResponse.xml(200, location(spec.region()));
            default -> throw new IllegalArgumentException("not a bucket configuration operation: " + operation);
        };
    }

    static AwsServiceError noSuchBucket(String bucket) {
        return new AwsServiceError(404, "NoSuchBucket", "The specified bucket does not exist",
                java.util.Map.of("BucketName", bucket));
    }

    /** us-east-1 buckets answer an empty LocationConstraint (S3 API reference, GetBucketLocation). */
    private static String location(String region) {
        return "us-east-1".equals(region)
                ? "<LocationConstraint xmlns=\"" + S3Xml.NS + "\"/>"
                : "<LocationConstraint xmlns=\"" + S3Xml.NS + "\">" + Xml.escape(region) + "</LocationConstraint>";
    }

    private static AwsResponse getEncryption(BucketSpec spec) {
        BucketSpec.Encryption e = spec.encryption().orElseThrow(() -> new AwsServiceError(404,
                "ServerSideEncryptionConfigurationNotFoundError",
                "The server side encryption configuration was not found"));
        String key = e.kmsKeyId().map(k -> "<KMSMasterKeyID>" + Xml.escape(k) + "</KMSMasterKeyID>").orElse("");
        return AwsResponse.xml(200, "<ServerSideEncryptionConfiguration xmlns=\"" + S3Xml.NS + "\"><Rule>"
                + "<ApplyServerSideEncryptionByDefault><SSEAlgorithm>" + Xml.escape(e.algorithm()) + "</SSEAlgorithm>"
                + key + "</ApplyServerSideEncryptionByDefault><BucketKeyEnabled>" + e.bucketKeyEnabled()
                + "</BucketKeyEnabled></Rule></ServerSideEncryptionConfiguration>");
    }

    private AwsResponse putEncryption(BucketSpec spec, byte[] body) {
        Document doc = S3Xml.parse(body);
        String algorithm = S3Xml.text(doc, "SSEAlgorithm").orElseThrow(BucketConfigHandler::malformed);
        if (!ALGORITHMS.contains(algorithm)) {
            throw new AwsServiceError(400, "InvalidArgument", "Invalid SSEAlgorithm: " + algorithm,
                    java.util.Map.of("ArgumentName", "SSEAlgorithm", "ArgumentValue", algorithm));
        }
        Optional<String> key = S3Xml.text(doc, "KMSMasterKeyID").filter(k -> !k.isEmpty());
        if (key.isPresent() && "AES256".equals(algorithm)) {
            throw new AwsServiceError(400, "InvalidArgument",
                    "a KMSMasterKeyID is not applicable if the default sse algorithm is not aws:kms or aws:kms:dsse");
        }
        boolean bucketKey = S3Xml.text(doc, "BucketKeyEnabled").map(Boolean::parseBoolean).orElse(false);
        buckets.put(spec.withEncryption(Optional.of(new BucketSpec.Encryption(algorithm, key, bucketKey))));
        return AwsResponse.empty(200);
    }

    private static AwsResponse getLogging(BucketSpec spec) {
        String inner = spec.logging().map(l -> "<LoggingEnabled><TargetBucket>" + Xml.escape(l.targetBucket())
                + "</TargetBucket><TargetPrefix>" + Xml.escape(l.targetPrefix()) + "</TargetPrefix></LoggingEnabled>")
                .orElse("");
        return AwsResponse.xml(200, "<BucketLoggingStatus xmlns=\"" + S3Xml.NS + "\">" + inner
                + "</BucketLoggingStatus>");
    }

    /** An empty {@code BucketLoggingStatus} disables logging; the target must exist in the same region. */
    private AwsResponse putLogging(BucketSpec spec, byte[] body) {
        Document doc = S3Xml.parse(body);
        if (S3Xml.elements(doc, "LoggingEnabled").isEmpty()) {
            buckets.put(spec.withLogging(Optional.empty()));
            return AwsResponse.empty(200);
        }
        String target = S3Xml.text(doc, "TargetBucket").orElseThrow(BucketConfigHandler::malformed);
        String prefix = S3Xml.text(doc, "TargetPrefix").orElse("");
        Optional<BucketSpec> targetSpec = buckets.find(target);
        if (targetSpec.isEmpty() || !targetSpec.get().region().equals(spec.region())) {
            throw new AwsServiceError(400, "InvalidTargetBucketForLogging",
                    "The target bucket for logging does not exist, is not owned by you, or is not in the same region");
        }
        buckets.put(spec.withLogging(Optional.of(new BucketSpec.Logging(target, prefix))));
        return AwsResponse.empty(200);
    }

    private static AwsServiceError malformed() {
        return new AwsServiceError(400, "MalformedXML",
                "The XML you provided was not well-formed or did not validate against our published schema");
    }
}
