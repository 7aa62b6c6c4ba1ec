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

    @Test
    void shouldRaiseNoSuchBucketWhenWorldApiWritesToMissingBucket() {
        try (S3Front front = S3Front.startOnDisk(dir)) {
            assertThatThrownBy(() -> front.putObject("nope", "k", new byte[0], Map.of()))
                    .isInstanceOfSatisfying(AwsServiceError.class, e -> assertThat(e.code()).isEqualTo("NoSuchBucket"));
        }
    }
}
