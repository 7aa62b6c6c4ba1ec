package io.channelpilot.local.sfn.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.json.Json;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Choice rules (ASL spec "Choice State", https://states-language.net/spec.html#choice-state) and Wait
 * (https://docs.aws.amazon.com/step-functions/latest/dg/state-wait.html) on the virtual clock.
 */
class ChoiceWaitTest {

    private final Harness h = new Harness();

    private String decide(String rule, String input) {
        String definition = """
            {"StartAt":"C","States":{"C":{"Type":"Choice","Choices":[%s],"Default":"No"},
              "Yes":{"Type":"Succeed"},"No":{"Type":"Succeed"}}}""".formatted(rule);
        ExecutionDescription d = h.run(definition, input);
        return d.statesVisited().get(d.statesVisited().size() - 1);
    }

    @ParameterizedTest(name = "{0} on {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
        "{'Variable':'$.s','StringEquals':'a','Next':'Yes'}|{'s':'a'}|Yes",
        "{'Variable':'$.s','StringEquals':'a','Next':'Yes'}|{'s':1}|No",
        "{'Variable':'$.s','StringLessThan':'b','Next':'Yes'}|{'s':'a'}|Yes",
        "{'Variable':'$.s','StringGreaterThanEquals':'b','Next':'Yes'}|{'s':'b'}|Yes",
        "{'Variable':'$.s','StringEqualsPath':'$.t','Next':'Yes'}|{'s':'x','t':'x'}|Yes",
        "{'Variable':'$.s','StringMatches':'log-*.txt','Next':'Yes'}|{'s':'log-2026.txt'}|Yes",
        "{'Variable':'$.s','StringMatches':'a\\\\*b','Next':'Yes'}|{'s':'a*b'}|Yes",
        "{'Variable':'$.s','StringMatches':'a\\\\*b','Next':'Yes'}|{'s':'axxb'}|No",
        "{'Variable':'$.n','NumericEquals':1.0,'Next':'Yes'}|{'n':1}|Yes",
        "{'Variable':'$.n','NumericGreaterThan':1,'Next':'Yes'}|{'n':1}|No",
        "{'Variable':'$.n','NumericLessThanEqualsPath':'$.m','Next':'Yes'}|{'n':2,'m':2}|Yes",
        "{'Variable':'$.n','NumericGreaterThanEquals':2,'Next':'Yes'}|{'n':'2'}|No",
        "{'Variable':'$.b','BooleanEquals':true,'Next':'Yes'}|{'b':true}|Yes",
        "{'Variable':'$.b','BooleanEqualsPath':'$.c','Next':'Yes'}|{'b':true,'c':false}|No",
        "{'Variable':'$.t','TimestampLessThan':'2026-01-02T00:00:00Z','Next':'Yes'}|{'t':'2026-01-01T23:59:59Z'}|Yes",
        "{'Variable':'$.t','TimestampEqualsPath':'$.u','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z','u':'2026-01-01T01:00:00+01:00'}|Yes",
        "{'Variable':'$.t','TimestampGreaterThan':'2026-01-01T00:00:00Z','Next':'Yes'}|{'t':'not a time'}|No",
        "{'Variable':'$.s','StringGreaterThan':'a','Next':'Yes'}|{'s':'b'}|Yes",
        "{'Variable':'$.s','StringLessThanEquals':'a','Next':'Yes'}|{'s':'b'}|No",
        "{'Variable':'$.s','StringLessThanPath':'$.t','Next':'Yes'}|{'s':'a','t':'b'}|Yes",
        "{'Variable':'$.s','StringGreaterThanPath':'$.t','Next':'Yes'}|{'s':'a','t':'b'}|No",
        "{'Variable':'$.s','StringLessThanEqualsPath':'$.t','Next':'Yes'}|{'s':'b','t':'b'}|Yes",
        "{'Variable':'$.s','StringGreaterThanEqualsPath':'$.t','Next':'Yes'}|{'s':'c','t':'b'}|Yes",
        "{'Variable':'$.n','NumericLessThan':1.5,'Next':'Yes'}|{'n':1}|Yes",
        "{'Variable':'$.n','NumericLessThanEquals':1,'Next':'Yes'}|{'n':2}|No",
        "{'Variable':'$.n','NumericEqualsPath':'$.m','Next':'Yes'}|{'n':2,'m':2.0}|Yes",
        "{'Variable':'$.n','NumericLessThanPath':'$.m','Next':'Yes'}|{'n':3,'m':2}|No",
        "{'Variable':'$.n','NumericGreaterThanPath':'$.m','Next':'Yes'}|{'n':3,'m':2}|Yes",
        "{'Variable':'$.n','NumericGreaterThanEqualsPath':'$.m','Next':'Yes'}|{'n':1,'m':2}|No",
        "{'Variable':'$.t','TimestampEquals':'2026-01-01T00:00:00Z','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z'}|Yes",
        "{'Variable':'$.t','TimestampLessThanEquals':'2026-01-01T00:00:00Z','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z'}|Yes",
        "{'Variable':'$.t','TimestampGreaterThanEquals':'2026-01-02T00:00:00Z','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z'}|No",
        "{'Variable':'$.t','TimestampLessThanPath':'$.u','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z','u':'2026-01-01T00:00:01Z'}|Yes",
        "{'Variable':'$.t','TimestampGreaterThanPath':'$.u','Next':'Yes'}|{'t':'2026-01-01T00:00:00Z','u':'2026-01-01T00:00:01Z'}|No",
        "{'Variable':'$.t','TimestampLessThanEqualsPath':'$.u','Next':'Yes'}|{'t':'2026-01-01T00:00:01Z','u':'2026-01-01T00:00:01Z'}|Yes",
        "{'Variable':'$.t','TimestampGreaterThanEqualsPath':'$.u','Next':'Yes'}|{'t':'2026-01-01T00:00:02Z','u':'2026-01-01T00:00:01Z'}|Yes",
        "{'Variable':'$.t','TimestampEquals':'2026-01-01T00:00:00Z','Next':'Yes'}|{'t':'2026-01-01t00:00:00z'}|No",
        "{'Variable':'$$.Execution.Name','StringEquals':'exec-1','Next':'Yes'}|{}|Yes",
        "{'Variable':'$.x','IsPresent':false,'Next':'Yes'}|{}|Yes",
        "{'Variable':'$.x','IsNull':true,'Next':'Yes'}|{'x':null}|Yes",
        "{'Variable':'$.x','IsNumeric':true,'Next':'Yes'}|{'x':3.5}|Yes",
        "{'Variable':'$.x','IsString':false,'Next':'Yes'}|{'x':3}|Yes",
        "{'Variable':'$.x','IsBoolean':true,'Next':'Yes'}|{'x':false}|Yes",
        "{'Variable':'$.x','IsTimestamp':true,'Next':'Yes'}|{'x':'2026-01-01T00:00:00Z'}|Yes",
        "{'And':[{'Variable':'$.a','NumericEquals':1},{'Not':{'Variable':'$.b','StringEquals':'x'}}],'Next':'Yes'}|{'a':1,'b':'y'}|Yes",
        "{'Or':[{'Variable':'$.a','NumericEquals':2},{'Variable':'$.b','StringEquals':'x'}],'Next':'Yes'}|{'a':1,'b':'y'}|No",
    })
    void shouldEvaluateEveryComparisonOperator(String rule, String input, String expected) {
        assertThat(decide(rule.replace('\'', '"'), input.replace('\'', '"'))).isEqualTo(expected);
    }

    @Test
    void shouldFailWithStatesRuntimeWhenNoChoiceMatchesAndNoDefault() {
        // AWS error names: "States.NoChoiceMatched: Reserved for future use ... reported with States.Runtime"
        ExecutionDescription d = h.run("""
            {"StartAt":"C","States":{"C":{"Type":"Choice","Choices":[{"Variable":"$.a","NumericEquals":1,"Next":"Y"}]},
              "Y":{"Type":"Succeed"}}}""", "{\"a\":2}");

        assertThat(d.error()).isEqualTo("States.Runtime");
        assertThat(d.cause()).contains("No Choice Rule matched");
    }

    @Test
    void shouldWaitSecondsAndSecondsPathOnTheVirtualClock() {
        ExecutionDescription d = h.run("""
            {"StartAt":"A","States":{"A":{"Type":"Wait","Seconds":90,"Next":"B"},
              "B":{"Type":"Wait","SecondsPath":"$.s","Next":"C"},
              "C":{"Type":"Pass","Parameters":{"now.$":"$$.State.EnteredTime"},"End":true}}}""", "{\"s\":30}");

        assertThat(d.output()).isEqualTo(Json.parse("{\"now\":\"2026-01-01T00:02:00.000Z\"}"));
    }

    @Test
    void shouldWaitUntilTimestampAndTimestampPathAndNotWaitForPastTimestamps() {
        // Wait: "an absolute expiry time, specified as an ISO-8601 extended offset date-time format string"
        ExecutionDescription d = h.run("""
            {"StartAt":"A","States":{"A":{"Type":"Wait","Timestamp":"2026-01-01T01:00:00Z","Next":"B"},
              "B":{"Type":"Wait","TimestampPath":"$.until","Next":"C"},
              "C":{"Type":"Wait","Timestamp":"2025-01-01T00:00:00Z","End":true}}}""",
                "{\"until\":\"2026-01-01T03:30:00+01:00\"}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(h.clock.instant()).isEqualTo(Instant.parse("2026-01-01T02:30:00Z"));
    }

    @Test
    void shouldTimeOutTheExecutionWhenItRunsLongerThanTopLevelTimeoutSeconds() {
        // ASL spec top-level "TimeoutSeconds": "the execution fails with a States.Timeout Error Name"
        ExecutionDescription d = h.run("""
            {"StartAt":"W","TimeoutSeconds":60,"States":{"W":{"Type":"Wait","Seconds":3600,"Next":"Never"},
              "Never":{"Type":"Succeed"}}}""", "{}");

        assertThat(d.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(d.error()).isEqualTo("States.Timeout");
        assertThat(d.statesVisited()).containsExactly("W");
        assertThat(h.clock.instant()).isEqualTo(Harness.START.plus(Duration.ofSeconds(60)));
    }
}
