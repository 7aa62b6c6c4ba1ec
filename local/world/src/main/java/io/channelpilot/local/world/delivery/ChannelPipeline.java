package io.channelpilot.local.world.delivery;

import io.channelpilot.local.world.kafka.EmbeddedKafka;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;

/**
 * One delivering channel: its own consumer on the source topic (no consumer group: positions live here), the records
 * read but not yet committed, and the decision for each. Created when the simulation first sees the channel
 * delivering, positioned at the end offsets of that moment: no backfill (reference §4).
 */
final class ChannelPipeline implements AutoCloseable {

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final EmbeddedKafka kafka;
    private final RecordDecoder decoder;
    private final Set<TopicPartition> assigned = new HashSet<>();
    private DeliveryChannel channel;

    // the buffer: everything read since the last commit
    private final List<Map<String, Object>> rows = new ArrayList<>();
    private final List<DlqRecord> dlq = new ArrayList<>();
    private org.apache.iceberg.Schema tableSchema;
    private long bytesIn;
    private Instant firstBufferedAt;

    // lifetime
    private long commits;
    private boolean delivered;

    private ChannelPipeline(DeliveryChannel channel, EmbeddedKafka kafka) {
        this.channel = channel;
        this.kafka = kafka;
        this.consumer = kafka.newConsumer(channel.clusterName());
        this.decoder = new RecordDecoder(channel.schema(), channel.partitionColumn());
    }

    static ChannelPipeline startAtEnd(DeliveryChannel channel, EmbeddedKafka kafka) {
        ChannelPipeline p = new ChannelPipeline(channel, kafka);
        p.assignNewPartitions(true);
        return p;
    }

    DeliveryChannel channel() {
        return channel;
    }

    void update(DeliveryChannel latest) {
        this.channel = latest;
    }

    RecordDecoder decoder() {
        return decoder;
    }

    /**
     * Reads every record up to the end offsets observed now (bounded by {@code maxPolls}) and decides each. Virtual
     * time {@code now} stamps the first buffered record, which starts the freshness window.
     */
    void poll(Instant now, DeliveryOptions options) {
        if (!assignNewPartitions(false)) {
            return; // topic missing (not created yet, or deleted): nothing to read
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(assigned, Duration.ofSeconds(10));
        for (int i = 0; i < options.maxPollsPerTick() && !caughtUp(end); i++) {
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(options.pollTimeout())) {
                accept(r, now, options);
            }
        }
    }

    private void accept(ConsumerRecord<byte[], byte[]> r, Instant now, DeliveryOptions options) {
        if (firstBufferedAt == null) {
            firstBufferedAt = now;
        }
        bytesIn += Math.max(0, r.serializedKeySize()) + Math.max(0, r.serializedValueSize());
        RecordDecoder.Decision d = decoder.decide(r.value() == null ? new byte[0] : r.value());
        if (d instanceof RecordDecoder.Decision.Row row) {
            rows.add(row.row());
            if (tableSchema == null) {
                tableSchema = row.table();
            }
        } else {
            RecordDecoder.Decision.Reject j = (RecordDecoder.Decision.Reject) d;
            dlq.add(new DlqRecord(r.topic(), r.partition(), r.offset(), Instant.ofEpochMilli(r.timestamp()), j.code(),
                    j.message(), j.pointer(), j.expected(), j.actual(),
                    options.includePayloads() && r.value() != null ? Optional.of(r.value()) : Optional.empty()));
        }
    }

    /** Freshness window elapsed on the virtual clock since the first buffered record. */
    boolean isDue(Instant now) {
        return firstBufferedAt != null
                && !now.isBefore(firstBufferedAt.plusSeconds(channel.dataFreshnessSeconds()));
    }

    boolean hasBuffered() {
        return firstBufferedAt != null;
    }

    List<Map<String, Object>> rows() {
        return rows;
    }

    List<DlqRecord> dlq() {
        return dlq;
    }

    org.apache.iceberg.Schema tableSchema() {
        return tableSchema;
    }

    long bytesIn() {
        return bytesIn;
    }

    Instant firstBufferedAt() {
        return firstBufferedAt;
    }

    long nextCommitNumber() {
        return ++commits;
    }

    boolean hasDelivered() {
        return delivered;
    }

    void markDelivered() {
        delivered = true;
    }

    /** Rows were committed (and DLQ records written); what failed to be written stays for the next commit. */
    void clearRows() {
        rows.clear();
        resetWindowIfEmpty();
    }

    void clearDlq() {
        dlq.clear();
        resetWindowIfEmpty();
    }

    private void resetWindowIfEmpty() {
        if (rows.isEmpty() && dlq.isEmpty()) {
            firstBufferedAt = null;
            bytesIn = 0;
        }
    }

    private boolean caughtUp(Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    /**
     * Partitions present at start are read from their end offset; partitions added later (UpdateTopic) did not exist
     * when the channel became active, so they are read from the beginning.
     */
    private boolean assignNewPartitions(boolean atStart) {
        int partitions = kafka.partitionsIfExists(channel.clusterName(), channel.topic()).orElse(0);
        if (partitions == 0) {
            return false;
        }
        List<TopicPartition> fresh = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            TopicPartition tp = new TopicPartition(channel.topic(), i);
            if (assigned.add(tp)) {
                fresh.add(tp);
            }
        }
        if (fresh.isEmpty()) {
            return true;
        }
        consumer.assign(assigned);
        if (atStart) {
            consumer.seekToEnd(fresh);
        } else {
            consumer.seekToBeginning(fresh);
        }
        fresh.forEach(consumer::position); // resolve now: the position is the offset of this moment
        return true;
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
