package io.channelpilot.reconcile.gateway;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** AWS API calls made by one sweep, by {@code service:Operation} (reported as metrics and in the sweep report). */
public final class ApiCalls {

    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();

    public void count(String operation) {
        counts.computeIfAbsent(operation, k -> new AtomicLong()).incrementAndGet();
    }

    public long of(String operation) {
        AtomicLong n = counts.get(operation);
        return n == null ? 0 : n.get();
    }

    public long total() {
        return counts.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Sorted copy. */
    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }
}
