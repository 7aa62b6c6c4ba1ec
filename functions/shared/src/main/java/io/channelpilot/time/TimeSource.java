package io.channelpilot.time;

import java.time.Clock;
import java.util.Objects;

/**
 * The clock and sleeper a handler runs on. Deployed functions use {@link #system()}; the local world passes its
 * {@link VirtualClock} as both, through each function's {@code XxxWiring.from(config, clients, time)} (its {@code FunctionEntry}),
 * so status timestamps, leases and poll confirmations follow the world's virtual time.
 */
public record TimeSource(Clock clock, Sleeper sleeper) {

    public TimeSource {
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(sleeper, "sleeper");
    }

    public static TimeSource system() {
        return new TimeSource(Clock.systemUTC(), Sleeper.system());
    }

    public static TimeSource of(VirtualClock clock) {
        return new TimeSource(clock, clock);
    }
}
