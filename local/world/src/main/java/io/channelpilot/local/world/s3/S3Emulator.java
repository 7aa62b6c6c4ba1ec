package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.Protocol;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.util.List;
import java.util.Map;

/**
 * S3 on the shared endpoint (signing name {@code s3}, REST-XML): object and bucket calls are replayed against the
 * in-process s3proxy; bucket configuration Channel Pilot reads (encryption, logging, location) is answered from world
 * state by {@link BucketConfigHandler}; CreateBucket/DeleteBucket keep that state in step with the proxy.
 */
final class S3Emulator implements ServiceEmulator {

    /** General purpose bucket naming rules: 3-63 of lowercase letters, digits, dots, hyphens; letter/digit ends. */
    private static final java.util.regex.Pattern VALID_NAME =
            java.util.regex.Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    private final BucketRegistry buckets;
    private final BucketConfigHandler config;
    private final ProxyForwarder proxy;
    private final java.util.function.BiConsumer<String, String> written;

    /** {@code written} is told (bucket, key) after every successful object write (the front stamps its time). */
    S3Emulator(BucketRegistry buckets, ProxyForwarder proxy, java.util.function.BiConsumer<String, String> written) {
        this.buckets = buckets;
        this.config = new BucketConfigHandler(buckets);
        this.proxy = proxy;
        this.written = written;
    }

    @Override
    public String signingName() {
        return "s3";
    }

    @Override
    public Protocol protocol() {
        return Protocol.REST_XML;
    }

    @Override
    public String operationOf(AwsRequest request) {
        return S3OperationNames.of(request);
    }

    @Override
    public AwsServiceError throttlingError() {
        return new AwsServiceError(503, "SlowDown", "Please reduce your request rate.");
    }

    @Override
    public AwsServiceError internalError() {
        return new AwsServiceError(500, "InternalError", "We encountered an internal error. Please try again.");
    }

    @Override
    public AwsResponse handle(AwsRequest request, String operation) {
        List<String> segments = request.pathSegments();
        if (segments.isEmpty() || segments.get(0).isEmpty()) {
            return proxy.forward(request);
        }
        String bucket = segments.get(0);
        for (String header : java.util.List.of("x-amz-expected-bucket-owner", "x-amz-source-expected-bucket-owner")) {
            String expected = request.header(header).orElse("");
            if (!expected.isEmpty() && !buckets.owner().isEmpty() && !expected.equals(buckets.owner())) {
                // S3: "If the account ID that you provide does not match the actual owner of the bucket, the request
                // fails with the HTTP status code 403 Forbidden (access denied)."
                throw new AwsServiceError(403, "AccessDenied", "Access Denied");
            }
        }
        if (BucketConfigHandler.OPERATIONS.contains(operation)) {
            return config.handle(request, operation, bucket);
        }
        return switch (operation) {
            case "CreateBucket" -> createBucket(request, bucket);
            case "DeleteBucket" -> {
                AwsResponse r = proxy.forward(request);
                if (r.status() / 100 == 2) {
                    buckets.remove(bucket);
                }
                yield r;
            }
            case "HeadBucket" -> {
                BucketSpec spec = buckets.find(bucket).orElseThrow(() -> BucketConfigHandler.noSuchBucket(bucket));
                yield proxy.forward(request).withHeader("x-amz-bucket-region", spec.region());
            }
            default -> {
                if (buckets.find(bucket).isEmpty()) {
                    throw BucketConfigHandler.noSuchBucket(bucket);
                }
                AwsResponse r = proxy.forward(request);
                if (r.status() / 100 == 2 && WRITES.contains(operation) && segments.size() > 1) {
                    written.accept(bucket, String.join("/", segments.subList(1, segments.size())));
                }
                yield r;
            }
        };
    }

    private static final java.util.Set<String> WRITES = java.util.Set.of("PutObject", "CopyObject",
            "CompleteMultipartUpload");

    /**
     * CreateBucket: the region is the {@code LocationConstraint} of the body, or us-east-1 when absent. Creating a
     * bucket you already own is {@code BucketAlreadyOwnedByYou} (409), except in us-east-1 where S3 answers 200.
     */
    private AwsResponse createBucket(AwsRequest request, String bucket) {
        if (!VALID_NAME.matcher(bucket).matches() || bucket.contains("..")) {
            throw new AwsServiceError(400, "InvalidBucketName", "The specified bucket is not valid.",
                    Map.of("BucketName", bucket));
        }
        String region = request.body().length == 0 ? "us-east-1"
                : S3Xml.text(S3Xml.parse(request.body()), "LocationConstraint").filter(s -> !s.isEmpty())
                        .orElse("us-east-1");
        if (buckets.find(bucket).isPresent()) {
            if ("us-east-1".equals(region)) {
                return AwsResponse.empty(200).withHeader("Location", "/" + bucket);
            }
            throw new AwsServiceError(409, "BucketAlreadyOwnedByYou",
                    "Your previous request to create the named bucket succeeded and you already own it.",
                    Map.of("BucketName", bucket));
        }
        // the proxy needs no location body; regions live in the registry
        AwsRequest plain = new AwsRequest(request.service(), "PUT", "/" + bucket, Map.of(), Map.of(), new byte[0]);
        AwsResponse r = proxy.forward(plain);
        if (r.status() / 100 == 2) {
            buckets.put(BucketSpec.created(bucket, region));
            return AwsResponse.empty(200).withHeader("Location", "/" + bucket);
        }
        return r;
    }
}
