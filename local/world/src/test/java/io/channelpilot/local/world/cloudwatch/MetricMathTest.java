package io.channelpilot.local.world.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.gateway.GatewayResult;
import io.channelpilot.gateway.SdkMetricsGateway;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;

/** The SEARCH / SUM metric math Channel Pilot sends, through the real client and Channel Pilot's own gateway. */
class MetricMathTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private final VirtualClock clock = VirtualClock.startingAt(T0);
    private EmulatorServer server;
    private CloudWatchEmulator emulator;
    private CloudWatchClient cw;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new CloudWatchEmulator(clock, e -> { }, "123456789012", "us-east-1");
        server.register(emulator);
        cw = SdkTestClients.client(CloudWatchClient.builder(), server);
        for (String broker : new String[] {"1", "2", "3"}) {
            double rate = Double.parseDouble(broker) * 100;
            emulator.record("AWS/Kafka", "BytesInPerSec", Map.of("Cluster Name", "prod", "Broker ID", broker,
                    "Topic", "orders"), rate, T0.minusSeconds(400));
            emulator.record("AWS/Kafka", "BytesInPerSec", Map.of("Cluster Name", "prod", "Broker ID", broker,
                    "Topic", "orders"), rate + 10, T0.minusSeconds(100));
        }
        emulator.record("AWS/Kafka", "BytesInPerSec", Map.of("Cluster Name", "prod", "Broker ID", "1",
                "Topic", "payments"), 5000, T0.minusSeconds(100));
        emulator.record("AWS/Kafka", "BytesInPerSec", Map.of("Cluster Name", "prod", "Topic", "orders"),
                9999, T0.minusSeconds(100));
    }

    @AfterEach
    void stop() {
        cw.close();
        server.close();
    }

    @Test
    void shouldSumSearchResultsPerPeriodAcrossBrokers() {
        MetricDataResult r = cw.getMetricData(q -> q.startTime(T0.minusSeconds(600)).endTime(T0)
                .metricDataQueries(m -> m.id("bytesin").expression("SUM(SEARCH('{AWS/Kafka,\"Broker ID\",\"Cluster Name\","
                        + "Topic} MetricName=\"BytesInPerSec\" \"Cluster Name\"=\"prod\" Topic=\"orders\"', 'Average', 300))")))
                .metricDataResults().get(0);

        assertThat(r.id()).isEqualTo("bytesin");
        assertThat(r.timestamps()).containsExactly(T0.minusSeconds(300), T0.minusSeconds(600));
        assertThat(r.values()).containsExactly(630.0, 600.0);
    }

    @Test
    void shouldReturnOneSeriesPerMatchedMetricForBareSearch() {
        assertThat(cw.getMetricData(q -> q.startTime(T0.minusSeconds(300)).endTime(T0)
                .metricDataQueries(m -> m.id("s").expression("SEARCH('{AWS/Kafka,\"Broker ID\",\"Cluster Name\",Topic} "
                        + "orders', 'Maximum', 300)"))).metricDataResults())
                .hasSize(3).allSatisfy(r -> assertThat(r.id()).isEqualTo("s"));
    }

    @Test
    void shouldServeChannelPilotsMetricsGateway() {
        GatewayResult<Optional<Double>> result = new SdkMetricsGateway(cw, clock)
                .topicBytesInPerSecond("prod", "orders", Duration.ofMinutes(10));

        assertThat(result).isEqualTo(new GatewayResult.Ok<>(Optional.of(615.0)));
    }

    @Test
    void shouldRefuseUnsupportedExpressionsClearly() {
        assertThatThrownBy(() -> cw.getMetricData(q -> q.startTime(T0.minusSeconds(300)).endTime(T0)
                .metricDataQueries(m -> m.id("e").expression("m1 * 2"))))
                .isInstanceOfSatisfying(AwsServiceException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue");
                    assertThat(e.getMessage()).contains("supports only SEARCH");
                });
    }
}
