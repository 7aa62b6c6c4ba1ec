package io.channelpilot.redrive.batch;

import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * {@link RecordSource} over one {@link KafkaConsumer} with manual assignment (no group, no commits): assign, seek to
 * the first wanted offset, poll until past the last one. Offsets missing in between (compaction, retention) are simply
 * absent from the result.
 */
public final class KafkaRecordSource implements RecordSource {

    private static final Duration POLL = Duration.ofMillis(500);
    private static final int MAX_EMPTY_POLLS = 20;

    private final KafkaConsumer<byte[], byte[]> consumer;

    public KafkaRecordSource(String bootstrap, Properties security) {
        Properties p = new Properties();
        p.putAll(security);
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(8 << 20));
        p.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, Integer.toString(32 << 20));
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "channel-pilot-redrive");
        this.consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    @Override
    public long logStartOffset(String topic, int partition) {
        TopicPartition tp = new TopicPartition(topic, partition);
        return consumer.beginningOffsets(List.of(tp)).get(tp);
    }

    @Override
    public long logEndOffset(String topic, int partition) {
        TopicPartition tp = new TopicPartition(topic, partition);
        return consumer.endOffsets(List.of(tp)).get(tp);
    }

    @Override
    public Map<Long, SourceRecord> read(String topic, int partition, long from, long to) {
        Map<Long, SourceRecord> out = new HashMap<>();
        scan(topic, partition, from, to, r -> {
            out.put(r.offset(), r);
            return false;
        });
        return out;
    }

    @Override
    public Optional<Long> findCopy(String topic, int partition, long fromOffset, String redriveOf, String taskId) {
        long[] found = {-1};
        scan(topic, partition, Math.max(0, fromOffset), Long.MAX_VALUE, r -> {
            if (redriveOf.equals(r.header(RedriveHeaders.REDRIVE_OF)) && taskId.equals(r.header(RedriveHeaders.REDRIVE_TASK))) {
                found[0] = r.offset();
                return true;
            }
            return false;
        });
        return found[0] < 0 ? Optional.empty() : Optional.of(found[0]);
    }

    /** Reads [from, min(to, log end)] and hands records to {@code visitor} until it returns true. */
    private void scan(String topic, int partition, long from, long to, java.util.function.Predicate<SourceRecord> visitor) {
        TopicPartition tp = new TopicPartition(topic, partition);
        long end = consumer.endOffsets(List.of(tp)).get(tp);
        long last = Math.min(to, end - 1);
        if (from > last) {
            return;
        }
        consumer.assign(List.of(tp));
        consumer.seek(tp, from);
        int empty = 0;
        while (consumer.position(tp) <= last && empty < MAX_EMPTY_POLLS) {
            ConsumerRecords<byte[], byte[]> batch = consumer.poll(POLL);
            empty = batch.isEmpty() ? empty + 1 : 0;
            for (ConsumerRecord<byte[], byte[]> r : batch.records(tp)) {
                if (r.offset() > last) {
                    return;
                }
                if (visitor.test(toSource(r))) {
                    return;
                }
            }
        }
    }

    private static SourceRecord toSource(ConsumerRecord<byte[], byte[]> r) {
        List<Map.Entry<String, byte[]>> headers = new ArrayList<>();
        for (Header h : r.headers()) {
            headers.add(new AbstractMap.SimpleImmutableEntry<>(h.key(), h.value()));
        }
        return new SourceRecord(r.topic(), r.partition(), r.offset(), r.key(), r.value(), headers);
    }

    @Override
    public void close() {
        consumer.close(Duration.ofSeconds(5));
    }
}
