package io.channelpilot.redrive.batch.gateway;

/** Opens a reader and an idempotent producer on a task's cluster. */
@FunctionalInterface
public interface KafkaConnector {

    Connection open(String clusterArn);

    /** Closing closes both clients. */
    record Connection(RecordSource source, RecordSink sink) implements AutoCloseable {
        @Override
        public void close() {
            try {
                sink.close();
            } finally {
                source.close();
            }
        }
    }
}
