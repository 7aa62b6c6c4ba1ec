package io.channelpilot.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class VirtualClockTest {

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void shouldMoveOnlyWhenAdvancedOrSlept() {
        VirtualClock clock = VirtualClock.startingAt(START);
        assertThat(clock.instant()).isEqualTo(START);

        clock.advance(Duration.ofSeconds(30));
        clock.sleep(Duration.ofMinutes(2));

        assertThat(clock.instant()).isEqualTo(START.plusSeconds(150));
    }

    @Test
    void shouldNeverGoBackwards() {
        VirtualClock clock = VirtualClock.startingAt(START);
        clock.advanceTo(START.minusSeconds(5));
        assertThat(clock.instant()).isEqualTo(START);
        assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must not be negative");
    }

    @Test
    void shouldShareTimeAcrossZones() {
        VirtualClock clock = VirtualClock.startingAt(START);
        var zoned = clock.withZone(java.time.ZoneId.of("Europe/Paris"));
        clock.advance(Duration.ofHours(1));
        assertThat(zoned.instant()).isEqualTo(START.plusSeconds(3600));
    }
}
