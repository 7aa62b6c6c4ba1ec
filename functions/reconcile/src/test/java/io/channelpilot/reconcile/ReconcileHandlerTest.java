package io.channelpilot.reconcile;

import static io.channelpilot.reconcile.Fixtures.CLUSTER;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.retention.InMemoryOutstandingStore;
import io.channelpilot.retention.RetentionSettings;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.testing.TestLambdaContext;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import io.channelpilot.reconcile.gateway.ApiCalls;

class ReconcileHandlerTest {

    private static final Path EVENTS = Path.of("../../events/reconcile");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Clock clock = Clock.fixed(Instant.parse("2026-03-01T10:20:00Z"), ZoneOffset.UTC);
    private final RecordingExecutions executions = new RecordingExecutions();
    private final List<RenderedNotification> published = new ArrayList<>();
    private final ApiCalls fleetCalls = new ApiCalls();
    private final InMemoryStatusStore statuses = new InMemoryStatusStore(clock);
    private final FakeFleet fleet = new FakeFleet(fleetCalls).cluster(CLUSTER, Fixtures.TAGS, "orders.created");
    private final ReconcileHandler handler = new ReconcileHandler(new ReconcileWiring(new SweepService(
            calls -> new Reconciler(fleet, executions, statuses, new RetentionCheck(new InMemoryOutstandingStore(clock), statuses,
                    (cluster, topic) -> java.util.Optional.empty(), RetentionSettings.DEFAULTS, recording(), NotificationRenderer.create(),
                    clock), Fixtures.STACK, clock, Duration.ofMinutes(15), 50, calls),
            recording(), NotificationRenderer.create()), "ChannelPilotTest"));

    private NotificationPublisher recording() {
        return message -> {
            published.add(message);
            return "m-" + published.size();
        };
    }

    private JsonNode invoke(String event) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = Files.newInputStream(EVENTS.resolve(event))) {
            handler.handleRequest(in, out, new TestLambdaContext("reconcile"));
        }
        return JSON.readTree(out.toByteArray());
    }

    @ParameterizedTest
    @ValueSource(strings = {"scheduled.json", "on-demand.json", "on-demand-all.json"})
    void shouldSweepAndSendOneSummaryForEveryValidEvent(String event) throws Exception {
        // when
        JsonNode report = invoke(event);

        // then the missing channel of orders.created is started, and one SWEEP_SUMMARY goes out
        assertThat(report.path("errors")).isEmpty();
        assertThat(report.path("clusters").get(0).path("executions").get(0).path("result").asText()).isEqualTo("STARTED");
        assertThat(report.path("notified").asBoolean()).isTrue();
        assertThat(published).singleElement().satisfies(m -> {
            assertThat(m.attributes()).containsEntry("kind", "SWEEP_SUMMARY");
            assertThat(m.subject()).isEqualTo("[Channel Pilot] INFO Sweep: 1 started, 0 corrected, 1 drifted");
        });
    }

    @Test
    void shouldNameTheScheduledSweepByItsSlot() throws Exception {
        assertThat(invoke("scheduled.json").path("sweepId").asText()).isEqualTo("sweep-20260301t101500z");
    }

    @Test
    void shouldReturnAnErrorValueForABadClusterArn() throws Exception {
        // when
        JsonNode report = invoke("invalid-cluster.json");

        // then
        assertThat(report.path("errors").get(0).path("code").asText()).isEqualTo("INPUT_FIELD_INVALID");
        assertThat(report.path("errors").get(0).path("remediation").asText()).contains("arn:aws:kafka");
        assertThat(executions.attempts).isEmpty();
        assertThat(published).isEmpty();
    }
}
