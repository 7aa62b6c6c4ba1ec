package io.channelpilot.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.retention.RetentionRace.Basis;
import io.channelpilot.retention.RetentionRace.Level;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class RetentionRaceTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final long HOURS_100 = Duration.ofHours(100).toMillis();

    private static RetentionRace race(Duration age, Optional<Long> retentionMs) {
        return RetentionRace.assess(Optional.of(NOW.minus(age)), NOW, retentionMs, RetentionSettings.DEFAULTS);
    }

    @ParameterizedTest
    @CsvSource({
            "0, NONE, 0, 100",
            "49, NONE, 49, 51",
            "50, WARN, 50, 50",
            "79, WARN, 79, 21",
            "80, CRITICAL, 80, 20",
            "100, CRITICAL, 100, 0",
            "130, CRITICAL, 130, 0"})
    void shouldGradeTheShareOfRetentionUsedAtTheBoundaries(int hoursOld, Level level, long percent, long hoursLeft) {
        // given an oldest outstanding entry hoursOld old on a topic keeping 100 hours
        RetentionRace r = race(Duration.ofHours(hoursOld), Optional.of(HOURS_100));

        // then
        assertThat(r.level()).isEqualTo(level);
        assertThat(r.basis()).isEqualTo(Basis.ASSESSED);
        assertThat(r.usedPercent()).isEqualTo(percent);
        assertThat(r.left()).isEqualTo(Duration.ofHours(hoursLeft));
        assertThat(r.retention()).isEqualTo(Duration.ofHours(100));
    }

    @Test
    void shouldStayBelowWarnOneMillisecondBeforeTheThreshold() {
        RetentionRace justBelow = race(Duration.ofHours(50).minusMillis(1), Optional.of(HOURS_100));
        RetentionRace justBelowCritical = race(Duration.ofHours(80).minusMillis(1), Optional.of(HOURS_100));

        assertThat(justBelow.level()).isEqualTo(Level.NONE);
        assertThat(justBelow.usedPercent()).isEqualTo(49);
        assertThat(justBelowCritical.level()).isEqualTo(Level.WARN);
    }

    @Test
    void shouldUseConfiguredThresholdsWhenSet() {
        RetentionSettings settings = RetentionSettings.from(Map.of("CHANNEL_PILOT_RETENTION_WARN_PERCENT", "25",
                "CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT", "60"));

        assertThat(RetentionRace.assess(Optional.of(NOW.minus(Duration.ofHours(25))), NOW, Optional.of(HOURS_100), settings)
                .level()).isEqualTo(Level.WARN);
        assertThat(RetentionRace.assess(Optional.of(NOW.minus(Duration.ofHours(60))), NOW, Optional.of(HOURS_100), settings)
                .level()).isEqualTo(Level.CRITICAL);
    }

    @Test
    void shouldNeverWarnWhenRetentionIsUnlimited() {
        RetentionRace r = race(Duration.ofDays(3650), Optional.of(-1L));

        assertThat(r.level()).isEqualTo(Level.NONE);
        assertThat(r.basis()).isEqualTo(Basis.RETENTION_UNLIMITED);
    }

    @Test
    void shouldReportUnknownWhenTheTopicHasNoRetentionAndNoDefaultIsConfigured() {
        RetentionRace r = race(Duration.ofDays(30), Optional.empty());

        assertThat(r.level()).isEqualTo(Level.NONE);
        assertThat(r.basis()).isEqualTo(Basis.RETENTION_UNKNOWN);
        assertThat(r.age()).isEqualTo(Duration.ofDays(30));
    }

    @Test
    void shouldUseTheConfiguredDefaultRetentionWhenTheTopicHasNone() {
        RetentionSettings settings = RetentionSettings.from(Map.of("CHANNEL_PILOT_RETENTION_DEFAULT_MS", Long.toString(HOURS_100)));

        RetentionRace r = RetentionRace.assess(Optional.of(NOW.minus(Duration.ofHours(90))), NOW, Optional.empty(), settings);

        assertThat(r.level()).isEqualTo(Level.CRITICAL);
        assertThat(r.usedPercent()).isEqualTo(90);
    }

    @Test
    void shouldTreatAFutureTimestampAsAgeZeroAndSaySo() {
        RetentionRace r = RetentionRace.assess(Optional.of(NOW.plus(Duration.ofHours(2))), NOW, Optional.of(HOURS_100),
                RetentionSettings.DEFAULTS);

        assertThat(r.level()).isEqualTo(Level.NONE);
        assertThat(r.basis()).isEqualTo(Basis.FUTURE_TIMESTAMP);
        assertThat(r.age()).isZero();
        assertThat(r.left()).isEqualTo(Duration.ofHours(100));
    }

    @Test
    void shouldSayNothingOutstandingWhenThereIsNoOldestEntry() {
        RetentionRace r = RetentionRace.assess(Optional.empty(), NOW, Optional.of(HOURS_100), RetentionSettings.DEFAULTS);

        assertThat(r.level()).isEqualTo(Level.NONE);
        assertThat(r.basis()).isEqualTo(Basis.NOTHING_OUTSTANDING);
    }

    @Test
    void shouldBeCriticalAtOnceWhenRetentionIsZeroAndNotOverflowOnHugeRetention() {
        assertThat(race(Duration.ZERO, Optional.of(0L)).level()).isEqualTo(Level.CRITICAL);
        RetentionRace huge = race(Duration.ofDays(1), Optional.of(Long.MAX_VALUE));
        assertThat(huge.level()).isEqualTo(Level.NONE);
        assertThat(huge.usedPercent()).isZero();
    }

    @Test
    void shouldRefuseThresholdsThatAreOutOfOrderNamingTheVariables() {
        assertThatThrownBy(() -> RetentionSettings.from(Map.of("CHANNEL_PILOT_RETENTION_WARN_PERCENT", "80",
                "CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT", "50")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CHANNEL_PILOT_RETENTION_WARN_PERCENT");
        assertThatThrownBy(() -> RetentionSettings.from(Map.of("CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT", "x")))
                .hasMessageContaining("CHANNEL_PILOT_RETENTION_CRITICAL_PERCENT");
    }

    @Test
    void shouldRenderTimeLeftReadably() {
        assertThat(RetentionRace.duration(Duration.ofMinutes(45))).isEqualTo("45 min");
        assertThat(RetentionRace.duration(Duration.ofMinutes(192))).isEqualTo("3 h 12 min");
        assertThat(RetentionRace.duration(Duration.ofHours(50))).isEqualTo("2 d 2 h");
    }
}
