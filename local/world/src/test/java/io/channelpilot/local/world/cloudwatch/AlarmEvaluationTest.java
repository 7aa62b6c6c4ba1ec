package io.channelpilot.local.world.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.Json;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Alarm evaluation on the virtual clock: M of N, TreatMissingData, events and actions. */
class AlarmEvaluationTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final VirtualClock clock = VirtualClock.startingAt(T0);
    private final List<JsonNode> events = new ArrayList<>();
    private final List<String> invokedActions = new ArrayList<>();
    private final CloudWatchEmulator cw = new CloudWatchEmulator(clock, events::add, "123456789012", "us-east-1");

    AlarmEvaluationTest() {
        cw.actionInvoker((arn, alarm, previous) -> invokedActions.add(arn + "@" + alarm.state().value()));
    }

    @Test
    void shouldGoOkThenAlarmThenOkAndPublishDocumentedEvents() {
        putAlarm("cp-orders-failed-rows", 1, 1, "missing");
        put(0, T0.plusSeconds(10));
        clock.advance(Duration.ofMinutes(1));
        assertThat(cw.evaluate()).hasSize(1);
        assertThat(state("cp-orders-failed-rows")).isEqualTo("OK");

        put(7, clock.instant().plusSeconds(5));
        assertThat(cw.evaluate()).as("the breaching period is not complete yet").isEmpty();
        clock.advance(Duration.ofMinutes(1));
        List<JsonNode> alarmed = cw.evaluate();
        assertThat(state("cp-orders-failed-rows")).isEqualTo("ALARM");

        JsonNode event = alarmed.get(0);
        assertThat(event.get("detail-type").asText()).isEqualTo("CloudWatch Alarm State Change");
        assertThat(event.get("source").asText()).isEqualTo("aws.cloudwatch");
        assertThat(event.get("account").asText()).isEqualTo("123456789012");
        assertThat(event.get("region").asText()).isEqualTo("us-east-1");
        assertThat(event.get("time").asText()).isEqualTo("2026-03-01T10:02:00Z");
        assertThat(event.get("resources").get(0).asText())
                .isEqualTo("arn:aws:cloudwatch:us-east-1:123456789012:alarm:cp-orders-failed-rows");
        JsonNode detail = event.get("detail");
        assertThat(detail.get("alarmName").asText()).isEqualTo("cp-orders-failed-rows");
        assertThat(detail.at("/state/value").asText()).isEqualTo("ALARM");
        assertThat(detail.at("/state/reason").asText()).isEqualTo("Threshold Crossed: 1 out of the last 1 datapoints "
                + "[7.0 (01/03/26 10:01:00)] was greater than the threshold (0.0) (minimum 1 datapoint for "
                + "OK -> ALARM transition).");
        assertThat(detail.at("/state/timestamp").asText()).isEqualTo("2026-03-01T10:02:00.000+0000");
        JsonNode reasonData = Json.parse(detail.at("/state/reasonData").asText().getBytes());
        assertThat(reasonData.get("recentDatapoints").get(0).asDouble()).isEqualTo(7.0);
        assertThat(reasonData.get("statistic").asText()).isEqualTo("Sum");
        assertThat(reasonData.get("period").asInt()).isEqualTo(60);
        assertThat(detail.at("/previousState/value").asText()).isEqualTo("OK");
        assertThat(detail.at("/configuration/description").asText()).isEqualTo("failed rows");
        JsonNode metric = detail.at("/configuration/metrics/0");
        assertThat(metric.get("id").asText()).isNotBlank();
        assertThat(metric.at("/metricStat/metric/name").asText()).isEqualTo("FailedRowCount");
        assertThat(metric.at("/metricStat/metric/namespace").asText()).isEqualTo("AWS/Kafka");
        assertThat(metric.at("/metricStat/metric/dimensions/ChannelName").asText()).isEqualTo("orders");
        assertThat(metric.at("/metricStat/period").asInt()).isEqualTo(60);
        assertThat(metric.at("/metricStat/stat").asText()).isEqualTo("Sum");
        assertThat(metric.get("returnData").asBoolean()).isTrue();

        put(0, clock.instant().plusSeconds(1));
        clock.advance(Duration.ofMinutes(1));
        List<JsonNode> recovered = cw.evaluate();
        assertThat(recovered).hasSize(1);
        assertThat(recovered.get(0).at("/detail/state/value").asText()).isEqualTo("OK");
        assertThat(recovered.get(0).at("/detail/state/reason").asText()).contains("was not greater than the threshold");
        assertThat(recovered.get(0).at("/detail/previousState/value").asText()).isEqualTo("ALARM");
        assertThat(events).hasSize(3);
        assertThat(invokedActions).containsExactly(
                "arn:aws:sns:us-east-1:123456789012:alerts@OK", "arn:aws:sns:us-east-1:123456789012:ok@OK",
                "arn:aws:sns:us-east-1:123456789012:alerts@ALARM",
                "arn:aws:sns:us-east-1:123456789012:alerts@OK", "arn:aws:sns:us-east-1:123456789012:ok@OK");
    }

    @Test
    void shouldRequireMOutOfNBreachingPeriods() {
        putAlarm("m-of-n", 3, 2, "notBreaching");
        put(5, T0.plusSeconds(10));
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();
        assertThat(state("m-of-n")).isEqualTo("OK");

        put(5, T0.plusSeconds(130));
        clock.advance(Duration.ofMinutes(2));
        cw.evaluate();
        assertThat(state("m-of-n")).as("2 of the last 3 periods breach").isEqualTo("ALARM");
        clock.advance(Duration.ofMinutes(2));
        cw.evaluate();
        assertThat(state("m-of-n")).as("only 1 of the last 3 breaches, missing is not breaching").isEqualTo("OK");
        assertThat(cw.alarm("m-of-n").orElseThrow().state().reason()).isEqualTo("Threshold Crossed: 2 out of the "
                + "last 3 datapoints [] were not greater than the threshold (0.0) (minimum 2 datapoints for "
                + "ALARM -> OK transition). 2 missing datapoints were treated as [NonBreaching].");
    }

    @Test
    void shouldApplyEachTreatMissingDataModeWhenNoDatapointsExist() {
        putAlarm("missing", 2, 1, "missing");
        putAlarm("breaching", 2, 1, "breaching");
        putAlarm("notBreaching", 2, 1, "notBreaching");
        putAlarm("ignore", 2, 1, "ignore");
        clock.advance(Duration.ofMinutes(5));

        cw.evaluate();

        assertThat(state("missing")).isEqualTo("INSUFFICIENT_DATA");
        assertThat(state("breaching")).isEqualTo("ALARM");
        assertThat(cw.alarm("breaching").orElseThrow().state().reason())
                .endsWith("2 missing datapoints were treated as [Breaching].");
        assertThat(state("notBreaching")).isEqualTo("OK");
        assertThat(state("ignore")).isEqualTo("INSUFFICIENT_DATA");
        assertThat(events).hasSize(2);
    }

    @Test
    void shouldKeepStateWhenIgnoringMissingData() {
        putAlarm("ignore", 1, 1, "ignore");
        put(9, T0);
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();
        assertThat(state("ignore")).isEqualTo("ALARM");
        clock.advance(Duration.ofMinutes(10));
        assertThat(cw.evaluate()).isEmpty();
        assertThat(state("ignore")).isEqualTo("ALARM");
    }

    @Test
    void shouldNotInvokeActionsWhenActionsAreDisabled() {
        putAlarm("quiet", 1, 1, "breaching", false);
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();
        assertThat(state("quiet")).isEqualTo("ALARM");
        assertThat(events).hasSize(1);
        assertThat(invokedActions).isEmpty();
    }

    @Test
    void shouldOnlyCountDatapointsWithTheAlarmsUnit() {
        var body = Json.object().put("AlarmName", "unit").put("Namespace", "AWS/Kafka").put("MetricName", "Lag")
                .put("Statistic", "Maximum").put("Period", 60).put("EvaluationPeriods", 1).put("Threshold", 10.0)
                .put("ComparisonOperator", "GreaterThanThreshold").put("Unit", "Seconds")
                .put("TreatMissingData", "missing");
        new AlarmOperations(cw.book(), "us-east-1", "123456789012").putMetricAlarm(body, clock.instant());
        cw.record("AWS/Kafka", "Lag", Map.of(), 99, "Count", T0);
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();
        assertThat(state("unit")).isEqualTo("INSUFFICIENT_DATA");

        cw.record("AWS/Kafka", "Lag", Map.of(), 99, "Seconds", clock.instant());
        clock.advance(Duration.ofMinutes(1));
        cw.evaluate();
        assertThat(state("unit")).isEqualTo("ALARM");
    }

    private void put(double value, Instant at) {
        cw.metrics().add(MetricKey.of("AWS/Kafka", "FailedRowCount", Map.of("ChannelName", "orders")),
                Datapoint.single(at, value, 1, "Count"));
    }

    private String state(String name) {
        return cw.alarm(name).orElseThrow().state().value();
    }

    private void putAlarm(String name, int evaluationPeriods, int datapoints, String treatMissing) {
        putAlarm(name, evaluationPeriods, datapoints, treatMissing, true);
    }

    private void putAlarm(String name, int evaluationPeriods, int datapoints, String treatMissing, boolean actions) {
        var body = Json.object().put("AlarmName", name).put("AlarmDescription", "failed rows")
                .put("Namespace", "AWS/Kafka").put("MetricName", "FailedRowCount").put("Statistic", "Sum")
                .put("Period", 60).put("EvaluationPeriods", evaluationPeriods).put("DatapointsToAlarm", datapoints)
                .put("Threshold", 0.0).put("ComparisonOperator", "GreaterThanThreshold")
                .put("TreatMissingData", treatMissing).put("ActionsEnabled", actions);
        body.putArray("Dimensions").addObject().put("Name", "ChannelName").put("Value", "orders");
        body.putArray("AlarmActions").add("arn:aws:sns:us-east-1:123456789012:alerts");
        body.putArray("OKActions").add("arn:aws:sns:us-east-1:123456789012:alerts")
                .add("arn:aws:sns:us-east-1:123456789012:ok");
        new AlarmOperations(bookOf(cw), "us-east-1", "123456789012").putMetricAlarm(body, clock.instant());
    }

    private static AlarmBook bookOf(CloudWatchEmulator cw) {
        return cw.book();
    }
}
