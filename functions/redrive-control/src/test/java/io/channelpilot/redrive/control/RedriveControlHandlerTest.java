package io.channelpilot.redrive.control;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.Facts;
import io.channelpilot.gateway.GatewayResult;
import io.channelpilot.gateway.Gateways;
import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.redrive.InMemoryRedriveTaskStore;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.RunMode;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.retention.InMemoryOutstandingStore;
import io.channelpilot.retention.OutstandingEntries;
import io.channelpilot.store.ChannelKey;
import java.util.Map;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The control handler invoked with the events under events/redrive-control/. */
class RedriveControlHandlerTest {

    static final String TASK = "redrive-1780000000-1a2b3c4d";
    static final String CLUSTER_ARN = "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/abc-1";
    static final String SCHEMA = "{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"integer\"},"
            + "\"event_time\":{\"type\":\"string\",\"format\":\"date-time\"}},\"required\":[\"id\"]}";
    static final ObjectMapper JSON = new ObjectMapper();

    final Clock clock = Clock.fixed(Instant.parse("2026-05-01T10:00:00Z"), ZoneOffset.UTC);
    final InMemoryRedriveTaskStore store = new InMemoryRedriveTaskStore();
    final List<RenderedNotification> sent = new ArrayList<>();
    final InMemoryOutstandingStore outstanding = new InMemoryOutstandingStore(clock);
    static final ChannelKey CHANNEL = new ChannelKey(CLUSTER_ARN, "orders-created-sales-orders-3f9a1c2b");
    Optional<Facts.Schema> schema = Optional.of(new Facts.Schema("arn:schema", "JSON", "AVAILABLE", 1, SCHEMA));
    /** When set, the schema read fails with it instead of answering {@link #schema}. */
    io.channelpilot.gateway.GatewayFailure schemaFailure;

    RedriveControlHandler handler() {
        Gateways.SchemaRegistryGateway schemas = (registry, name) -> schemaFailure != null
                ? GatewayResult.failed(schemaFailure) : new GatewayResult.Ok<>(schema);
        return new RedriveControlHandler(new ControlWiring(new ControlService(store, schemas,
                new RedriveNotifier(m -> {
                    sent.add(m);
                    return "m-" + sent.size();
                }, NotificationRenderer.create()), outstanding, clock)));
    }

    void givenTask(TaskState state, RedriveCounters counters) {
        givenTask(RedriveRequest.of(CLUSTER_ARN, CHANNEL.channelName()), state, counters, null);
    }

    void givenTask(RedriveRequest request, TaskState state, RedriveCounters counters, Instant startedAt) {
        store.create(new RedriveTask(TASK, request, "orders.created", "channel-pilot-dlq", "channel-pilot/dlq/x/",
                "sales/orders", "event_time", "", state, counters, "", "arn:exec", clock.instant(), startedAt, null));
    }

    void givenOutstanding(DlqCause cause, Instant oldest, long count) {
        outstanding.update(CHANNEL, "orders.created", e -> e.merge(e.lastReport() + 1, Map.of(cause,
                OutstandingEntries.Band.seen(Optional.of(oldest), Optional.of(oldest), count, clock.instant().minusSeconds(60)))));
    }

