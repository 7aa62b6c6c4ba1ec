package io.channelpilot.local.world.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts and orders every call the emulator answered ("service:Operation"), including the ones a fault rule
 * failed. Tests assert on it (e.g. no CreateChannel before CreateLogGroup) and the world report prints it.
 */
public final class ApiCallLog {

    /**
     * One answered call, in arrival order. {@code fault} names the injected fault, or is null. {@code request} is
     * what was asked: method, path and query, then the body as text (CBOR as JSON, S3 object bodies as their size);
     * empty for calls recorded without it.
     */
    public record Call(long sequence, String key, int status, String errorCode, String fault, String request) {
        public Call(long sequence, String key, int status, String errorCode, String fault) {
            this(sequence, key, status, errorCode, fault, "");
        }
    }

    /** The request being answered on this thread (set by the server around each dispatch). */
    private final ThreadLocal<String> current = new ThreadLocal<>();

    private final AtomicLong sequence = new AtomicLong();
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final List<Call> calls = Collections.synchronizedList(new ArrayList<>());

    void record(String key, int status, String errorCode, String fault) {
        counts.computeIfAbsent(key, k -> new AtomicLong()).incrementAndGet();
        String request = current.get();
        calls.add(new Call(sequence.incrementAndGet(), key, status, errorCode, fault, request == null ? "" : request));
    }

    /** Calls recorded on this thread until {@link #end()} carry {@code request}. */
    void begin(String request) {
        current.set(request);
    }

    void end() {
        current.remove();
    }

    /** Calls per "service:Operation", sorted by key (deterministic for reports). */
    public Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    public long count(String key) {
        AtomicLong c = counts.get(key);
        return c == null ? 0 : c.get();
    }

    public List<Call> calls() {
        synchronized (calls) {
            return List.copyOf(calls);
        }
    }

    /** Sequence number of the first call to {@code key}, or -1. */
    public long firstSequenceOf(String key) {
        synchronized (calls) {
            return calls.stream().filter(c -> c.key().equals(key)).mapToLong(Call::sequence).findFirst().orElse(-1);
        }
    }

    public long faultsInjected() {
        synchronized (calls) {
            return calls.stream().filter(c -> c.fault() != null).count();
        }
    }

    public void reset() {
        counts.clear();
        calls.clear();
    }
}
