package io.channelpilot.poll;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.notification.ItemState;
import io.channelpilot.plan.Intent;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import io.channelpilot.workflow.ChannelFailed;
import io.channelpilot.workflow.ChannelNotReady;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ChannelPollerTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();
    private static final Instant START = Instant.parse("2026-11-29T16:00:00Z");

    private final VirtualClock clock = VirtualClock.startingAt(START);
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final FakeChannels channels = new FakeChannels();
    private final ChannelPoller poller = new ChannelPoller(channels, store, clock, clock, Duration.ofSeconds(5));
    private PollRequest active;
    private PollRequest deleted;
    private ChannelKey key;

    static byte[] event(String name) throws IOException {
        return Files.readAllBytes(Path.of("../../events/poll-channel/" + name));
    }

    @BeforeEach
    void load() throws IOException {
        active = PollRequest.from(MAPPER.readTree(event("active.json")), MAPPER);
        deleted = PollRequest.from(MAPPER.readTree(event("deleted.json")), MAPPER);
        key = new ChannelKey(active.intent().clusterArn(), active.channelName());
        store.acquireLease(key, active.correlationId(), Duration.ofMinutes(45));
    }

    private ChannelDescription read(String status) {
        return read(status, "", "");
    }

    private ChannelDescription read(String status, String code, String message) {
        return new ChannelDescription(active.channelArn(), active.channelName(), status, 600, Map.of(), code, message, "");
    }

    @Test
    void shouldSucceedAfterTwoConsecutiveActiveReadsWithConfirmDelayOnTheInjectedSleeper() {
        channels.then(read("ACTIVE")).then(read("ACTIVE"));

        PollResult result = poller.poll(active);

        assertThat(result.status()).isEqualTo("ACTIVE");
        assertThat(result.reads()).isEqualTo(2);
        assertThat(channels.describes).isEqualTo(2);
        assertThat(clock.instant()).isEqualTo(START.plusSeconds(5));
        ChannelStatus status = store.find(key).orElseThrow();
        assertThat(status.observedStatus()).isEqualTo("ACTIVE");
        assertThat(status.channelArn()).isEqualTo(active.channelArn());
        assertThat(status.condition(ConditionType.READY)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
            assertThat(c.reason()).isEqualTo("ChannelActive");
        });
        assertThat(status.condition(ConditionType.DEGRADED)).hasValueSatisfying(c -> assertThat(c.status()).isEqualTo(ConditionStatus.FALSE));
        assertThat(store.leaseHolder(key)).isEmpty();
    }

    @Test
    void shouldRetryWhenActiveIsNotConfirmedBySecondRead() {
        channels.then(read("ACTIVE")).then(read("UPDATING"));

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelNotReady.class)
                .hasMessageStartingWith("CHANNEL_NOT_READY(UPDATING)");
        assertThat(channels.describes).isEqualTo(2);
        assertThat(store.leaseHolder(key)).contains(active.correlationId());
    }

    @Test
    void shouldThrowChannelNotReadyWithoutSleepingWhileCreating() {
        channels.then(read("CREATING"));

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelNotReady.class)
                .hasMessage("CHANNEL_NOT_READY(CREATING): in flight (waiting for ACTIVE)");
        assertThat(channels.describes).isEqualTo(1);
        assertThat(clock.instant()).isEqualTo(START);
        assertThat(store.find(key).orElseThrow().observedStatus()).isEqualTo("CREATING");
    }

    @Test
    void shouldRetryWhenChannelNotVisibleYetAfterCreate() {
        channels.then(null);

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelNotReady.class)
                .hasMessageStartingWith("CHANNEL_NOT_READY(NOT_FOUND)");
    }

    @Test
    void shouldThrowChannelFailedWithStateInfoAndRecordConditionsWhenFailed() {
        channels.then(read("FAILED", "InvalidSchema", "GSR schema orders could not be resolved"));

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelFailed.class)
                .hasMessage("CHANNEL_FAILED: InvalidSchema: GSR schema orders could not be resolved")
                .extracting(e -> ((ChannelFailed) e).code()).isEqualTo("CHANNEL_FAILED");
        ChannelStatus status = store.find(key).orElseThrow();
        assertThat(status.observedStatus()).isEqualTo("FAILED");
        assertThat(status.condition(ConditionType.READY)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.FALSE);
            assertThat(c.reason()).isEqualTo("InvalidSchema");
            assertThat(c.message()).isEqualTo("GSR schema orders could not be resolved");
        });
        assertThat(status.condition(ConditionType.DEGRADED)).hasValueSatisfying(c -> {
            assertThat(c.status()).isEqualTo(ConditionStatus.TRUE);
            assertThat(c.reason()).isEqualTo("ChannelFAILED");
        });
        assertThat(store.leaseHolder(key)).isEmpty();
    }

    @Test
    void shouldThrowChannelFailedWhenSuspendedWithoutStateInfo() {
        channels.then(read("SUSPENDED"));

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelFailed.class).hasMessage("CHANNEL_SUSPENDED: : ");
        assertThat(store.find(key).orElseThrow().condition(ConditionType.READY))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelSUSPENDED"));
    }

    @Test
    void shouldRetryOnUnknownStatusInsteadOfSucceeding() {
        channels.then(read("PAUSED_BY_NEW_FEATURE"));

        assertThatThrownBy(() -> poller.poll(active)).isInstanceOf(ChannelNotReady.class).hasMessageContaining("unknown status");
    }

    @Test
    void shouldSucceedWhenNotFoundInDeletedMode() {
        channels.then(null);

        PollResult result = poller.poll(deleted);

        assertThat(result.status()).isEqualTo("DELETED");
        assertThat(result.reads()).isEqualTo(1);
        assertThat(store.find(key).orElseThrow().condition(ConditionType.READY))
                .hasValueSatisfying(c -> assertThat(c.reason()).isEqualTo("ChannelDeleted"));
        assertThat(store.leaseHolder(key)).isEmpty();
    }

    @Test
    void shouldKeepWaitingWhenStillActiveRightAfterDelete() {
        channels.then(read("ACTIVE"));

        assertThatThrownBy(() -> poller.poll(deleted)).isInstanceOf(ChannelNotReady.class)
                .hasMessage("CHANNEL_NOT_READY(ACTIVE): still present (waiting for NotFound)");
        assertThat(channels.describes).isEqualTo(1);
    }

    @Test
    void shouldSucceedWithoutReadingWhenDeleteFoundNothing() {
        PollRequest nothing = new PollRequest(PollMode.DELETED, deleted.intent(), "", deleted.channelName(), deleted.correlationId());

        PollResult result = poller.poll(nothing);

        assertThat(result.reads()).isZero();
        assertThat(channels.describes).isZero();
    }

    @Test
    void shouldRunBothEventsThroughTheHandler() throws IOException {
        PollChannelHandler handler = new PollChannelHandler(new PollWiring(poller, MAPPER));
        channels.then(read("ACTIVE")).then(read("ACTIVE")).then(null);

        JsonNode first = invoke(handler, event("active.json"));
        JsonNode second = invoke(handler, event("deleted.json"));

        assertThat(first.path("status").asText()).isEqualTo("ACTIVE");
        assertThat(first.path("reads").asInt()).isEqualTo(2);
        assertThat(first.has("stateInfo")).isFalse();
        assertThat(second.path("status").asText()).isEqualTo("DELETED");
        // notify reads $.poll back
        Intent intent = active.intent();
        assertThat(ItemState.parse(MAPPER.createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode>set("intent",
                MAPPER.valueToTree(intent)).set("poll", first), MAPPER).poll().reads()).isEqualTo(2);
    }

    @Test
    void shouldNameTheFieldWhenModeIsUnknown() {
        assertThatThrownBy(() -> PollRequest.from(MAPPER.readTree("{\"mode\":\"READY\"}"), MAPPER))
                .isInstanceOf(io.channelpilot.workflow.InvalidTaskInput.class)
                .hasMessage("INPUT_FIELD_INVALID: mode: is not one of [ACTIVE, DELETED] Remediation: Set mode to one of [ACTIVE, DELETED].");
    }

    @Test
    void shouldRefuseConfirmDelaysBeyondTheFunctionTimeout() {
        assertThat(PollConfig.from(Map.of()).confirmDelay()).isEqualTo(Duration.ofSeconds(5));
        assertThatThrownBy(() -> PollConfig.from(Map.of("CHANNEL_PILOT_POLL_CONFIRM_SECONDS", "60")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CHANNEL_PILOT_POLL_CONFIRM_SECONDS");
    }

    private static JsonNode invoke(PollChannelHandler handler, byte[] input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(input), out, new TestContext());
        return MAPPER.readTree(out.toByteArray());
    }
}