    JsonNode invoke(String event) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler().handleRequest(new ByteArrayInputStream(Files.readAllBytes(events().resolve(event))), out, new TestContext());
        return JSON.readTree(out.toByteArray());
    }

    static Path events() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("events/redrive-control"))) {
            p = p.getParent();
        }
        return p.resolve("events/redrive-control");
    }

    @Test
    void shouldStartTheTaskAndStoreTheSchemaWhenPrepared() throws Exception {
        givenTask(TaskState.PENDING, RedriveCounters.ZERO);

        JsonNode out = invoke("prepare.json");

        assertThat(out.path("proceed").asBoolean()).isTrue();
        assertThat(out.path("bucket").asText()).isEqualTo("channel-pilot-dlq");
        assertThat(out.path("maxConcurrency").asInt()).isEqualTo(4);
        RedriveTask task = store.find(TASK).orElseThrow();
        assertThat(task.state()).isEqualTo(TaskState.RUNNING);
        assertThat(task.schemaDefinition()).isEqualTo(SCHEMA);
        assertThat(task.startedAt()).isEqualTo(clock.instant());
    }

    @Test
    void shouldFailTheTaskWithItsCodeWhenTheSchemaIsUnavailable() throws Exception {
        givenTask(TaskState.PENDING, RedriveCounters.ZERO);
        schema = Optional.empty();

        JsonNode out = invoke("prepare.json");

        assertThat(out.path("proceed").asBoolean()).isFalse();
        assertThat(out.path("reason").asText()).isEqualTo("SCHEMA_UNAVAILABLE");
        assertThat(store.find(TASK).orElseThrow().state()).isEqualTo(TaskState.FAILED);
        assertThat(store.find(TASK).orElseThrow().failureReason()).startsWith("SCHEMA_UNAVAILABLE");
    }

    @Test
    void shouldAskTheStateMachineToRetryPrepareWhenTheSchemaReadIsThrottled() {
        // the fault suite (issue 8.3): a throttled Glue read failed the whole task as SCHEMA_UNAVAILABLE
        givenTask(TaskState.PENDING, RedriveCounters.ZERO);
        schemaFailure = new io.channelpilot.gateway.GatewayFailure(io.channelpilot.gateway.AwsErrorKind.THROTTLED,
                "glue", "GetSchemaVersion", "glue:GetSchemaVersion", "ThrottlingException", "HTTP 400");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> invoke("prepare.json"))
                .isInstanceOf(io.channelpilot.workflow.AwsThrottled.class).hasMessageContaining("sales/orders");
        assertThat(store.find(TASK).orElseThrow().state()).isEqualTo(TaskState.PENDING);
    }

    @Test
    void shouldNotProceedWhenTheTaskWasCancelledBeforePrepare() throws Exception {
        givenTask(TaskState.CANCELLED, RedriveCounters.ZERO);

        assertThat(invoke("prepare.json").path("proceed").asBoolean()).isFalse();
    }

    @Test
    void shouldSucceedAndEscalatePoisonRecordsWhenSummarised() throws Exception {
        givenTask(TaskState.RUNNING, new RedriveCounters(3, 20, 15, 5, 0, 0, 0, 2));

        JsonNode out = invoke("summarise-succeeded.json");

        assertThat(out.path("state").asText()).isEqualTo("SUCCEEDED");
        assertThat(out.at("/counters/reproduced").asLong()).isEqualTo(15);
        assertThat(sent).extracting(m -> m.attributes().get("kind")).containsExactly("REDRIVE_FINISHED", "POISON_RECORDS");
        assertThat(sent.get(0).attributes().get("severity")).isEqualTo("WARNING");
        assertThat(sent.get(1).attributes().get("severity")).isEqualTo("CRITICAL");
        assertThat(sent.get(0).email()).contains("channel-pilot redrive status --task " + TASK);
        assertThat(store.find(TASK).orElseThrow().finishedAt()).isEqualTo(clock.instant());
    }

    @Test
    void shouldTakeTheCoveredCausesOffTheOutstandingEntriesWhenALiveTaskSucceeded() throws Exception {
        // given entries of two causes outstanding, and a live task limited to one of them that saw all its records
        givenOutstanding(DlqCause.MISSING_REQUIRED_FIELD, Instant.parse("2026-05-01T08:00:00Z"), 3);
        givenOutstanding(DlqCause.MALFORMED_JSON, Instant.parse("2026-05-01T09:00:00Z"), 1);
        RedriveRequest onlyMissing = new RedriveRequest(CLUSTER_ARN, CHANNEL.channelName(), null, null,
                List.of(DlqCause.MISSING_REQUIRED_FIELD), List.of(), 0, 0, 0, RunMode.LIVE, "test");
        givenTask(onlyMissing, TaskState.RUNNING, new RedriveCounters(1, 3, 3, 0, 0, 0, 0, 0), clock.instant());

        // when
        JsonNode out = invoke("summarise-succeeded.json");

        // then only the covered cause is cleared, and the race now runs from the malformed entry
        assertThat(out.at("/outstanding/verdict").asText()).isEqualTo("APPLIED");
        assertThat(out.at("/outstanding/cleared/0").asText()).isEqualTo("MISSING_REQUIRED_FIELD");
        assertThat(out.at("/outstanding/oldestOutstanding").asText()).isEqualTo("2026-05-01T09:00:00Z");
        assertThat(outstanding.find(CHANNEL).orElseThrow().bands()).containsOnlyKeys(DlqCause.MALFORMED_JSON);
    }

    @Test
    void shouldKeepTheOutstandingEntriesWhenTheTaskFailed() throws Exception {
        givenOutstanding(DlqCause.TYPE_MISMATCH, Instant.parse("2026-05-01T08:00:00Z"), 2);
        givenTask(RedriveRequest.of(CLUSTER_ARN, CHANNEL.channelName()), TaskState.RUNNING, RedriveCounters.ZERO, clock.instant());

        JsonNode out = invoke("summarise-map-failed.json");

        assertThat(out.at("/outstanding/verdict").asText()).isEqualTo("NOT_SUCCEEDED");
        assertThat(outstanding.find(CHANNEL).orElseThrow().bands()).containsOnlyKeys(DlqCause.TYPE_MISMATCH);
    }

    @Test
    void shouldFailTheTaskWithTheMapErrorWhenTheMapFailed() throws Exception {
        givenTask(TaskState.RUNNING, RedriveCounters.ZERO);

        JsonNode out = invoke("summarise-map-failed.json");

        assertThat(out.path("state").asText()).isEqualTo("FAILED");
        assertThat(out.path("failureReason").asText())
                .isEqualTo("WORKER_FAILED: States.ExceedToleratedFailureThreshold");
        assertThat(sent).extracting(m -> m.attributes().get("severity")).containsExactly("CRITICAL");
    }
}
