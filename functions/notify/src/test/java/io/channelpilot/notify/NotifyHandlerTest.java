package io.channelpilot.notify;

import io.channelpilot.notification.NotificationRenderer;
import io.channelpilot.notification.RenderedNotification;
import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.gateway.NotificationPublisher;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every event under events/notify/ through the real handler, with a capturing publisher and the in-memory store. */
class NotifyHandlerTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final List<RenderedNotification> published = new ArrayList<>();
    private final NotificationPublisher publisher = message -> {
        published.add(message);
        return "msg-" + published.size();
    };
    private final NotifyHandler handler = new NotifyHandler(new NotifyWiring(new NotifyService(publisher,
            new NotificationRenderer(MAPPER), store, clock, MAPPER), MAPPER));

    static byte[] event(String name) throws IOException {
        return Files.readAllBytes(Path.of("../../events/notify/" + name));
    }

    private JsonNode invoke(byte[] input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(input), out, new TestContext());
        return MAPPER.readTree(out.toByteArray());
    }

    @ParameterizedTest
    @CsvSource({
            "channel-active.json, CHANNEL_ACTIVE",
            "channel-updated.json, CHANNEL_UPDATED",
            "channel-deleted.json, CHANNEL_DELETED",
            "channel-replaced.json, CHANNEL_REPLACED",
            "channel-released.json, CHANNEL_RELEASED",
            "validation-refused.json, VALIDATION_REFUSED",
            "approval-required.json, APPROVAL_REQUIRED",
            "channel-failed.json, CHANNEL_FAILED",
            "channel-timeout.json, CHANNEL_TIMEOUT",
            "provisioning-error.json, PROVISIONING_ERROR"})
    void shouldPublishOneNotificationWhenInvokedWithEachEvent(String file, String kind) throws IOException {
        JsonNode out = invoke(event(file));

        assertThat(out.path("kind").asText()).isEqualTo(kind);
        assertThat(out.path("messageId").asText()).isEqualTo("msg-1");
        assertThat(published).singleElement().satisfies(m -> {
            assertThat(m.attributes()).containsEntry("kind", kind);
            assertThat(m.subject()).startsWith("[Channel Pilot] ").hasSizeLessThan(100);
            assertThat(MAPPER.readTree(m.message()).has("email")).isTrue();
        });
    }

    @Test
    void shouldNotifyEachRefusalOnceAndRecordTheOneOffConditionWhenGivenNotifyRefusalsInput() throws IOException {
        JsonNode first = invoke(event("refusals.json"));
        JsonNode again = invoke(event("refusals.json")); // a retry, or the duplicate execution of one tag change

        assertThat(first.path("refusals")).extracting(r -> r.path("kind").asText() + ":" + r.path("duplicate").asBoolean())
                .containsExactly("TAG_CONTRACT_ERROR:false", "TRIGGER_REJECTED:false");
        assertThat(again.path("refusals")).extracting(r -> r.path("duplicate").asBoolean()).containsExactly(true, true);
        assertThat(published).hasSize(2);
        assertThat(published.get(0).attributes()).containsEntry("kind", "TAG_CONTRACT_ERROR").containsEntry("owner", "team-pay");
        assertThat(published.get(1).attributes()).containsEntry("kind", "TRIGGER_REJECTED").containsEntry("owner", "none");
        // the rejected trigger's condition (a one-off: no later plan sees it) is written here; plan refusals by resolve-intents
        assertThat(store.refusals(null)).singleElement().satisfies(c -> {
            assertThat(c.subject()).isEqualTo("trigger/cf728b7e-6caf-4abb-9a3e-9f8d7c6b5a07");
            assertThat(c.reason()).isEqualTo("TRIGGER_FIELD_MISSING");
        });
    }

    @Test
    void shouldRecordValidatedFalseWithFirstErrorCodeWhenRefused() throws IOException {
        JsonNode input = MAPPER.readTree(event("validation-refused.json"));

        invoke(event("validation-refused.json"));

        ChannelStatus status = store.find(new ChannelKey(input.path("intent").path("clusterArn").asText(),
                input.path("intent").path("channelName").asText())).orElseThrow();
        assertThat(status.condition(ConditionType.VALIDATED)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.FALSE);
            assertThat(c.reason()).isEqualTo("CLUSTER_EXPRESS");
            assertThat(c.message()).contains("kafka.m5.large");
        });
        assertThat(status.lastExecution()).isEqualTo(input.path("correlationId").asText());
        assertThat(published.get(0).attributes()).containsEntry("owner", "team-payments").containsEntry("severity", "WARNING");
    }

    @Test
    void shouldRecordValidatedTrueWhenActive() throws IOException {
        JsonNode input = MAPPER.readTree(event("channel-active.json"));

        invoke(event("channel-active.json"));

        assertThat(store.find(key(input)).orElseThrow().condition(ConditionType.VALIDATED))
                .hasValueSatisfying(c -> assertThat(c.status()).isEqualTo(ConditionStatus.TRUE));
    }

    @Test
    void shouldReleaseLeaseLeftByExhaustedPollAndMarkNotProvisionedWhenTimedOut() throws IOException {
        JsonNode input = MAPPER.readTree(event("channel-timeout.json"));
        store.acquireLease(key(input), input.path("correlationId").asText(), Duration.ofMinutes(45));

        invoke(event("channel-timeout.json"));

        assertThat(store.leaseHolder(key(input))).isEmpty();
        assertThat(store.find(key(input)).orElseThrow().condition(ConditionType.PROVISIONED))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelNotReady"));
    }

    @Test
    void shouldNotReleaseAnotherExecutionsLease() throws IOException {
        JsonNode input = MAPPER.readTree(event("provisioning-error.json"));
        store.acquireLease(key(input), "another-execution", Duration.ofMinutes(45));

        invoke(event("provisioning-error.json"));

        assertThat(store.leaseHolder(key(input))).contains("another-execution");
        assertThat(store.find(key(input)).orElseThrow().condition(ConditionType.PROVISIONED))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("CHANNEL_NAME_TAKEN_UNMANAGED"));
    }

    @Test
    void shouldNameChangedFieldsFromRecordedSpecAndMarkReplacementPendingWhenApprovalRequired() throws IOException {
        // given: provision-channel recorded the old channel's desired spec (table "orders")
        JsonNode input = MAPPER.readTree(event("approval-required.json"));
        ObjectNode oldSpec = ((JsonNode) input.path("intent").path("desired")).deepCopy();
        oldSpec.put("table", "orders");
        ObjectNode infra = (ObjectNode) oldSpec.get("infrastructure");
        String oldName = input.path("intent").path("existing").path("channelName").asText();
        infra.put("logGroup", "/aws/msk/channel-pilot/" + oldName).put("dlqPrefix", "channel-pilot/dlq/" + oldName + "/");
        ChannelSpec previous = MAPPER.treeToValue(oldSpec, ChannelSpec.class);
        store.update(new ChannelKey(previous.clusterArn(), oldName), "orders",
                s -> s.withDesired(MAPPER.valueToTree(previous).toString(), previous.fingerprint()));

        invoke(event("approval-required.json"));

        JsonNode message = MAPPER.readTree(MAPPER.readTree(published.get(0).message()).path("default").asText());
        assertThat(message.path("facts").path("changedFields").asText()).isEqualTo("table, dlq, logGroup");
        assertThat(message.path("facts").path("oldFingerprint").asText()).isEqualTo(previous.fingerprint());
        assertThat(store.find(new ChannelKey(previous.clusterArn(), oldName)).orElseThrow().condition(ConditionType.REPLACEMENT_PENDING))
                .hasValueSatisfying(c -> {
                    assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
                    assertThat(c.message()).startsWith("approve=");
                });
    }

    @Test
    void shouldNeverPublishMarkerPlacedInUnrelatedIntentField() throws IOException {
        ObjectNode input = (ObjectNode) MAPPER.readTree(event("channel-active.json"));
        ((ObjectNode) input.get("intent")).put("message", "sample record {\"card\":\"PAYLOAD-MARKER-7731\"}");

        invoke(MAPPER.writeValueAsBytes(input));

        RenderedNotification m = published.get(0);
        assertThat(m.message() + m.email() + m.subject() + m.attributes()).doesNotContain("PAYLOAD-MARKER-7731");
    }

    @Test
    void shouldReadTopicArnAndTableFromEnvironment() {
        NotifyConfig config = NotifyConfig.from(java.util.Map.of("CHANNEL_PILOT_TOPIC_ARN",
                "arn:aws:sns:us-east-1:123456789012:channel-pilot", "CHANNEL_PILOT_STATUS_TABLE", "status"));

        assertThat(config.topicArn()).isEqualTo("arn:aws:sns:us-east-1:123456789012:channel-pilot");
        assertThat(config.statusTable()).isEqualTo("status");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NotifyConfig.from(java.util.Map.of()))
                .hasMessageContaining("CHANNEL_PILOT_TOPIC_ARN");
    }

    private static ChannelKey key(JsonNode input) {
        return new ChannelKey(input.path("intent").path("clusterArn").asText(), input.path("intent").path("channelName").asText());
    }
}
