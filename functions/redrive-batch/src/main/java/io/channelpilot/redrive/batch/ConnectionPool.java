package io.channelpilot.redrive.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import io.channelpilot.redrive.batch.gateway.KafkaConnector;

/**
 * Kafka connections kept between batches of one worker instance (a warm Lambda runs many batches): opening a consumer
 * and an idempotent producer costs metadata and producer-id round trips that a batch of a few thousand records should
 * not pay each time. A connection is lent to one batch at a time (the consumer is single-threaded; the local world may
 * run batches concurrently) and returned only after a batch that ended normally — every send of it acknowledged and
 * marked — so a batch that failed never hands a producer in an unknown state to the next one: it is closed instead.
 */
final class ConnectionPool implements AutoCloseable {

    private final KafkaConnector connector;
    private final Map<String, ConcurrentLinkedDeque<KafkaConnector.Connection>> idle = new ConcurrentHashMap<>();

    ConnectionPool(KafkaConnector connector) {
        this.connector = connector;
    }

    KafkaConnector.Connection borrow(String clusterArn) {
        KafkaConnector.Connection c = idle.computeIfAbsent(clusterArn, k -> new ConcurrentLinkedDeque<>()).pollFirst();
        return c != null ? c : connector.open(clusterArn);
    }

    void giveBack(String clusterArn, KafkaConnector.Connection connection) {
        idle.computeIfAbsent(clusterArn, k -> new ConcurrentLinkedDeque<>()).addFirst(connection);
    }

    /** Closes every idle connection (lent ones are closed by their batch if it fails, or returned). */
    @Override
    public void close() {
        List<KafkaConnector.Connection> all = new ArrayList<>();
        idle.values().forEach(d -> {
            for (KafkaConnector.Connection c; (c = d.pollFirst()) != null; ) {
                all.add(c);
            }
        });
        RuntimeException first = null;
        for (KafkaConnector.Connection c : all) {
            try {
                c.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
