package io.channelpilot.alarm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class AlarmEventTest {

    private final ObjectMapper mapper = new ObjectMapper();

    private ObjectNode event(String name) throws IOException {
        return (ObjectNode) mapper.readTree(Path.of("../../events/respond-to-alarm").resolve(name).toFile());
    }

    @Test
    void shouldReadChannelDimensionsAndSignalWhenOurAlarm() throws IOException {
        AlarmEvent.Input input = AlarmEvent.parse(event("failed-rows-alarm.json"));

        assertThat(input).isInstanceOf(AlarmEvent.Input.Ours.class);
        AlarmEvent e = ((AlarmEvent.Input.Ours) input).event();
        assertThat(e.signal()).isEqualTo(AlarmSignal.FAILED_ROW_COUNT);
        assertThat(e.clusterName()).isEqualTo("orders-express");
        assertThat(e.topic()).isEqualTo("orders.created");
        assertThat(e.isAlarm()).isTrue();
        assertThat(e.previousState()).isEqualTo("OK");
    }

    @Test
    void shouldFallBackToTheAlarmNameSuffixWhenTheMetricNameIsAbsent() throws IOException {
        ObjectNode event = event("data-freshness-alarm.json");
        ((ObjectNode) event.at("/detail/configuration/metrics/0/metricStat/metric")).remove("name");

        AlarmEvent e = ((AlarmEvent.Input.Ours) AlarmEvent.parse(event)).event();

        assertThat(e.signal()).isEqualTo(AlarmSignal.DATA_FRESHNESS);
    }

    @Test
    void shouldIgnoreOtherSourcesAndOtherMetrics() throws IOException {
        ObjectNode other = event("dlq-delivery-alarm.json");
        other.put("source", "aws.kafka");
        ObjectNode cpu = event("dlq-delivery-alarm.json");
        ((ObjectNode) cpu.at("/detail/configuration/metrics/0/metricStat/metric")).put("name", "CPUUtilization");
        ((ObjectNode) cpu.path("detail")).put("alarmName", "channel-pilot-x-cpu");

        assertThat(AlarmEvent.parse(other)).isEqualTo(new AlarmEvent.Input.Ignored("NOT_AN_ALARM_EVENT",
                "source/detail-type: not a CloudWatch Alarm State Change event"));
        assertThat(((AlarmEvent.Input.Ignored) AlarmEvent.parse(cpu)).code()).isEqualTo("UNKNOWN_METRIC");
        assertThat(((AlarmEvent.Input.Ignored) AlarmEvent.parse(null)).code()).isEqualTo("NOT_AN_ALARM_EVENT");
    }

    @Test
    void shouldTreatOnlyOkAfterAlarmAsARecovery() throws IOException {
        ObjectNode firstEvaluation = event("dlq-delivery-ok.json");
        ((ObjectNode) firstEvaluation.at("/detail/previousState")).put("value", "INSUFFICIENT_DATA");

        AlarmEvent fresh = ((AlarmEvent.Input.Ours) AlarmEvent.parse(firstEvaluation)).event();
        AlarmEvent recovered = ((AlarmEvent.Input.Ours) AlarmEvent.parse(event("dlq-delivery-ok.json"))).event();

        assertThat(fresh.isOk()).isTrue();
        assertThat(fresh.isRecovery()).as("a new alarm's first evaluation is no recovery").isFalse();
        assertThat(recovered.previousState()).isEqualTo("ALARM");
        assertThat(recovered.isRecovery()).isTrue();
    }

    @Test
    void shouldIgnoreAnAlarmFromAnotherAccountOrRegionWhenTheStackKnowsItsHome() throws IOException {
        // GIVEN the stack's home and events naming our cluster from elsewhere
        io.channelpilot.model.Home home = io.channelpilot.model.Home.from(java.util.Map.of("AWS_REGION", "us-east-1",
                "CHANNEL_PILOT_SERVICE_ROLE_ARN", "arn:aws:iam::123456789012:role/channel-pilot-delivery"));
        ObjectNode otherAccount = event("dlq-delivery-alarm.json");
        otherAccount.put("account", "999988887777");
        ObjectNode otherRegionArn = event("dlq-delivery-alarm.json");
        otherRegionArn.putArray("resources").add("arn:aws:cloudwatch:eu-west-1:123456789012:alarm:channel-pilot-x");

        // WHEN parsed with the home; THEN ignored with the code and the part that differs; ours still pass
        assertThat(AlarmEvent.parse(otherAccount, home)).isEqualTo(new AlarmEvent.Input.Ignored("FOREIGN_ALARM",
                "account/region/resources[0] name account 999988887777, this stack runs in 123456789012"));
        assertThat(((AlarmEvent.Input.Ignored) AlarmEvent.parse(otherRegionArn, home)).message())
                .isEqualTo("account/region/resources[0] name Region eu-west-1, this stack runs in us-east-1");
        assertThat(AlarmEvent.parse(event("dlq-delivery-alarm.json"), home)).isInstanceOf(AlarmEvent.Input.Ours.class);
        assertThat(AlarmEvent.parse(otherAccount, io.channelpilot.model.Home.unknown())).isInstanceOf(AlarmEvent.Input.Ours.class);
    }
}
