package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.iceberg.IcebergWarehouse;
import io.channelpilot.local.world.kafka.EmbeddedKafka;
import io.channelpilot.local.world.kafka.KafkaOperationException;
import io.channelpilot.local.world.s3.S3Front;
import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.KafkaException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The heart of "behaves like the service": every delivering channel consumes its topic from the offsets current when
 * the simulation first saw it ACTIVE, judges each record with the world's own validator and delivery rules ({@link DeliverySchema}), appends good rows to its Iceberg table and
 * dead-letters bad ones to S3, committing once {@code dataFreshnessInSeconds} of virtual time passed since the first
 * buffered record (or on {@link #flush}).
 *
 * <p>No background threads: the world calls {@link #tick()} after every clock advance and every production step.
 * A channel becomes visible here at the first tick after it turned ACTIVE, so the world must tick right after the
 * advance that activates it (records produced in between would otherwise count as "before ACTIVE").
 */
public final class DeliverySimulation implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DeliverySimulation.class);

    private final DeliveryChannels channels;
    private final EmbeddedKafka kafka;
    private final Clock clock;
    private final DeliveryOptions options;
    private final DeliveryListener listener;
    private final ChannelCommitter committer;
    private final Map<String, ChannelPipeline> pipelines = new LinkedHashMap<>();
    private final Set<String> blocked = new HashSet<>();
    private final DeliveryStats stats = new DeliveryStats();

    public DeliverySimulation(DeliveryChannels channels, EmbeddedKafka kafka, IcebergWarehouse warehouse, S3Front s3,
                              MetricPublisher metrics, DeliveryListener listener, Clock clock,
                              DeliveryOptions options) {
        this.channels = channels;
        this.kafka = kafka;
        this.clock = clock;
        this.options = options;
        this.listener = listener;
        this.committer = new ChannelCommitter(warehouse, s3, metrics, listener, stats, options);
    }

    /** Per-channel totals (rows, dead-lettered records, commits, DLQ objects) for the world report. */
    public DeliveryStats stats() {
        return stats;
    }

    /** Reads new records of every delivering channel and commits those whose freshness window elapsed. */
    public synchronized void tick() {
        run(false);
    }

    /** Like {@link #tick()} but commits every buffer regardless of freshness. */
    public synchronized void flush() {
        run(true);
    }

    /** Channels (by ARN) that currently hold uncommitted records. */
    public synchronized Set<String> channelsWithBufferedRecords() {
        Set<String> out = new java.util.TreeSet<>();
        pipelines.forEach((arn, p) -> {
            if (p.hasBuffered()) {
                out.add(arn);
            }
        });
        return out;
    }

    private void run(boolean force) {
        Instant now = clock.instant();
        Set<String> seen = new HashSet<>();
        for (DeliveryChannel ch : channels.channels()) {
            if (!ch.isDelivering() || blocked.contains(ch.channelArn())) {
                continue;
            }
            seen.add(ch.channelArn());
            try {
                step(ch, now, force);
            } catch (KafkaException | KafkaOperationException e) {
                // a broker hiccup stalls this channel for one tick (like a retried delivery), not the whole world
                LOG.warn("delivery tick failed cluster={} topic={} channel={}: {}", ch.clusterName(), ch.topic(),
                        ch.channelName(), e.toString());
            }
        }
        // channels deleted, suspended or failed: their buffered records are dropped with the consumer
        pipelines.entrySet().removeIf(e -> {
            if (seen.contains(e.getKey())) {
                return false;
            }
            e.getValue().close();
            return true;
        });
    }

    private void step(DeliveryChannel ch, Instant now, boolean force) {
        ChannelPipeline p = pipelines.get(ch.channelArn());
        if (p == null) {
            if (usable(ch)) {
                // positioned at "now": nothing produced before this moment is delivered
                pipelines.put(ch.channelArn(), ChannelPipeline.startAtEnd(ch, kafka));
            }
            return;
        }
        p.update(ch);
        p.poll(now, options);
        if (p.hasBuffered() && (force || p.isDue(now))) {
            committer.commit(p, now);
        }
    }

    /** A plain-JSON channel whose schema cannot make a table never delivers (MSK FAILs or SUSPENDs it). */
    private boolean usable(DeliveryChannel ch) {
        List<String> reasons = new RecordDecoder(ch.schema(), ch.partitionColumn()).unusableBecause();
        if (reasons.isEmpty()) {
            return true;
        }
        blocked.add(ch.channelArn());
        listener.deliveryBlocked(ch, DeliveryCode.SCHEMA_UNUSABLE, "Schema not usable: " + reasons);
        return false;
    }

    @Override
    public synchronized void close() {
        pipelines.values().forEach(ChannelPipeline::close);
        pipelines.clear();
    }
}
