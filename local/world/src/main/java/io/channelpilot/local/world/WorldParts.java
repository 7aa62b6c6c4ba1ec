package io.channelpilot.local.world;

import io.channelpilot.local.world.cloudwatch.CloudWatchEmulator;
import io.channelpilot.local.world.delivery.DeliveryChannel;
import io.channelpilot.local.world.delivery.DeliveryChannels;
import io.channelpilot.local.world.delivery.DeliveryListener;
import io.channelpilot.local.world.delivery.MetricPublisher;
import io.channelpilot.local.world.file.WorldFile;
import io.channelpilot.local.world.file.WorldServices;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.local.world.msk.ChannelSpec;
import io.channelpilot.local.world.msk.ChannelView;
import io.channelpilot.local.world.msk.TopicBackend;
import io.channelpilot.local.world.s3.BucketSpec;
import io.channelpilot.local.world.s3.S3Front;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The adapters that connect the world's parts: each one is a small translation between two packages' models. */
final class WorldParts {

    private static final Logger LOG = LoggerFactory.getLogger(WorldParts.class);

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

    /** MSK topic changes mirrored to the cluster's embedded broker (Express clusters only). */
    static TopicBackend topicBackend(EmbeddedKafka kafka) {
        return new TopicBackend() {
            @Override
            public void createTopic(String cluster, String topic, int partitions, int replicationFactor,
                                    Map<String, String> configs) {
                if (kafka.clusterNames().contains(cluster)) {
                    kafka.createTopic(cluster, topic, partitions, configs);
                }
            }

            @Override
            public void updateTopic(String cluster, String topic, int partitions, Map<String, String> configs) {
                if (kafka.clusterNames().contains(cluster)) {
                    if (partitions > kafka.partitionCount(cluster, topic)) {
                        kafka.increasePartitions(cluster, topic, partitions);
                    }
                    if (!configs.isEmpty()) {
                        kafka.alterTopicConfig(cluster, topic, configs);
                    }
                }
            }

            @Override
            public void deleteTopic(String cluster, String topic) {
                if (kafka.clusterNames().contains(cluster)) {
                    kafka.deleteTopic(cluster, topic);
                }
            }
        };
    }

    /** The MSK emulator's Iceberg channels as the delivery simulation sees them. */
    static DeliveryChannels deliveryChannels(WorldServices services) {
        return () -> {
            List<DeliveryChannel> out = new ArrayList<>();
            for (ChannelView v : services.msk().channels()) {
                ChannelSpec s = v.spec();
                if (s.destinationType() != ChannelSpec.DestinationType.ICEBERG) {
                    continue;
                }
                DeliveryChannel.SchemaSource schema = "JSON_SCHEMA_GSR".equals(s.valueConverter())
                        ? new DeliveryChannel.SchemaSource.Registry(id ->
                                services.glue().registry().definitionOfVersion(id.toString()))
                        // plain JSON: the schema resolved when the channel was created (no schema evolution)
                        : new DeliveryChannel.SchemaSource.Plain(v.schemaDefinition().orElse("{}"));
                String bucket = s.tableBucketArn().substring(s.tableBucketArn().lastIndexOf('/') + 1);
                out.add(new DeliveryChannel(v.clusterName(), s.topicName(), s.name(), v.arn(), v.status().name(),
                        v.creationTime(), schema, new TableId(bucket, s.namespace(), s.table()), s.partitionColumn(),
                        DeliveryChannel.Compression.valueOf(s.compression() == null ? "ZSTD"
                                : s.compression().toUpperCase(Locale.ROOT)),
                        v.dataFreshnessInSeconds(), s.dlqBucketName(), s.dlqPrefix()));
            }
            return out;
        };
    }

    static MetricPublisher metricsTo(CloudWatchEmulator cloudWatch) {
        // the unit matters: an alarm with a Unit only counts datapoints published with that unit
        return data -> data.forEach(d -> cloudWatch.record(d.namespace(), d.metricName(), d.dimensions(), d.value(),
                d.unit().cloudWatchName(), d.timestamp()));
    }

    /** First delivery: MSK created the table (reference §2) and the channel can now be SUSPENDED by its deletion. */
    static DeliveryListener deliveryListener(WorldServices services) {
        return new DeliveryListener() {
            @Override
            public void firstDelivery(DeliveryChannel channel, TableId table, Instant at) {
                services.msk().channel(channel.channelArn()).ifPresent(v ->
                        services.tables().catalog().createTableForChannel(v.spec().tableBucketArn(), table.namespace(),
                                table.name()));
                services.msk().markDelivered(channel.channelArn());
            }

            @Override
            public void deliveryBlocked(DeliveryChannel channel, io.channelpilot.local.world.delivery.DeliveryCode code,
                                        String message) {
                LOG.warn("channel {} cannot deliver: {} {}", channel.channelName(), code, message);
            }
        };
    }
}
