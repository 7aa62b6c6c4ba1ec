package io.channelpilot.time;

import java.time.Duration;

/**
 * Waits for a duration. Domain code (token buckets, pollers, sweeps) takes a Sleeper instead of calling
 * {@code Thread.sleep}, so the local world can run it on a {@link VirtualClock} and tests never sleep.
 */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration duration) throws InterruptedException;

    /** Real waiting, for deployed code. */
    static Sleeper system() {
        return duration -> Thread.sleep(Math.max(0, duration.toMillis()));
    }
}
