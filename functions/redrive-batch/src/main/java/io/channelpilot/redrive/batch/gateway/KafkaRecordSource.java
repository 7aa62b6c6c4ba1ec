package io.channelpilot.redrive.batch.gateway;

import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * {@link RecordSource} over {@link KafkaConsumer}s with manual assignment (no group, no commits). {@link #stream}
 * assigns every partition of a batch at once and seeks each to its first wanted offset, so the partitions are fetched
 * in parallel and the consumer pipelines the next fetch while the worker processes the current records; a partition
 * is paused as soon as its last wanted offset was read, so the over-read is at most one partition fetch
 * ({@code max.partition.fetch.bytes}, 1 MiB). {@link #read} and {@link #findCopy} use a second consumer, created
 * on first use, so a retried batch can look for its copies in the middle of a stream.
 */
public final class KafkaRecordSource implements RecordSource {

    private static final Duration POLL = Duration.ofMillis(500);
    private static final int MAX_EMPTY_POLLS = 20;

    private final Properties props = new Properties();
    private final KafkaConsumer<byte[], byte[]> consumer;
    private KafkaConsumer<byte[], byte[]> scanner;

    public KafkaRecordSource(String bootstrap, Properties security) {
        props.putAll(security);
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "2000");
        // bounded over-read past a partition's last wanted offset, bounded response for batches spanning many partitions
        props.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, Integer.toString(1 << 20));
        props.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, Integer.toString(8 << 20));
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "channel-pilot-redrive");
        this.consumer = newConsumer();
    }

    private KafkaConsumer<byte[], byte[]> newConsumer() {
        return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    @Override
    public Map<Integer, Long> logStartOffsets(String topic, Collection<Integer> partitions) {
        return byPartition(consumer.beginningOffsets(partitions(topic, partitions)));
    }

    @Override
    public Map<Integer, Long> logEndOffsets(String topic, Collection<Integer> partitions) {
        return byPartition(consumer.endOffsets(partitions(topic, partitions)));
    }

    @Override
    public boolean stream(String topic, Map<Integer, long[]> wanted, Map<Integer, Long> ends, OffsetVisitor visitor)
            throws InterruptedException {
        Map<TopicPartition, OffsetCursor> open = new HashMap<>();
        for (Map.Entry<Integer, long[]> e : wanted.entrySet()) {
            OffsetCursor cursor = new OffsetCursor(e.getValue(), ends.get(e.getKey()));
            if (cursor.readable()) {
                open.put(new TopicPartition(topic, e.getKey()), cursor);
            } else {
                rest(e.getKey(), cursor, visitor);
            }
        }
        if (open.isEmpty()) {
            return true;
        }
        consumer.assign(open.keySet());
        open.forEach((tp, cursor) -> consumer.seek(tp, cursor.peek()));
        try {
            int empty = 0;
            while (!open.isEmpty() && empty < MAX_EMPTY_POLLS) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(POLL);
                empty = batch.isEmpty() ? empty + 1 : 0;
                List<TopicPartition> finished = new ArrayList<>();
                for (TopicPartition tp : batch.partitions()) {
                    OffsetCursor cursor = open.get(tp);
                    if (cursor == null) {
                        continue;
                    }
                    if (!visit(tp, cursor, batch.records(tp), visitor)) {
                        return false;
                    }
                    long position = consumer.position(tp);
                    if (!cursor.readable() || position >= cursor.end()) {
                        finished.add(tp);
                    } else {
                        cursor.seekFrom(position).ifPresent(offset -> consumer.seek(tp, offset));
                    }
                }
                if (!finished.isEmpty()) {
                    consumer.pause(finished);
                    for (TopicPartition tp : finished) {
                        rest(tp.partition(), open.remove(tp), visitor);
                    }
                }
            }
            // the broker returned nothing for MAX_EMPTY_POLLS polls: what is left cannot be read
            for (Iterator<Map.Entry<TopicPartition, OffsetCursor>> it = open.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<TopicPartition, OffsetCursor> e = it.next();
                it.remove();
                rest(e.getKey().partition(), e.getValue(), visitor);
            }
            return true;
        } finally {
            consumer.assign(List.of()); // drops positions, paused flags and buffered fetches
        }
    }

    /** Hands one partition's polled records to the visitor; wanted offsets skipped by the broker are missing. */
    private static boolean visit(TopicPartition tp, OffsetCursor cursor, List<ConsumerRecord<byte[], byte[]>> records,
                                 OffsetVisitor visitor) throws InterruptedException {
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (r.offset() >= cursor.end()) {
                return true;
            }
            while (cursor.readable() && cursor.peek() < r.offset()) {
                visitor.missing(tp.partition(), cursor.peek());
                cursor.advance();
            }
            if (!cursor.readable()) {
                return true;
            }
            if (cursor.peek() == r.offset()) {
                cursor.advance();
                if (!visitor.found(toSource(r))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void rest(int partition, OffsetCursor cursor, OffsetVisitor visitor) {
        while (!cursor.exhausted()) {
            visitor.missing(partition, cursor.peek());
            cursor.advance();
        }
    }

    @Override
    public Map<Long, SourceRecord> read(String topic, int partition, long from, long to) {
        Map<Long, SourceRecord> out = new TreeMap<>();
        scan(topic, partition, from, to, r -> {
            out.put(r.offset(), r);
            return false;
        });
        return out;
    }

    @Override
    public Map<String, Long> findCopies(String topic, int partition, long fromOffset, String taskId,
                                        Predicate<String> wanted) {
        Map<String, Long> found = new HashMap<>();
        scan(topic, partition, Math.max(0, fromOffset), Long.MAX_VALUE, r -> {
            String of = r.header(RedriveHeaders.REDRIVE_OF);
            if (of != null && taskId.equals(r.header(RedriveHeaders.REDRIVE_TASK)) && wanted.test(of)) {
                found.putIfAbsent(of, r.offset());
            }
            return false;
        });
        return found;
    }

    /** Reads [from, min(to, log end)] with the scanner and hands records to {@code visitor} until it returns true. */
    private void scan(String topic, int partition, long from, long to, Predicate<SourceRecord> visitor) {
        if (scanner == null) {
            scanner = newConsumer();
        }
        TopicPartition tp = new TopicPartition(topic, partition);
        long end = scanner.endOffsets(List.of(tp)).get(tp);
        long last = Math.min(to, end - 1);
        if (from > last) {
            return;
        }
        scanner.assign(List.of(tp));
        scanner.seek(tp, from);
        int empty = 0;
        while (scanner.position(tp) <= last && empty < MAX_EMPTY_POLLS) {
            ConsumerRecords<byte[], byte[]> batch = scanner.poll(POLL);
            empty = batch.isEmpty() ? empty + 1 : 0;
            for (ConsumerRecord<byte[], byte[]> r : batch.records(tp)) {
                if (r.offset() > last || visitor.test(toSource(r))) {
                    return;
                }
            }
        }
    }

    private static List<TopicPartition> partitions(String topic, Collection<Integer> partitions) {
        return partitions.stream().map(p -> new TopicPartition(topic, p)).toList();
    }

    private static Map<Integer, Long> byPartition(Map<TopicPartition, Long> offsets) {
        Map<Integer, Long> out = new TreeMap<>();
        offsets.forEach((tp, offset) -> out.put(tp.partition(), offset));
        return out;
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
        try {
            consumer.close(Duration.ofSeconds(5));
        } finally {
            if (scanner != null) {
                scanner.close(Duration.ofSeconds(5));
            }
        }
    }
}
