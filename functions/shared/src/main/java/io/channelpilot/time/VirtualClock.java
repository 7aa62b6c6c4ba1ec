package io.channelpilot.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A clock that only moves when told to: by {@link #advance(Duration)} (a scenario step) or by
 * {@link #sleep(Duration)} (a Wait state, a Retry interval, a token bucket). The local world, the Step Functions
 * runner and tests share one instance, so a 30-minute poll loop runs in milliseconds and is deterministic.
 *
 * <p>Semantics of {@code sleep}: the caller's deadline is {@code now + duration}; the clock jumps to
 * {@code max(now, deadline)} and the call returns at once. For one thread this is exact. With several threads
 * sleeping at the same moment the clock can run ahead of a strict discrete-event schedule (each sleeper moves it), but
 * it never goes backwards and every sleeper observes at least its own deadline, which is what lifecycle timers and
 * retry bounds need. Documented in docs/local-world.md.
 */
public final class VirtualClock extends Clock implements Sleeper {

    private final AtomicReference<Instant> now;
    private final ZoneId zone;

    private VirtualClock(AtomicReference<Instant> now, ZoneId zone) {
        this.now = now;
        this.zone = zone;
    }

    public static VirtualClock startingAt(Instant start) {
        return new VirtualClock(new AtomicReference<>(Objects.requireNonNull(start, "start")), ZoneOffset.UTC);
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new VirtualClock(now, other);
    }

    @Override
    public Instant instant() {
        return now.get();
    }

    /** Moves the clock forward by {@code duration}; negative durations are refused (time never goes back). */
    public Instant advance(Duration duration) {
        requireNonNegative(duration);
        return now.updateAndGet(current -> current.plus(duration));
    }

    /** Moves the clock to {@code target} if it lies in the future; otherwise leaves it. */
    public Instant advanceTo(Instant target) {
        return now.updateAndGet(current -> target.isAfter(current) ? target : current);
    }

    @Override
    public void sleep(Duration duration) {
        requireNonNegative(duration);
        Instant deadline = now.get().plus(duration);
        advanceTo(deadline);
    }

    private static void requireNonNegative(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration must not be negative, was " + duration);
        }
    }
}
