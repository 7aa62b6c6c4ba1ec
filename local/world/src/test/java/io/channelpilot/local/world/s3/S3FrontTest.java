package io.channelpilot.local.world.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.BucketLocationConstraint;
import software.amazon.awssdk.services.s3.model.GetBucketLoggingResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchBucketException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Object;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

/**
 * S3 through the shared endpoint with the unmodified SDK client. The client sets no {@code forcePathStyle}: for an
 * IP-address endpoint the SDK's endpoint rules choose path-style on their own, which is what the front expects.
 */
class S3FrontTest {

    private static S3Front front;
    private static EmulatorServer server;
    private static S3Client s3;

    @BeforeAll
    static void start() throws Exception {
        front = S3Front.startTransient().ownedBy("123456789012");
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        server.register(front.emulator());
        s3 = S3Client.builder().endpointOverride(server.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(c -> c.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    @AfterAll
    static void stop() {
        s3.close();
        server.close();
        front.close();
    }

    @Test
    void shouldListAllObjectsAcrossPagesWhenBucketHoldsMoreThanOnePage() {
        // given 2 500 objects: 100 put through the SDK, the rest seeded through the world API (faster, same store)
        s3.createBucket(b -> b.bucket("many"));
        java.util.stream.IntStream.range(0, 2500).parallel().forEach(i -> {
            String key = String.format("data/%05d.json", i);
            byte[] body = ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8);
            if (i % 25 == 0) {
                s3.putObject(b -> b.bucket("many").key(key), RequestBody.fromBytes(body));
            } else {
                front.putObject("many", key, body, java.util.Map.of("Content-Type", "application/json"));
            }
        });
        // when
        List<S3Object> listed = s3.listObjectsV2Paginator(b -> b.bucket("many").prefix("data/")).contents()
                .stream().toList();
        // then
        assertThat(listed).hasSize(2500);
        assertThat(listed.get(0).key()).isEqualTo("data/00000.json");
        assertThat(listed.get(2499).key()).isEqualTo("data/02499.json");
        assertThat(server.calls().count("s3:ListObjectsV2")).isEqualTo(3);
        assertThat(server.calls().count("s3:PutObject")).isEqualTo(100);
        assertThat(s3.getObjectAsBytes(b -> b.bucket("many").key("data/01234.json")).asUtf8String())
                .isEqualTo("{\"n\":1234}");
        assertThat(front.listObjects("many", "data/0249")).hasSize(10);
    }

    @Test
    void shouldReturnSameBytesAndHeadersWhenObjectIsGzipped() throws Exception {
        // given
        s3.createBucket(b -> b.bucket("gzipped"));
        byte[] gz = gzip("{\"a\":1}\n{\"a\":2}\n");
        // when
        s3.putObject(b -> b.bucket("gzipped").key("p/x.jsonl.gz").contentEncoding("gzip").contentType("application/json"),
                RequestBody.fromBytes(gz));
        ResponseBytes<GetObjectResponse> got = s3.getObjectAsBytes(b -> b.bucket("gzipped").key("p/x.jsonl.gz"));
        HeadObjectResponse head = s3.headObject(b -> b.bucket("gzipped").key("p/x.jsonl.gz"));
        // then
        assertThat(got.asByteArray()).isEqualTo(gz);
        assertThat(got.response().contentEncoding()).isEqualTo("gzip");
        assertThat(head.contentLength()).isEqualTo(gz.length);
        assertThat(front.getObject("gzipped", "p/x.jsonl.gz")).isEqualTo(gz);
    }

    /** Issue 13: a request naming another account as the expected bucket owner is refused 403, as S3 does. */
    @Test
    void shouldRefuseARequestWhoseExpectedBucketOwnerIsAnotherAccount() {
        s3.createBucket(b -> b.bucket("owned"));
        // seeded through the world API: the shared server's PutObject count belongs to another test
        front.putObject("owned", "k", "v".getBytes(StandardCharsets.UTF_8), java.util.Map.of());
        assertThat(s3.getObjectAsBytes(b -> b.bucket("owned").key("k").expectedBucketOwner("123456789012")).asUtf8String())
                .isEqualTo("v");
        assertThatThrownBy(() -> s3.getObject(b -> b.bucket("owned").key("k").expectedBucketOwner("999999999999")))
                .isInstanceOfSatisfying(software.amazon.awssdk.services.s3.model.S3Exception.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(403);
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("AccessDenied");
                });
        assertThatThrownBy(() -> s3.headObject(b -> b.bucket("owned").key("k").expectedBucketOwner("999999999999")))
                .isInstanceOfSatisfying(software.amazon.awssdk.services.s3.model.S3Exception.class,
                        e -> assertThat(e.statusCode()).isEqualTo(403));
        assertThatThrownBy(() -> s3.copyObject(b -> b.sourceBucket("owned").sourceKey("k").destinationBucket("owned")
                .destinationKey("k2").expectedSourceBucketOwner("999999999999")))
                .hasMessageContaining("Access Denied");
        assertThat(front.listObjects("owned", "")).hasSize(1);
    }

    @Test
    void shouldRaiseNoSuchKeyWhenObjectWasDeleted() {
        s3.createBucket(b -> b.bucket("del"));
        s3.putObject(b -> b.bucket("del").key("k"), RequestBody.fromString("v"));
        s3.deleteObject(b -> b.bucket("del").key("k"));
        assertThatThrownBy(() -> s3.getObject(b -> b.bucket("del").key("k")))
                .isInstanceOf(NoSuchKeyException.class);
        assertThat(server.calls().count("s3:DeleteObject")).isEqualTo(1);
    }

    @Test
    void shouldAnswerDefaultSseS3ThenKmsWhenEncryptionIsPut() {
        // given a bucket created through the API: S3 applies SSE-S3 to every new bucket
        s3.createBucket(b -> b.bucket("enc"));
        assertThat(s3.getBucketEncryption(b -> b.bucket("enc")).serverSideEncryptionConfiguration().rules().get(0)
                .applyServerSideEncryptionByDefault().sseAlgorithm()).isEqualTo(ServerSideEncryption.AES256);
        // when
        s3.putBucketEncryption(b -> b.bucket("enc").serverSideEncryptionConfiguration(c -> c.rules(r -> r
                .bucketKeyEnabled(true).applyServerSideEncryptionByDefault(d -> d
                        .sseAlgorithm(ServerSideEncryption.AWS_KMS).kmsMasterKeyID("arn:aws:kms:us-east-1:1:key/k")))));
        // then
        var rule = s3.getBucketEncryption(b -> b.bucket("enc")).serverSideEncryptionConfiguration().rules().get(0);
        assertThat(rule.applyServerSideEncryptionByDefault().sseAlgorithm()).isEqualTo(ServerSideEncryption.AWS_KMS);
        assertThat(rule.applyServerSideEncryptionByDefault().kmsMasterKeyID()).isEqualTo("arn:aws:kms:us-east-1:1:key/k");
        assertThat(rule.bucketKeyEnabled()).isTrue();
        assertThat(front.encryption("enc")).contains("aws:kms");
    }

    @Test
    void shouldRaiseEncryptionNotFoundWhenWorldBucketHasNoDefaultEncryption() {
        front.createBucket(new BucketSpec("legacy", "us-east-1", Optional.empty(), Optional.empty()));
        assertThatThrownBy(() -> s3.getBucketEncryption(b -> b.bucket("legacy")))
                .isInstanceOfSatisfying(S3Exception.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(404);
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ServerSideEncryptionConfigurationNotFoundError");
                });
        assertThat(front.encryption("legacy")).isEmpty();
    }

