package io.channelpilot.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SweepRequestTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration QUARTER = Duration.ofMinutes(15);
    private static final Instant NOW = Instant.parse("2026-03-01T10:22:00Z");

    private static JsonNode json(String s) throws Exception {
        return JSON.readTree(s);
    }

    @Test
    void shouldNameAScheduledSweepByItsSlot() throws Exception {
        // given two deliveries of schedule events inside the same 15-minute slot
        SweepRequest a = ((SweepRequest.Ok) SweepRequest.parse(json("{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\","
                + "\"time\":\"2026-03-01T10:15:00Z\"}"), NOW, QUARTER)).request();
        SweepRequest b = ((SweepRequest.Ok) SweepRequest.parse(json("{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\","
                + "\"time\":\"2026-03-01T10:29:59Z\"}"), NOW, QUARTER)).request();

        // then
        assertThat(a.sweepId()).isEqualTo("sweep-20260301t101500z").isEqualTo(b.sweepId());
        assertThat(a.clusterArn()).isEmpty();
    }

    @Test
    void shouldUseTheSlotOfNowWhenAnOnDemandSweepHasNoId() throws Exception {
        // when
        SweepRequest r = ((SweepRequest.Ok) SweepRequest.parse(json("{\"source\":\"channel-pilot.reconcile\"}"), NOW, QUARTER)).request();

        // then
        assertThat(r.sweepId()).isEqualTo("sweep-20260301t101500z");
    }

    @Test
    void shouldKeepAnExplicitSweepIdAndCluster() throws Exception {
        // when
        SweepRequest r = ((SweepRequest.Ok) SweepRequest.parse(json("{\"source\":\"channel-pilot.reconcile\",\"sweepId\":\"ops-1\","
                + "\"clusterArn\":\"" + Fixtures.CLUSTER + "\"}"), NOW, QUARTER)).request();

        // then
        assertThat(r.sweepId()).isEqualTo("ops-1");
        assertThat(r.clusterArn()).contains(Fixtures.CLUSTER);
    }

    @Test
    void shouldRejectBadInputsWithCodesAndRemediation() throws Exception {
        assertThat(code("[1]")).isEqualTo(ReconcileErrorCode.INPUT_NOT_OBJECT);
        assertThat(code("{\"source\":\"aws.kafka\"}")).isEqualTo(ReconcileErrorCode.INPUT_SOURCE_UNKNOWN);
        assertThat(code("{\"source\":\"channel-pilot.reconcile\",\"clusterArn\":\"demo\"}")).isEqualTo(ReconcileErrorCode.INPUT_FIELD_INVALID);
        assertThat(code("{\"source\":\"channel-pilot.reconcile\",\"sweepId\":\"a b\"}")).isEqualTo(ReconcileErrorCode.INPUT_FIELD_INVALID);
        assertThat(code("{\"source\":\"aws.events\",\"detail-type\":\"Scheduled Event\",\"time\":\"soon\"}"))
                .isEqualTo(ReconcileErrorCode.INPUT_FIELD_INVALID);
        assertThat(ReconcileErrorCode.INPUT_FIELD_INVALID.remediation()).contains("clusterArn = arn:aws:kafka");
    }

    private static ReconcileErrorCode code(String input) throws Exception {
        return ((SweepRequest.Error) SweepRequest.parse(json(input), NOW, QUARTER)).error().code();
    }
}
