package io.channelpilot.retention;

import io.channelpilot.store.ChannelKey;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import io.channelpilot.gateway.DynamoDbOutstandingStore;

/**
 * The oldest-outstanding DLQ record of each channel ({@link OutstandingEntries}). Written by triage (merge), by the
 * redrive task's Summarise step (clear what it covered) and by the sweep (notified level); read by the sweep.
 * Implementations: {@link DynamoDbOutstandingStore} (deployed, local world) and {@code InMemoryOutstandingStore} (test-jar).
 */
public interface OutstandingStore {

    Optional<OutstandingEntries> find(ChannelKey key);

    /** Every channel of one cluster that has a stored record (one Query, paged — a sweep costs pages, not channels). */
    List<OutstandingEntries> list(String clusterArn);

    /**
     * Read-modify-write under optimistic concurrency: applies {@code change} to the stored record (or an empty one),
     * skips the write when nothing but timestamps would change, and re-reads and re-applies on a concurrent write.
     */
    OutstandingEntries update(ChannelKey key, String topic, UnaryOperator<OutstandingEntries> change);
}
