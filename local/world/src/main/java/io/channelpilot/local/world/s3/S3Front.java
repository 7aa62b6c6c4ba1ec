package io.channelpilot.local.world.s3;

import io.channelpilot.local.world.http.AwsRequest;
import io.channelpilot.local.world.http.AwsResponse;
import io.channelpilot.local.world.http.AwsServiceError;
import io.channelpilot.local.world.http.BucketDirectory;
import io.channelpilot.local.world.http.ServiceEmulator;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.nio2blob.FilesystemNio2BlobStore;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The world's general-purpose S3: an in-process s3proxy on 127.0.0.1 (authentication NONE, reachable only through
 * this front) plus bucket state (region, encryption, logging). {@link #emulator()} serves S3 on the shared endpoint;
 * the Java API is for the world itself (file seeder, the delivery simulation's DLQ writer, the report) and is not
 * counted as API calls.
 */
public final class S3Front implements BucketDirectory, AutoCloseable {

    private final S3Proxy proxy;
    private final BucketRegistry buckets = new BucketRegistry();
    private final ProxyForwarder forwarder;
    private final S3Emulator emulator;
    private final Path root; // the on-disk store's folder, null for the transient store
    private volatile Clock clock;

    private S3Front(S3Proxy proxy, Path root) {
        this.proxy = proxy;
        this.root = root;
        this.forwarder = new ProxyForwarder(URI.create("http://127.0.0.1:" + proxy.getPort()));
        this.emulator = new S3Emulator(buckets, forwarder, this::stamp);
    }

    /**
     * Objects written from now on carry {@code clock}'s time as {@code LastModified} (the world's virtual time, so
     * a DLQ object is as old as the world says, not as the wall clock says). On-disk store only: s3proxy reads
     * LastModified from the file's modification time, which is set right after each write.
     */
    public S3Front stampedBy(Clock clock) {
        if (root == null) {
            throw new IllegalStateException("virtual LastModified needs the on-disk store (startOnDisk)");
        }
        this.clock = clock;
        return this;
    }

    /** Sets an object's LastModified to the clock's time (no clock: s3proxy's wall-clock time stays). */
    private void stamp(String bucket, String key) {
        Clock c = clock;
        if (c == null) {
            return;
        }
        Path file = root.resolve(bucket);
        for (String segment : key.split("/", -1)) {
            file = file.resolve(segment);
        }
        try {
            Files.setLastModifiedTime(file, FileTime.from(c.instant()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot stamp s3://" + bucket + "/" + key + " with the world's time", e);
        }
    }

    /**
     * The account that owns the world's buckets: a request carrying {@code x-amz-expected-bucket-owner} (or
     * {@code x-amz-source-expected-bucket-owner}) naming another account is refused {@code 403 AccessDenied}, as S3 does.
     */
    public S3Front ownedBy(String account) {
        buckets.owner(account);
        return this;
    }

    /** Objects in memory. */
    public static S3Front startTransient() {
        return start(new TransientNio2BlobStore(), null);
    }

    /** Objects as files under {@code dir/<bucket>/<key>} (inspectable after a run). */
    public static S3Front startOnDisk(Path dir) {
        return start(new FilesystemNio2BlobStore(dir.toAbsolutePath().toString()), dir.toAbsolutePath());
    }

    private static S3Front start(BlobStore store, Path root) {
        S3Proxy proxy = S3Proxy.builder().blobStore(store).endpoint(URI.create("http://127.0.0.1:0"))
                .awsAuthentication(AuthenticationType.NONE, null, null).stopTimeout(200).build();
        try {
            proxy.start(); // Jetty's start() returns once the connector is bound
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy failed to start", e);
        }
        return new S3Front(proxy, root);
    }

    public ServiceEmulator emulator() {
        return emulator;
    }

    /** Creates the bucket with the given region, encryption and logging (world file seeding). */
    public void createBucket(BucketSpec spec) {
        if (buckets.find(spec.name()).isEmpty()) {
            AwsResponse r = forwarder.forward(internal("PUT", "/" + spec.name(), Map.of(), new byte[0]));
            requireSuccess(r, "create bucket " + spec.name());
        }
        buckets.put(spec);
    }

    public Optional<BucketSpec> bucket(String name) {
        return buckets.find(name);
    }

    public List<BucketSpec> buckets() {
        return buckets.all();
    }

    @Override
    public boolean exists(String bucketName) {
        return buckets.find(bucketName).isPresent();
    }

    @Override
    public Optional<String> encryption(String bucketName) {
        return buckets.find(bucketName).flatMap(BucketSpec::encryption).map(BucketSpec.Encryption::algorithm);
    }

    /** Writes an object; {@code headers} e.g. {@code Content-Type}, {@code Content-Encoding}. */
    public void putObject(String bucket, String key, byte[] body, Map<String, String> headers) {
        requireBucket(bucket);
        Map<String, List<String>> h = new LinkedHashMap<>();
        headers.forEach((k, v) -> h.put(k, List.of(v)));
        requireSuccess(forwarder.forward(internal("PUT", objectPath(bucket, key), h, body)), "put " + key);
        stamp(bucket, key);
    }

    public byte[] getObject(String bucket, String key) {
        requireBucket(bucket);
        AwsResponse r = forwarder.forward(internal("GET", objectPath(bucket, key), Map.of(), new byte[0]));
        requireSuccess(r, "get " + key);
        return r.body();
    }

    /** Every object under {@code prefix}, in key order (follows ListObjectsV2 continuation tokens). */
    public List<ObjectSummary> listObjects(String bucket, String prefix) {
        requireBucket(bucket);
        List<ObjectSummary> out = new ArrayList<>();
        String token = null;
        do {
            Map<String, List<String>> q = new LinkedHashMap<>();
            q.put("list-type", List.of("2"));
            q.put("prefix", List.of(prefix));
            if (token != null) {
                q.put("continuation-token", List.of(token));
            }
            AwsResponse r = forwarder.forward(new AwsRequest("s3", "GET", "/" + bucket, q, Map.of(), new byte[0]));
            requireSuccess(r, "list " + bucket);
            Document doc = S3Xml.parse(r.body());
            for (Element c : S3Xml.elements(doc, "Contents")) {
                out.add(new ObjectSummary(S3Xml.text(c, "Key").orElseThrow(),
                        Long.parseLong(S3Xml.text(c, "Size").orElse("0"))));
            }
            token = S3Xml.text(doc, "IsTruncated").filter("true"::equals).isPresent()
                    ? S3Xml.text(doc, "NextContinuationToken").orElse(null) : null;
        } while (token != null);
        return out;
    }

    /** A listed object. */
    public record ObjectSummary(String key, long size) {
    }

    private void requireBucket(String bucket) {
        if (!exists(bucket)) {
            throw BucketConfigHandler.noSuchBucket(bucket);
        }
    }

    private static void requireSuccess(AwsResponse r, String what) {
        if (r.status() / 100 != 2) {
            String body = new String(r.body(), java.nio.charset.StandardCharsets.UTF_8);
            throw new AwsServiceError(r.status(), "S3ProxyError", what + " failed: " + body);
        }
    }

    private static AwsRequest internal(String method, String path, Map<String, List<String>> headers, byte[] body) {
        return new AwsRequest("s3", method, path, Map.of(), headers, body);
    }

    private static String objectPath(String bucket, String key) {
        StringBuilder p = new StringBuilder("/").append(bucket);
        for (String segment : key.split("/", -1)) {
            p.append('/').append(ProxyForwarder.encode(segment));
        }
        return p.toString();
    }

    @Override
    public void close() {
        try {
            proxy.stop();
        } catch (java.util.concurrent.TimeoutException e) {
            // idle keep-alive connections outlived stopTimeout; the connector is closed either way (stack.md P9)
        } catch (Exception e) {
            throw new IllegalStateException("s3proxy failed to stop", e);
        }
    }
}
