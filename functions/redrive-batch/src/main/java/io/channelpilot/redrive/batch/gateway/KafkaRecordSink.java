package io.channelpilot.redrive.batch.gateway;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@link RecordSink} over an idempotent producer ({@code enable.idempotence=true}, {@code acks=all}): the producer's
 * own retries never duplicate a record; the ledger covers retries of the whole batch.
 */
public final class KafkaRecordSink implements RecordSink {

    /** How long the producer waits to fill a batch. */
    public static final int LINGER_MS = 10;

    private final KafkaProducer<byte[], byte[]> producer;
    private final Clock clock;

    public KafkaRecordSink(String bootstrap, Properties security) {
        this(bootstrap, security, Clock.systemUTC());
    }

    /**
     * {@code clock} stamps each record's CreateTime: the system clock in AWS (what the producer would use anyway),
     * the world's virtual clock locally, so re-produced records are as old as the world says.
     */
    public KafkaRecordSink(String bootstrap, Properties security, Clock clock) {
        this.clock = clock;
        Properties p = new Properties();
        p.putAll(security);
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, Integer.toString(LINGER_MS));
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, Integer.toString(256 << 10));
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "none");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "channel-pilot-redrive");
        this.producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
    }

    @Override
    public Future<Long> send(String topic, int partition, byte[] key, byte[] value, List<Map.Entry<String, byte[]>> headers) {
        List<Header> h = new ArrayList<>();
        headers.forEach(e -> h.add(new RecordHeader(e.getKey(), e.getValue())));
        CompletableFuture<Long> done = new CompletableFuture<>();
        producer.send(new ProducerRecord<>(topic, partition, clock.millis(), key, value, h), (meta, error) -> {
            if (error != null) {
                done.completeExceptionally(error);
            } else {
                done.complete(meta.offset());
            }
        });
        return done;
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }
}