    @Test
    void shouldRejectUnknownAlgorithmWhenEncryptionIsPut() {
        s3.createBucket(b -> b.bucket("badenc"));
        assertThatThrownBy(() -> s3.putBucketEncryption(b -> b.bucket("badenc").serverSideEncryptionConfiguration(
                c -> c.rules(r -> r.applyServerSideEncryptionByDefault(d -> d.sseAlgorithm("ROT13"))))))
                .isInstanceOfSatisfying(S3Exception.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidArgument"));
    }

    @Test
    void shouldAnswerLoggingWhenPutAndNothingWhenDisabled() {
        // given
        s3.createBucket(b -> b.bucket("logged"));
        s3.createBucket(b -> b.bucket("access-logs"));
        assertThat(s3.getBucketLogging(b -> b.bucket("logged")).loggingEnabled()).isNull();
        // when
        s3.putBucketLogging(b -> b.bucket("logged").bucketLoggingStatus(s -> s.loggingEnabled(
                l -> l.targetBucket("access-logs").targetPrefix("logged/"))));
        // then
        GetBucketLoggingResponse logging = s3.getBucketLogging(b -> b.bucket("logged"));
        assertThat(logging.loggingEnabled().targetBucket()).isEqualTo("access-logs");
        assertThat(logging.loggingEnabled().targetPrefix()).isEqualTo("logged/");
        assertThat(front.bucket("logged").orElseThrow().logging()).contains(new BucketSpec.Logging("access-logs", "logged/"));
        // and disabling it empties the status again
        s3.putBucketLogging(b -> b.bucket("logged").bucketLoggingStatus(s -> { }));
        assertThat(s3.getBucketLogging(b -> b.bucket("logged")).loggingEnabled()).isNull();
    }

    @Test
    void shouldRejectLoggingTargetWhenTargetBucketIsMissing() {
        s3.createBucket(b -> b.bucket("orphan-logs"));
        assertThatThrownBy(() -> s3.putBucketLogging(b -> b.bucket("orphan-logs").bucketLoggingStatus(
                s -> s.loggingEnabled(l -> l.targetBucket("nowhere").targetPrefix("x/")))))
                .isInstanceOfSatisfying(S3Exception.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidTargetBucketForLogging"));
    }

    @Test
    void shouldAnswerBucketRegionWhenLocationIsAsked() {
        s3.createBucket(b -> b.bucket("euro").createBucketConfiguration(
                c -> c.locationConstraint(BucketLocationConstraint.EU_WEST_1)));
        s3.createBucket(b -> b.bucket("virginia"));
        assertThat(s3.getBucketLocation(b -> b.bucket("euro")).locationConstraint())
                .isEqualTo(BucketLocationConstraint.EU_WEST_1);
        assertThat(s3.getBucketLocation(b -> b.bucket("virginia")).locationConstraintAsString()).isNullOrEmpty();
        assertThat(s3.headBucket(b -> b.bucket("euro")).bucketRegion()).isEqualTo("eu-west-1");
        assertThat(server.calls().count("s3:GetBucketLocation")).isEqualTo(2);
    }

    @Test
    void shouldRaiseNoSuchBucketForEveryOperationFamilyWhenBucketIsMissing() {
        assertThatThrownBy(() -> s3.getObject(b -> b.bucket("ghost").key("k"))).isInstanceOf(NoSuchBucketException.class);
        assertThatThrownBy(() -> s3.listObjectsV2(b -> b.bucket("ghost"))).isInstanceOf(NoSuchBucketException.class);
        assertThatThrownBy(() -> s3.getBucketEncryption(b -> b.bucket("ghost"))).isInstanceOf(NoSuchBucketException.class);
        assertThatThrownBy(() -> s3.getBucketLogging(b -> b.bucket("ghost"))).isInstanceOf(NoSuchBucketException.class);
        assertThatThrownBy(() -> s3.headBucket(b -> b.bucket("ghost")))
                .isInstanceOfSatisfying(S3Exception.class, e -> assertThat(e.statusCode()).isEqualTo(404));
        assertThat(front.exists("ghost")).isFalse();
    }

    @Test
    void shouldRejectInvalidBucketNameWhenCreated() {
        // the SDK validates names client-side, so drive the emulator directly with a name it would refuse
        var request = new io.channelpilot.local.world.http.AwsRequest("s3", "PUT", "/no_underscores", java.util.Map.of(),
                java.util.Map.of(), new byte[0]);
        assertThatThrownBy(() -> front.emulator().handle(request, "CreateBucket"))
                .isInstanceOfSatisfying(io.channelpilot.local.world.http.AwsServiceError.class,
                        e -> assertThat(e.code()).isEqualTo("InvalidBucketName"));
        assertThat(front.exists("no_underscores")).isFalse();
    }

    @Test
    void shouldRaiseSlowDownWhenS3CallsAreThrottled() {
        s3.createBucket(b -> b.bucket("throttled"));
        server.faults().add(new io.channelpilot.local.world.http.FaultRule("s3:GetBucketLogging", 1.0, 0.0, null, null));
        try {
            assertThatThrownBy(() -> s3.getBucketLogging(b -> b.bucket("throttled")))
                    .isInstanceOfSatisfying(S3Exception.class, e -> {
                        assertThat(e.statusCode()).isEqualTo(503);
                        assertThat(e.awsErrorDetails().errorCode()).isEqualTo("SlowDown");
                    });
        } finally {
            server.faults().clear();
        }
    }

    @Test
    void shouldForgetBucketWhenDeleted() {
        s3.createBucket(b -> b.bucket("temp"));
        s3.deleteBucket(b -> b.bucket("temp"));
        assertThat(front.exists("temp")).isFalse();
        assertThat(server.calls().count("s3:DeleteBucket")).isEqualTo(1);
    }

    @Test
    void shouldAnswerOkForRepeatedCreateInUsEast1AndConflictElsewhere() {
        s3.createBucket(b -> b.bucket("again"));
        s3.createBucket(b -> b.bucket("again"));
        s3.createBucket(b -> b.bucket("again-eu").createBucketConfiguration(
                c -> c.locationConstraint(BucketLocationConstraint.EU_WEST_1)));
        assertThatThrownBy(() -> s3.createBucket(b -> b.bucket("again-eu").createBucketConfiguration(
                c -> c.locationConstraint(BucketLocationConstraint.EU_WEST_1))))
                .isInstanceOfSatisfying(S3Exception.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(409);
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("BucketAlreadyOwnedByYou");
                });
    }

    private static byte[] gzip(String text) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }
}
