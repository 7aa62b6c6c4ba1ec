package io.channelpilot.local.world.s3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.world.http.AwsServiceError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The on-disk store keeps objects as files a person can inspect after a run. */
class S3FrontOnDiskTest {

    @TempDir
    Path dir;

    @Test
    void shouldStoreObjectAsFileUnderBucketDirectoryWhenStartedOnDisk() throws Exception {
        try (S3Front front = S3Front.startOnDisk(dir)) {
            front.createBucket(new BucketSpec("world-dlq", "eu-west-1", Optional.empty(), Optional.empty()));
            front.putObject("world-dlq", "errors/x/1.jsonl", "{}\n".getBytes(StandardCharsets.UTF_8), Map.of());
            assertThat(Files.readString(dir.resolve("world-dlq/errors/x/1.jsonl"))).isEqualTo("{}\n");
            assertThat(front.listObjects("world-dlq", "errors/")).extracting(S3Front.ObjectSummary::key)
                    .containsExactly("errors/x/1.jsonl");
            assertThat(front.bucket("world-dlq").orElseThrow().region()).isEqualTo("eu-west-1");
        }
    }

    /** Issue 16.7: objects are as old as the world says, whether the world or a client wrote them. */
    @Test
    void shouldStampObjectsWithTheWorldsVirtualTimeWhenStampedByItsClock() throws Exception {
        io.channelpilot.time.VirtualClock clock = io.channelpilot.time.VirtualClock.startingAt(
                java.time.Instant.parse("2026-05-01T10:00:00Z"));
        try (S3Front front = S3Front.startOnDisk(dir).stampedBy(clock);
             io.channelpilot.local.world.http.EmulatorServer server = io.channelpilot.local.world.http.EmulatorServer
                     .start(new io.channelpilot.local.world.http.FaultInjector(1, d -> { })).register(front.emulator());
             software.amazon.awssdk.services.s3.S3Client s3 = software.amazon.awssdk.services.s3.S3Client.builder()
                     .endpointOverride(server.endpoint()).region(software.amazon.awssdk.regions.Region.US_EAST_1)
                     .forcePathStyle(true)
                     .credentialsProvider(software.amazon.awssdk.auth.credentials.StaticCredentialsProvider.create(
                             software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create("test", "test")))
                     .httpClient(software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient.create()).build()) {
            front.createBucket(new BucketSpec("world-dlq", "us-east-1", Optional.empty(), Optional.empty()));
            front.putObject("world-dlq", "dlq/a.jsonl", "{}\n".getBytes(StandardCharsets.UTF_8), Map.of());
            clock.advance(java.time.Duration.ofMinutes(5));
            s3.putObject(r -> r.bucket("world-dlq").key("dlq/b.jsonl"),
                    software.amazon.awssdk.core.sync.RequestBody.fromString("{}\n"));

            var listed = s3.listObjectsV2(r -> r.bucket("world-dlq").prefix("dlq/")).contents();

            assertThat(listed).extracting(o -> o.key() + "@" + o.lastModified()).containsExactly(
                    "dlq/a.jsonl@2026-05-01T10:00:00Z", "dlq/b.jsonl@2026-05-01T10:05:00Z");
            assertThat(s3.headObject(r -> r.bucket("world-dlq").key("dlq/b.jsonl")).lastModified())
                    .isEqualTo("2026-05-01T10:05:00Z");
        }
    }

    @Test
    void shouldRaiseNoSuchBucketWhenWorldApiWritesToMissingBucket() {
        try (S3Front front = S3Front.startOnDisk(dir)) {
            assertThatThrownBy(() -> front.putObject("nope", "k", new byte[0], Map.of()))
                    .isInstanceOfSatisfying(AwsServiceError.class, e -> assertThat(e.code()).isEqualTo("NoSuchBucket"));
        }
    }
}
