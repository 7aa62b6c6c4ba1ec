package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsRequest;
import java.util.List;

/**
 * Names an S3 REST call the way the S3 API reference does (PutObject, ListObjectsV2, GetBucketEncryption, …) from its
 * method, path and query, for the call log and fault rules. Requests are path-style ({@code /bucket/key}): the SDK
 * uses path-style for an IP-address endpoint such as the world's {@code http://127.0.0.1:port}.
 */
final class S3OperationNames {

    /** Bucket sub-resources in the order they are checked; the first present query key decides. */
    private static final List<String> BUCKET_SUBRESOURCES = List.of("encryption", "logging", "location", "versioning",
            "acl", "policy", "tagging", "lifecycle", "cors", "website", "notification", "replication",
            "ownershipControls", "publicAccessBlock", "object-lock", "requestPayment", "accelerate");

    private S3OperationNames() {
    }

    static String of(AwsRequest request) {
        List<String> segments = request.pathSegments();
        boolean root = segments.isEmpty() || segments.get(0).isEmpty();
        if (root) {
            return "GET".equals(request.method()) ? "ListBuckets" : "Unknown";
        }
        boolean bucketLevel = segments.size() == 1 || (segments.size() == 2 && segments.get(1).isEmpty());
        return bucketLevel ? bucketOperation(request) : objectOperation(request);
    }

    /** The bucket sub-resource named by the query (e.g. {@code encryption}), or empty. */
    static String subresource(AwsRequest request) {
        for (String s : BUCKET_SUBRESOURCES) {
            if (request.query().containsKey(s)) {
                return s;
            }
        }
        return "";
    }

    private static String bucketOperation(AwsRequest r) {
        String sub = subresource(r);
        String suffix = sub.isEmpty() ? "" : camel(sub);
        return switch (r.method()) {
            case "PUT" -> sub.isEmpty() ? "CreateBucket" : "PutBucket" + suffix;
            case "HEAD" -> "HeadBucket";
            case "DELETE" -> sub.isEmpty() ? "DeleteBucket" : "DeleteBucket" + suffix;
            case "POST" -> r.query().containsKey("delete") ? "DeleteObjects" : "Unknown";
            case "GET" -> {
                if (!sub.isEmpty()) {
                    yield "GetBucket" + suffix;
                }
                if (r.query().containsKey("uploads")) {
                    yield "ListMultipartUploads";
                }
                if (r.query().containsKey("versions")) {
                    yield "ListObjectVersions";
                }
                yield r.queryParam("list-type").filter("2"::equals).isPresent() ? "ListObjectsV2" : "ListObjects";
            }
            default -> "Unknown";
        };
    }

    private static String objectOperation(AwsRequest r) {
        boolean upload = r.query().containsKey("uploadId");
        boolean copy = r.header("x-amz-copy-source").isPresent();
        return switch (r.method()) {
            case "GET" -> r.query().containsKey("acl") ? "GetObjectAcl"
                    : r.query().containsKey("tagging") ? "GetObjectTagging"
                    : r.query().containsKey("attributes") ? "GetObjectAttributes"
                    : upload ? "ListParts" : "GetObject";
            case "HEAD" -> "HeadObject";
            case "PUT" -> r.query().containsKey("partNumber") ? (copy ? "UploadPartCopy" : "UploadPart")
                    : r.query().containsKey("acl") ? "PutObjectAcl"
                    : r.query().containsKey("tagging") ? "PutObjectTagging"
                    : copy ? "CopyObject" : "PutObject";
            case "DELETE" -> upload ? "AbortMultipartUpload"
                    : r.query().containsKey("tagging") ? "DeleteObjectTagging" : "DeleteObject";
            case "POST" -> r.query().containsKey("uploads") ? "CreateMultipartUpload"
                    : upload ? "CompleteMultipartUpload" : "Unknown";
            default -> "Unknown";
        };
    }

    private static String camel(String sub) {
        return switch (sub) {
            case "acl" -> "Acl";
            case "cors" -> "Cors";
            case "lifecycle" -> "LifecycleConfiguration";
            case "object-lock" -> "ObjectLockConfiguration";
            case "notification" -> "NotificationConfiguration";
            default -> Character.toUpperCase(sub.charAt(0)) + sub.substring(1);
        };
    }
}
