package io.channelpilot.local.world.kafka;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The data-plane faults a {@link KafkaFaultProxy} injects, armed by a test and counted as they happen (a test asserts
 * the fault was injected, not only that the outcome was fine). Thread-safe; everything is off until armed.
 *
 * <ul>
 *   <li>{@link #blackhole} — the broker is unreachable: open connections are cut, new ones are closed at once;</li>
 *   <li>{@link #delay} — every frame, both directions, waits this long;</li>
 *   <li>{@link #swallowProduceResponses} — the next {@code n} Produce requests reach the broker (the write takes
 *       effect) but their answer never comes back; the connection then goes silent, as a half-dead TCP connection does,
 *       so the client sees a request timeout and retries on a new connection;</li>
 *   <li>{@link #leaderNotAvailable} — for a while, Metadata answers report every partition without a leader
 *       ({@code LEADER_NOT_AVAILABLE}, leader -1) and Produce requests are answered {@code NOT_LEADER_OR_FOLLOWER}
 *       without reaching the broker: what a client sees during a leader election;</li>
 *   <li>{@link #onProduceRequest} — runs an action (e.g. a broker restart) when the n-th Produce request passes.</li>
 * </ul>
 */
public final class KafkaFaults {

    private volatile boolean blackholed;
    private volatile long delayMillis;
    private final AtomicInteger swallowsLeft = new AtomicInteger();
    private volatile long leaderlessUntilNanos;
    private final AtomicReference<Trigger> trigger = new AtomicReference<>();

    private final AtomicLong produceRequests = new AtomicLong();
    private final AtomicLong swallowed = new AtomicLong();
    private final AtomicLong leaderlessMetadata = new AtomicLong();
    private final AtomicLong refusedProduce = new AtomicLong();
    private final AtomicLong cutConnections = new AtomicLong();

    private record Trigger(long atRequest, Runnable action) {
    }

    /** Cuts (true) or restores (false) the way to the broker. */
    public KafkaFaults blackhole(boolean on) {
        blackholed = on;
        return this;
    }

    public KafkaFaults delay(Duration perFrame) {
        delayMillis = perFrame.toMillis();
        return this;
    }

    public KafkaFaults swallowProduceResponses(int n) {
        swallowsLeft.set(n);
        return this;
    }

    public KafkaFaults leaderNotAvailable(Duration window) {
        leaderlessUntilNanos = System.nanoTime() + window.toNanos();
        return this;
    }

    /** Runs {@code action} on its own thread when the {@code n}-th Produce request from now passes the proxy. */
    public KafkaFaults onProduceRequest(int n, Runnable action) {
        trigger.set(new Trigger(produceRequests.get() + n, action));
        return this;
    }

    /** Turns every fault off (counters stay). */
    public KafkaFaults clear() {
        blackholed = false;
        delayMillis = 0;
        swallowsLeft.set(0);
        leaderlessUntilNanos = 0;
        trigger.set(null);
        return this;
    }

    /** What was injected so far. */
    public record Injected(long produceRequests, long swallowedResponses, long leaderlessMetadata, long refusedProduce,
                           long cutConnections) {
    }

    public Injected injected() {
        return new Injected(produceRequests.get(), swallowed.get(), leaderlessMetadata.get(), refusedProduce.get(),
                cutConnections.get());
    }

    // ------------------------------------------------------------------ used by the proxy

    boolean blackholed() {
        return blackholed;
    }

    long delayMillis() {
        return delayMillis;
    }

    boolean leaderless() {
        return leaderlessUntilNanos != 0 && System.nanoTime() - leaderlessUntilNanos < 0;
    }

    /** Counts a Produce request on its way in and fires the armed action when its turn comes. */
    void produceRequestSeen() {
        long n = produceRequests.incrementAndGet();
        Trigger t = trigger.get();
        if (t != null && n >= t.atRequest() && trigger.compareAndSet(t, null)) {
            Thread fire = new Thread(t.action(), "kafka-fault-action");
            fire.setDaemon(true);
            fire.start();
        }
    }

    /** Whether this Produce request's answer is to be swallowed (takes one of the armed swallows). */
    boolean takeSwallow() {
        boolean take = swallowsLeft.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
        if (take) {
            swallowed.incrementAndGet();
        }
        return take;
    }

    void countLeaderlessMetadata() {
        leaderlessMetadata.incrementAndGet();
    }

    void countRefusedProduce() {
        refusedProduce.incrementAndGet();
    }

    void countCut() {
        cutConnections.incrementAndGet();
    }
}
