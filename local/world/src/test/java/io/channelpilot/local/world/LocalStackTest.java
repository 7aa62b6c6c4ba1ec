package io.channelpilot.local.world;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.file.WorldFiles;
import io.channelpilot.local.world.s3tables.TableCatalog;
import io.channelpilot.time.VirtualClock;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The stack parameters a world gets by convention: every default ARN names the resource where it is. */
class LocalStackTest {

    private static WorldFile world(String tableBuckets) {
        WorldFiles.Result r = WorldFiles.parse("{\"account\":\"123456789012\",\"region\":\"us-east-1\","
                + "\"clusters\":[{\"name\":\"demo\",\"brokerType\":\"express.m7g.large\"}],"
                + "\"tableBuckets\":" + tableBuckets + "}", Path.of("."));
        assertThat(r).isInstanceOf(WorldFiles.Valid.class);
        return ((WorldFiles.Valid) r).file();
    }

    @Test
    void shouldNameTheTableBucketInItsOwnRegionSoTheSeededBucketIsFoundThere() {
        // given a world whose table bucket lives in another Region than the world, seeded as the world seeder does
        WorldFile w = world("[{\"name\":\"lake\",\"region\":\"eu-west-1\",\"namespaces\":[]}]");
        TableCatalog catalog = new TableCatalog(w.account(), w.region(),
                VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z")), () -> new UUID(0, 1));
        catalog.createTableBucket("lake", "eu-west-1");

        // when
        LocalStack stack = LocalStack.from(w, Map.of());

        // then the parameter names the bucket that exists (so validation can judge its Region, not its absence)
        assertThat(stack.tableBucketArn()).isEqualTo("arn:aws:s3tables:eu-west-1:123456789012:bucket/lake");
        assertThat(catalog.bucketExists(stack.tableBucketArn())).isTrue();
        assertThat(stack.templateParameters()).containsEntry("TableBucketArn", stack.tableBucketArn());
    }

    @Test
    void shouldUseTheWorldRegionForABucketWithoutOneAndLetAnOverrideWin() {
        WorldFile w = world("[{\"name\":\"lake\",\"namespaces\":[]}]");

        assertThat(LocalStack.from(w, Map.of()).tableBucketArn())
                .isEqualTo("arn:aws:s3tables:us-east-1:123456789012:bucket/lake");
        assertThat(LocalStack.from(w, Map.of("TableBucketArn", "arn:aws:s3tables:us-west-2:123456789012:bucket/x"))
                .tableBucketArn()).isEqualTo("arn:aws:s3tables:us-west-2:123456789012:bucket/x");
    }
}
