package io.channelpilot.retention;

import io.channelpilot.store.ChannelKey;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/** Thread-safe in-memory {@link OutstandingStore} with the DynamoDB store's semantics, for unit tests. */
public final class InMemoryOutstandingStore implements OutstandingStore {

    private final Clock clock;
    private final Map<ChannelKey, OutstandingEntries> records = new ConcurrentHashMap<>();

    public InMemoryOutstandingStore(Clock clock) {
        this.clock = clock;
    }

    @Override
    public Optional<OutstandingEntries> find(ChannelKey key) {
        return Optional.ofNullable(records.get(key));
    }

    @Override
    public List<OutstandingEntries> list(String clusterArn) {
        return records.values().stream().filter(r -> r.key().clusterArn().equals(clusterArn))
                .sorted(Comparator.comparing(r -> r.key().channelName())).toList();
    }

    @Override
    public synchronized OutstandingEntries update(ChannelKey key, String topic, UnaryOperator<OutstandingEntries> change) {
        Instant now = clock.instant();
        OutstandingEntries current = records.getOrDefault(key, OutstandingEntries.none(key, topic, now));
        OutstandingEntries next = change.apply(current);
        if (next.sameContentAs(current)) {
            return current;
        }
        OutstandingEntries stored = next.stored(now, current.version() + 1);
        records.put(key, stored);
        return stored;
    }
}
