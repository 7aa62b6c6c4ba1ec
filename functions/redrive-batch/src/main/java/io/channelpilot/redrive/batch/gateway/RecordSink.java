package io.channelpilot.redrive.batch.gateway;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;

/** Produces copies to the source topic with an idempotent producer ({@link KafkaRecordSink}). */
public interface RecordSink extends AutoCloseable {

    /** Sends asynchronously; the future completes with the copy's offset once the broker acknowledged it. */
    Future<Long> send(String topic, int partition, byte[] key, byte[] value, List<Map.Entry<String, byte[]>> headers);

    @Override
    void close();
}
