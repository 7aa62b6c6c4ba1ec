package io.channelpilot.local.world.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.gateway.AlarmGateway.AlarmSpec;
import io.channelpilot.gateway.SdkAlarmGateway;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;

/** Channel Pilot's own SdkAlarmGateway against the emulator: the alarms it provisions evaluate and emit events. */
class AlarmGatewayOnEmulatorTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Map<String, String> DIMS = Map.of("ClusterName", "prod", "ChannelName", "orders-1",
            "Topic", "orders");

    private final VirtualClock clock = VirtualClock.startingAt(T0);
    private final List<JsonNode> events = new ArrayList<>();
    private EmulatorServer server;
    private CloudWatchEmulator emulator;
    private CloudWatchClient cw;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new CloudWatchEmulator(clock, events::add, "123456789012", "us-east-1");
        server.register(emulator);
        cw = SdkTestClients.client(CloudWatchClient.builder(), server);
    }

    @AfterEach
    void stop() {
        cw.close();
        server.close();
    }

    @Test
    void shouldProvisionEvaluateAndDeleteChannelAlarms() {
        SdkAlarmGateway gateway = new SdkAlarmGateway(cw);
        AlarmSpec failedRows = new AlarmSpec("channel-pilot-orders-1-failed-rows", "failed rows", "AWS/Kafka",
                "FailedRowCount", DIMS, "Sum", 60, 5, 5, 0, "GreaterThanThreshold", "notBreaching");
        gateway.put(failedRows);
        gateway.put(failedRows);
        assertThat(emulator.alarms()).hasSize(1);

        for (int minute = 0; minute < 5; minute++) {
            emulator.record("AWS/Kafka", "FailedRowCount", DIMS, 3, "Count", clock.instant());
            clock.advance(Duration.ofMinutes(1));
            emulator.evaluate();
        }
        assertThat(emulator.alarm(failedRows.name()).orElseThrow().state().value()).isEqualTo("ALARM");
        assertThat(events).extracting(e -> e.at("/detail/state/value").asText()).containsExactly("OK", "ALARM");
        assertThat(events.get(1).at("/detail/configuration/metrics/0/metricStat/metric/dimensions/ChannelName")
                .asText()).isEqualTo("orders-1");

        gateway.delete(List.of(failedRows.name(), "channel-pilot-never-created"));
        assertThat(emulator.alarms()).isEmpty();
    }
}
