package io.channelpilot.local.world.eventbridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.sfn.routing.EventRule;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** EventBridge schedule expressions on the virtual clock (EventBridge User Guide, "Schedule expressions for rules"). */
class ScheduleExpressionTest {

    static final Instant CREATED = Instant.parse("2026-05-01T10:00:00Z");

    @ParameterizedTest(name = "{0} after {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "rate(15 minutes)         | 2026-05-01T10:00:00Z | 2026-05-01T10:15:00Z",
        "rate(15 minutes)         | 2026-05-01T10:14:59Z | 2026-05-01T10:15:00Z",
        "rate(15 minutes)         | 2026-05-01T10:15:00Z | 2026-05-01T10:30:00Z",
        "rate(1 hour)             | 2026-05-01T12:30:00Z | 2026-05-01T13:00:00Z",
        "rate(2 days)             | 2026-05-01T10:00:00Z | 2026-05-03T10:00:00Z",
        "cron(0 12 * * ? *)       | 2026-05-01T10:00:00Z | 2026-05-01T12:00:00Z",
        "cron(0 12 * * ? *)       | 2026-05-01T12:00:00Z | 2026-05-02T12:00:00Z",
        "cron(0/15 * * * ? *)     | 2026-05-01T10:07:30Z | 2026-05-01T10:15:00Z",
        "cron(15 10 ? * MON-FRI *)| 2026-05-01T10:20:00Z | 2026-05-04T10:15:00Z",
        "cron(0 8 1 * ? *)        | 2026-05-01T10:00:00Z | 2026-06-01T08:00:00Z",
        "cron(0 18 ? * 1 *)       | 2026-05-01T10:00:00Z | 2026-05-03T18:00:00Z",
        "cron(0 0 29 FEB ? 2026-2028) | 2026-05-01T10:00:00Z | 2028-02-29T00:00:00Z"})
    void shouldFireAtTheDocumentedTimes(String expression, String after, String next) {
        assertThat(ScheduleExpression.parse(expression).nextAfter(Instant.parse(after), CREATED))
                .isEqualTo(Instant.parse(next));
    }

    @ParameterizedTest
    @ValueSource(strings = {"rate(1 minutes)", "rate(5 minute)", "rate(0 minutes)", "rate(5 seconds)",
        "cron(0 12 * * * *)", "cron(0 12 ? * ? *)", "cron(0 12 L * ? *)", "cron(0 25 * * ? *)", "cron(0 12 * *)",
        "every 5 minutes"})
    void shouldRefuseExpressionsEventBridgeRefusesOrWeDoNotEmulate(String expression) {
        assertThatThrownBy(() -> ScheduleExpression.parse(expression)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("SCHEDULE_EXPRESSION_INVALID").hasMessageContaining("Remediation");
    }

    @Test
    void shouldHandOutEveryFiringTheClockPassedInTimeOrder() {
        ScheduledRules rules = new ScheduledRules(List.of(
                new EventRule("Sweep", null, "rate(15 minutes)", true, List.of()),
                new EventRule("Hourly", null, "cron(0 * * * ? *)", true, List.of()),
                new EventRule("Off", null, "rate(1 minute)", false, List.of()),
                new EventRule("Pattern", "{}", null, true, List.of())), CREATED);

        assertThat(rules.due(CREATED.plusSeconds(14 * 60))).isEmpty();
        assertThat(rules.due(CREATED.plusSeconds(60 * 60))).containsExactly(
                new ScheduledRules.Firing("Sweep", CREATED.plusSeconds(15 * 60)),
                new ScheduledRules.Firing("Sweep", CREATED.plusSeconds(30 * 60)),
                new ScheduledRules.Firing("Sweep", CREATED.plusSeconds(45 * 60)),
                new ScheduledRules.Firing("Sweep", CREATED.plusSeconds(60 * 60)),
                new ScheduledRules.Firing("Hourly", CREATED.plusSeconds(60 * 60)));
        assertThat(rules.due(CREATED.plusSeconds(60 * 60))).isEmpty();
        assertThat(rules.ruleIds()).containsExactly("Sweep", "Hourly");
    }
}
