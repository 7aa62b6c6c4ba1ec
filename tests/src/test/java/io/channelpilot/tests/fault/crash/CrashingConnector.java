package io.channelpilot.tests.fault.crash;

import io.channelpilot.redrive.batch.gateway.KafkaConnector;
import io.channelpilot.redrive.batch.gateway.RecordSink;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * redrive-batch's Kafka seam with produce points: every send is a mutating call ("Kafka:Produce"); at the armed one
 * the function dies when it reads the acknowledgement — the broker has the record (acks=all), the product never
 * learns its offset.
 */
final class CrashingConnector implements KafkaConnector {

    static final String PRODUCE = "Kafka:Produce";
    private final KafkaConnector real;

    CrashingConnector(KafkaConnector real) {
        this.real = real;
    }

    @Override
    public Connection open(String clusterArn) {
        Connection c = real.open(clusterArn);
        return new Connection(c.source(), new Sink(c.sink()));
    }

    private record Sink(RecordSink real) implements RecordSink {
        @Override
        public Future<Long> send(String topic, int partition, byte[] key, byte[] value,
                                 List<Map.Entry<String, byte[]>> headers) {
            Future<Long> sent = real.send(topic, partition, key, value, headers);
            String function = CrashRun.FUNCTION.get();
            return CrashRun.tookEffect(PRODUCE) ? new DiesOnAnswer(sent, function) : sent;
        }

        @Override
        public void close() {
            real.close();
        }
    }

    /** The armed send: the answer arrives (the write took effect), then the function dies before using it. */
    private record DiesOnAnswer(Future<Long> sent, String function) implements Future<Long> {
        @Override
        public Long get() throws InterruptedException, ExecutionException {
            sent.get();
            throw new Killed(function, PRODUCE);
        }

        @Override
        public Long get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
            sent.get(timeout, unit);
            throw new Killed(function, PRODUCE);
        }

        @Override
        public boolean cancel(boolean interrupt) {
            return sent.cancel(interrupt);
        }

        @Override
        public boolean isCancelled() {
            return sent.isCancelled();
        }

        @Override
        public boolean isDone() {
            return sent.isDone();
        }
    }
}
