package io.channelpilot.redrive;

import io.channelpilot.time.Sleeper;
import java.time.Clock;
import java.time.Duration;

/**
 * Per-worker rate limiter: {@code rate} permits per second, burst of at most one second's worth. Waiting goes through
 * the injected {@link Sleeper} (virtual in the local world and tests), never {@code Thread.sleep}. With MaxConcurrency
 * workers each at {@code cap / MaxConcurrency}, the task never exceeds its cap.
 */
public final class TokenBucket {

    private final double rate;
    private final double capacity;
    private final Clock clock;
    private final Sleeper sleeper;
    private double tokens;
    private long lastNanos;

    public TokenBucket(double ratePerSecond, Clock clock, Sleeper sleeper) {
        if (ratePerSecond <= 0) {
            throw new IllegalArgumentException("rate must be positive, got " + ratePerSecond);
        }
        this.rate = ratePerSecond;
        this.capacity = Math.max(1.0, ratePerSecond);
        this.clock = clock;
        this.sleeper = sleeper;
        this.tokens = capacity;
        this.lastNanos = nanos();
    }

    /** Takes {@code permits}, waiting on the sleeper as long as needed. */
    public void acquire(int permits) throws InterruptedException {
        refill();
        tokens -= permits;
        if (tokens < 0) {
            long waitNanos = (long) Math.ceil(-tokens / rate * 1_000_000_000d);
            sleeper.sleep(Duration.ofNanos(waitNanos));
            refill();
        }
    }

    private void refill() {
        long now = nanos();
        tokens = Math.min(capacity, tokens + (now - lastNanos) / 1_000_000_000d * rate);
        lastNanos = now;
    }

    private long nanos() {
        java.time.Instant i = clock.instant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
