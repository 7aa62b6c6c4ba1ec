package io.channelpilot.local.world.file;

import io.channelpilot.local.world.http.BucketDirectory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The general-purpose buckets the world file declares, as a {@link BucketDirectory}. The S3 front of the world
 * (another package) creates the real buckets from {@link #declared()}; until it is wired, this directory answers the
 * MSK emulator's "does the DLQ bucket exist?" from the world file alone.
 */
public final class WorldBuckets implements BucketDirectory {

    private final Map<String, WorldFile.Bucket> buckets = new ConcurrentHashMap<>();

    public WorldBuckets(List<WorldFile.Bucket> declared) {
        declared.forEach(b -> buckets.put(b.name(), b));
    }

    public List<WorldFile.Bucket> declared() {
        return List.copyOf(buckets.values());
    }

    @Override
    public boolean exists(String bucketName) {
        return buckets.containsKey(bucketName);
    }

    @Override
    public Optional<String> encryption(String bucketName) {
        return Optional.ofNullable(buckets.get(bucketName)).map(WorldFile.Bucket::encryption)
                .filter(e -> !"NONE".equals(e));
    }

    /** Whether server access logging is on (DESIGN §6 warns when off). */
    public boolean logging(String bucketName) {
        return Optional.ofNullable(buckets.get(bucketName)).map(WorldFile.Bucket::logging).orElse(false);
    }

    public Optional<String> kmsKeyArn(String bucketName) {
        return Optional.ofNullable(buckets.get(bucketName)).map(WorldFile.Bucket::kmsKeyArn);
    }
}
