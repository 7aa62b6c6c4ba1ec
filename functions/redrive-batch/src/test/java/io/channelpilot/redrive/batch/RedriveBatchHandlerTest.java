package io.channelpilot.redrive.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.redrive.InMemoryRedriveTaskStore;
import io.channelpilot.redrive.RedriveCounters;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveTask;
import io.channelpilot.redrive.TaskState;
import io.channelpilot.time.VirtualClock;
import io.channelpilot.workflow.InvalidTaskInput;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import io.channelpilot.redrive.batch.gateway.KafkaSettings;

/** The handler invoked with events/redrive-batch/batch.json (an ItemBatcher child input). */
class RedriveBatchHandlerTest {

    static final String TASK = "redrive-1780000000-1a2b3c4d";

    @Test
    void shouldReadTheBatchAndDoNothingWhenTheTaskIsNoLongerActive() throws Exception {
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
        InMemoryRedriveTaskStore store = new InMemoryRedriveTaskStore();
        store.create(new RedriveTask(TASK, RedriveRequest.of("arn:aws:kafka:us-east-1:123456789012:cluster/c/u-1", "ch"),
                "orders.created", "channel-pilot-dlq", "p/", "sales/orders", "event_time", "{}", TaskState.CANCELLED,
                RedriveCounters.ZERO, "CANCELLED", "", clock.instant(), null, null));
        List<String> opened = new ArrayList<>();
        BatchWorker worker = new BatchWorker(store, (b, k, t, sink) -> {
            opened.add(k);
            throw new AssertionError("a cancelled task must not read DLQ objects");
        }, arn -> {
            throw new AssertionError("a cancelled task must not connect to Kafka");
        }, clock, clock);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        new RedriveBatchHandler(new BatchWiring(worker)).handleRequest(new ByteArrayInputStream(Files.readAllBytes(event())), out,
                new TestContext());

        JsonNode result = new ObjectMapper().readTree(out.toByteArray());
        assertThat(result.path("taskId").asText()).isEqualTo(TASK);
        assertThat(result.path("outcome").asText()).isEqualTo("TASK_NOT_ACTIVE");
        assertThat(result.path("batchKey").asText()).hasSize(24);
        assertThat(opened).isEmpty();
    }

    @Test
    void shouldRefuseWithACodedErrorNamingTheFieldWhenTheTaskDoesNotExist() {
        // given: no task at all in the ledger
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-05-01T10:00:00Z"));
        BatchWorker worker = new BatchWorker(new InMemoryRedriveTaskStore(), (b, k, t, sink) -> {
            throw new AssertionError("an unknown task must not read DLQ objects");
        }, arn -> {
            throw new AssertionError("an unknown task must not connect to Kafka");
        }, clock, clock);

        // when / then
        assertThatThrownBy(() -> new RedriveBatchHandler(new BatchWiring(worker)).handleRequest(
                new ByteArrayInputStream(Files.readAllBytes(event())), new ByteArrayOutputStream(), new TestContext()))
                .isInstanceOfSatisfying(InvalidTaskInput.class, e -> {
                    assertThat(e.inputCode()).isEqualTo(InvalidTaskInput.Code.INPUT_FIELD_INVALID);
                    assertThat(e.field()).isEqualTo("BatchInput.taskId");
                    assertThat(e.getMessage()).contains("TASK_NOT_FOUND").contains("Remediation:");
                });
    }

    @Test
    void shouldKeyABatchByItsSortedObjectKeys() {
        assertThat(BatchInput.of("t", List.of("b", "a")).batchKey()).isEqualTo(BatchInput.of("t", List.of("a", "b")).batchKey());
        assertThat(BatchInput.of("t", List.of("a")).batchKey()).isNotEqualTo(BatchInput.of("t", List.of("a", "b")).batchKey());
    }

    @Test
    void shouldChooseBootstrapPerClusterFromTheEnvironment() {
        KafkaSettings s = new KafkaSettings(KafkaSettings.Auth.PLAINTEXT, "a=127.0.0.1:1;b=127.0.0.1:2");

        assertThat(s.bootstrapFor("b")).contains("127.0.0.1:2");
        assertThat(s.bootstrapFor("c")).isEmpty();
        assertThat(new KafkaSettings(KafkaSettings.Auth.IAM, "").security().getProperty("sasl.mechanism"))
                .isEqualTo("AWS_MSK_IAM");
    }

    @Test
    void shouldPassConfiguredProducerTimeoutsAndKeepTheClientDefaultsWhenEmpty() {
        KafkaSettings set = KafkaSettings.from(Map.of("CHANNEL_PILOT_KAFKA_AUTH", "PLAINTEXT",
                "CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS", "3000", "CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS", "60000"));
        KafkaSettings empty = KafkaSettings.from(Map.of("CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS", "",
                "CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS", " "));

        assertThat(set.producer()).containsEntry("request.timeout.ms", "3000").containsEntry("delivery.timeout.ms", "60000")
                .containsEntry("security.protocol", "PLAINTEXT");
        assertThat(empty.producer()).doesNotContainKeys("request.timeout.ms", "delivery.timeout.ms");
        assertThatThrownBy(() -> KafkaSettings.from(Map.of("CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS", "3e3")))
                .hasMessageContaining("CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS must be milliseconds in ASCII digits");
        assertThatThrownBy(() -> KafkaSettings.from(Map.of("CHANNEL_PILOT_KAFKA_DELIVERY_TIMEOUT_MS", "20000")))
                .hasMessageContaining("must be at least CHANNEL_PILOT_KAFKA_REQUEST_TIMEOUT_MS (30000)");
    }

    static Path event() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("events/redrive-batch"))) {
            p = p.getParent();
        }
        return p.resolve("events/redrive-batch/batch.json");
    }
}
