package io.channelpilot.local.world;

import io.channelpilot.local.world.cloudwatch.CloudWatchEmulator;
import io.channelpilot.local.world.delivery.MetricPublisher;
import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.s3.BucketSpec;
import io.channelpilot.local.world.s3.S3Front;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The adapters that connect the world's parts: each one is a small translation between two packages' models. */
final class WorldParts {

    private WorldParts() {
    }

    /** General-purpose buckets of the world file, with their encryption and access-logging settings. */
    static void createBuckets(WorldFile w, S3Front s3) {
        for (WorldFile.Bucket b : w.buckets()) {
            String region = b.region() == null ? w.region() : b.region();
            String enc = b.encryption() == null ? "AES256" : b.encryption();
            Optional<BucketSpec.Encryption> encryption = switch (enc) {
                case "NONE" -> Optional.empty();
                case "aws:kms" -> Optional.of(BucketSpec.Encryption.kms(b.kmsKeyArn()));
                default -> Optional.of(BucketSpec.Encryption.sseS3());
            };
            Optional<BucketSpec.Logging> logging = Boolean.TRUE.equals(b.logging())
                    ? Optional.of(new BucketSpec.Logging(b.name() + "-access-logs", "logs/")) : Optional.empty();
            s3.createBucket(new BucketSpec(b.name(), region, encryption, logging));
        }
    }

    /**
     * Clusters that get a real broker: Express ones (the only ones streaming tables serve). Standard clusters' topics
     * exist in the MSK API only, which is all validation and routing need.
     */
    static List<String> expressClusters(WorldFile w) {
        List<String> out = new ArrayList<>();
        for (WorldFile.Cluster c : w.clusters()) {
            if (c.brokerType() != null && c.brokerType().startsWith("express.")) {
                out.add(c.name());
            }
        }
        return out;
    }

    static MetricPublisher metricsTo(CloudWatchEmulator cloudWatch) {
        // the unit matters: an alarm with a Unit only counts datapoints published with that unit
        return data -> data.forEach(d -> cloudWatch.record(d.namespace(), d.metricName(), d.dimensions(), d.value(),
                d.unit().cloudWatchName(), d.timestamp()));
    }
}
