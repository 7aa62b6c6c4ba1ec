package io.channelpilot.alarm;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RetentionRiskTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");

    @ParameterizedTest
    @CsvSource({"4,NONE,40", "5,WARN,50", "7,WARN,70", "8,CRITICAL,80", "11,CRITICAL,110"})
    void shouldGradeTheShareOfRetentionUsedByTheOldestEntry(int hoursOld, RetentionRisk.Level level, long percent) {
        RetentionRisk risk = RetentionRisk.assess(Optional.of(NOW.minus(Duration.ofHours(hoursOld))),
                Optional.of(Duration.ofHours(10).toMillis()), NOW).orElseThrow();

        assertThat(risk.level()).isEqualTo(level);
        assertThat(risk.usedPercent()).isEqualTo(percent);
        assertThat(risk.left()).isEqualTo(hoursOld >= 10 ? Duration.ZERO : Duration.ofHours(10 - hoursOld));
    }

    @Test
    void shouldBeUnknownWhenRetentionIsUnlimitedOrUnknownOrNoTimestamp() {
        assertThat(RetentionRisk.assess(Optional.of(NOW), Optional.of(-1L), NOW)).isEmpty();
        assertThat(RetentionRisk.assess(Optional.of(NOW), Optional.empty(), NOW)).isEmpty();
        assertThat(RetentionRisk.assess(Optional.empty(), Optional.of(1000L), NOW)).isEmpty();
    }
}
