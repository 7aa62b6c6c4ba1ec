package io.channelpilot.local.world.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.runtime.FunctionEnvironment;
import io.channelpilot.time.TimeSource;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A function in another JVM on the world's clock: FunctionEnvironment's HTTP clock against the world's endpoint. */
class ClockEndpointTest {

    @Test
    void shouldServeTheVirtualClockToAFunctionThatReadsTheClockOverride() throws Exception {
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
        try (EmulatorServer server = EmulatorServer.start(new FaultInjector(0, clock))) {
            String url = server.serveClock(clock).toString();
            TimeSource time = FunctionEnvironment.of(Map.of(FunctionEnvironment.CLOCK_URL, url)).time();
            assertThat(time.clock().instant()).isEqualTo(Instant.parse("2026-05-01T10:00:00Z"));
            clock.advance(Duration.ofMinutes(5));
            assertThat(time.clock().instant()).as("follows the world").isEqualTo(Instant.parse("2026-05-01T10:05:00Z"));
            long before = System.nanoTime();
            time.sleeper().sleep(Duration.ofMinutes(30));
            assertThat(Duration.ofNanos(System.nanoTime() - before)).as("a virtual sleep returns at once").isLessThan(Duration.ofSeconds(5));
            assertThat(clock.instant()).as("the function's sleep moved the world's clock").isEqualTo(Instant.parse("2026-05-01T10:35:00Z"));
            assertThat(server.calls().calls()).as("not an AWS call").isEmpty();
        }
    }
}
