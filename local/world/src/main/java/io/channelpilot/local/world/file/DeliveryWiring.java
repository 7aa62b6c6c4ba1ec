package io.channelpilot.local.world.file;

import io.channelpilot.local.world.delivery.DeliveryChannel;
import io.channelpilot.local.world.delivery.DeliveryChannels;
import io.channelpilot.local.world.delivery.DeliveryCode;
import io.channelpilot.local.world.delivery.DeliveryListener;
import io.channelpilot.local.world.iceberg.TableId;
import io.channelpilot.local.world.msk.ChannelSpec;
import io.channelpilot.local.world.msk.ChannelView;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Connects the delivery simulation to the emulators of {@link WorldServices}: it reads the MSK emulator's Iceberg
 * channels as {@link DeliveryChannel}s, and on a channel's first delivery creates its S3 Tables table (MSK creates the
 * table on first delivery, reference §2) and marks the channel delivered (so a later DeleteTable suspends it).
 * Blocked deliveries are written to the channel's CloudWatch log group when it has one.
 */
public final class DeliveryWiring implements DeliveryChannels, DeliveryListener {

    private final WorldServices world;

    public DeliveryWiring(WorldServices world) {
        this.world = world;
    }

    @Override
    public List<DeliveryChannel> channels() {
        return world.msk().channels().stream()
                .filter(c -> c.spec().destinationType() == ChannelSpec.DestinationType.ICEBERG)
                .map(this::toDelivery).flatMap(Optional::stream).toList();
    }

    private Optional<DeliveryChannel> toDelivery(ChannelView c) {
        ChannelSpec s = c.spec();
        DeliveryChannel.SchemaSource schema;
        if ("JSON_SCHEMA_GSR".equals(s.valueConverter())) {
            schema = new DeliveryChannel.SchemaSource.Registry(
                    id -> world.glue().registry().definitionOfVersion(id.toString()));
        } else if (c.schemaDefinition().isPresent()) {
            schema = new DeliveryChannel.SchemaSource.Plain(c.schemaDefinition().get());
        } else {
            return Optional.empty(); // a plain-JSON channel without a resolved schema never delivers (it FAILED)
        }
        return Optional.of(new DeliveryChannel(c.clusterName(), s.topicName(), s.name(), c.arn(), c.status().name(),
                c.creationTime(), schema, new TableId(bucketName(s.tableBucketArn()), s.namespace(), s.table()),
                s.partitionColumn(), DeliveryChannel.Compression.valueOf(s.compression()),
                c.dataFreshnessInSeconds(), s.dlqBucketName(), s.dlqPrefix()));
    }

    @Override
    public void firstDelivery(DeliveryChannel channel, TableId table, Instant at) {
        world.msk().channel(channel.channelArn()).ifPresent(c -> {
            world.tables().catalog().createTableForChannel(c.spec().tableBucketArn(), table.namespace(), table.name());
            world.msk().markDelivered(c.arn());
        });
    }

    @Override
    public void deliveryBlocked(DeliveryChannel channel, DeliveryCode code, String message) {
        world.msk().channel(channel.channelArn()).flatMap(c -> c.spec().logGroup())
                .filter(group -> world.logs().store().exists(group))
                .ifPresent(group -> world.logs().store().append(group, channel.channelName(),
                        "[" + code + "] " + message));
    }

    static String bucketName(String tableBucketArn) {
        return tableBucketArn.substring(tableBucketArn.lastIndexOf('/') + 1);
    }
}
