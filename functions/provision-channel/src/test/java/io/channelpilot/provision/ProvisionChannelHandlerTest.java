package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.gateway.ChannelGateway.ChannelDescription;
import io.channelpilot.model.Home;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.notification.ItemState;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import io.channelpilot.workflow.ProvisioningRefused;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every event under events/provision-channel/ through the real handler, with in-memory gateways. */
class ProvisionChannelHandlerTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();

    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:00:00Z"));
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final Fakes fakes = new Fakes();
    private final ProvisionChannelHandler handler = new ProvisionChannelHandler(new ProvisionWiring(new ProvisioningService(
            fakes.channels, fakes.logGroups, fakes.alarms, fakes.grants, fakes.namespaces, store,
            new ProvisionStatusRecorder(store, clock, MAPPER), ProvisionFixtures.config(List.of("arn:aws:iam::123456789012:role/analysts"))),
            MAPPER, Home.unknown()));

    static byte[] event(String name) throws IOException {
        return Files.readAllBytes(Path.of("../../events/provision-channel/" + name));
    }

    private JsonNode invoke(byte[] input) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        handler.handleRequest(new ByteArrayInputStream(input), out, new TestContext());
        return MAPPER.readTree(out.toByteArray());
    }

    private ObservedChannel seedFrom(byte[] input, String field) throws IOException {
        JsonNode observed = MAPPER.readTree(input).path("intent").path(field);
        ObservedChannel channel = MAPPER.treeToValue(observed, ObservedChannel.class);
        fakes.channels.byName.put(channel.channelName(), new ChannelDescription(channel.channelArn(), channel.channelName(),
                "ACTIVE", channel.freshnessSeconds(), channel.tags(), "", "", ""));
        return channel;
    }

    @Test
    void shouldCreateChannelWhenInvokedWithCreateEvent() throws IOException {
        JsonNode out = invoke(event("create.json"));

        assertThat(out.path("action").asText()).isEqualTo("CREATE");
        assertThat(out.path("channelName").asText()).isEqualTo("orders-94bb38de00");
        assertThat(out.path("adopted").asBoolean()).isFalse();
        assertThat(out.path("logGroup").asText()).isEqualTo("/aws/msk/channel-pilot/orders-94bb38de00");
        assertThat(out.path("alarms")).hasSize(3);
        assertThat(out.path("grants")).hasSize(2);
        assertThat(out.path("clusterOperationArn").asText()).isEqualTo("op-1");
        // the output is what notify reads back at $.provision
        ItemState.StepResult parsed = ItemState.parse(MAPPER.createObjectNode().<com.fasterxml.jackson.databind.node.ObjectNode>set(
                "intent", MAPPER.readTree(event("create.json")).path("intent")).set("provision", out), MAPPER).provision();
        assertThat(parsed.channelArn()).isEqualTo(out.path("channelArn").asText());
        assertThat(parsed.grants()).hasSize(2);
        assertThat(parsed.alarms()).hasSize(3);
    }

    @Test
    void shouldUpdateFreshnessWhenInvokedWithUpdateEvent() throws IOException {
        byte[] input = event("update-freshness.json");
        seedFrom(input, "existing");

        JsonNode out = invoke(input);

        assertThat(out.path("action").asText()).isEqualTo("UPDATE_FRESHNESS");
        assertThat(fakes.channels.freshnessUpdates).containsExactly(300);
        assertThat(out.path("alarms").get(0).asText()).endsWith("-DataFreshness");
    }

    @Test
    void shouldDeleteChannelWhenInvokedWithDeleteEvent() throws IOException {
        byte[] input = event("delete.json");
        ObservedChannel existing = seedFrom(input, "existing");

        JsonNode out = invoke(input);

        assertThat(out.path("action").asText()).isEqualTo("DELETE");
        assertThat(out.path("channelArn").asText()).isEqualTo(existing.channelArn());
        assertThat(fakes.channels.byName).isEmpty();
        assertThat(out.has("clusterOperationArn")).isTrue();
    }

    @Test
    void shouldDeleteOldChannelWhenInvokedWithDeleteReplacedEvent() throws IOException {
        byte[] input = event("delete-replaced.json");
        ObservedChannel old = seedFrom(input, "replaces");

        JsonNode out = invoke(input);

        assertThat(out.path("action").asText()).isEqualTo("DELETE_REPLACED");
        assertThat(out.path("channelName").asText()).isEqualTo(old.channelName());
        assertThat(fakes.channels.byName).doesNotContainKey(old.channelName());
    }

    @Test
    void shouldReleaseChannelWhenInvokedWithReleaseEvent() throws IOException {
        byte[] input = event("release.json");
        ObservedChannel existing = seedFrom(input, "existing");

        JsonNode out = invoke(input);

        assertThat(out.path("action").asText()).isEqualTo("RELEASE");
        assertThat(out.path("channelArn").asText()).isEqualTo(existing.channelArn());
        assertThat(OwnershipTags.isManaged(fakes.channels.byName.get(existing.channelName()).tags())).isFalse();
    }

    @Test
    void shouldRaiseProvisioningRefusedWhenNameTakenByUnmanagedChannel() throws IOException {
        fakes.channels.add("orders-94bb38de00", "ACTIVE", Map.of("owner", "iac"));

        assertThatThrownBy(() -> invoke(event("create.json"))).isInstanceOf(ProvisioningRefused.class)
                .hasMessageStartingWith("CHANNEL_NAME_TAKEN_UNMANAGED: ")
                .hasMessageContaining("Remediation: ");
        assertThat(OwnershipTags.isManaged(fakes.channels.byName.get("orders-94bb38de00").tags())).isFalse();
    }

    @Test
    void shouldRejectUnknownActionNamingTheField() {
        byte[] input = "{\"action\":\"DROP\",\"intent\":{},\"correlationId\":\"x\"}".getBytes();

        assertThatThrownBy(() -> invoke(input)).isInstanceOf(io.channelpilot.workflow.InvalidTaskInput.class)
                .hasMessageStartingWith("INPUT_FIELD_INVALID: action: is not one of [CREATE, UPDATE_FRESHNESS, DELETE, DELETE_REPLACED, RELEASE]");
    }

    @Test
    void shouldRaiseAwsThrottledAndReleaseTheLeaseWhenAnSdkCallIsThrottledBeyondItsRetries() {
        // the fault suite (issue 8.3) met S3 Tables CreateNamespace throttled after the SDK's retries: it escaped as
        // the SDK's TooManyRequestsException, which the ASL does not retry, and the item ended in PROVISIONING_ERROR
        fakes.namespaces.failure = software.amazon.awssdk.awscore.exception.AwsServiceException.builder().statusCode(429)
                .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder()
                        .errorCode("TooManyRequestsException").serviceName("S3Tables").build()).build();

        assertThatThrownBy(() -> invoke(event("create.json"))).isInstanceOf(io.channelpilot.workflow.AwsThrottled.class)
                .hasMessageStartingWith("AWS_THROTTLED: S3Tables call (TooManyRequestsException)");
        // the lease is handed back, so the ASL's retry (or the next execution) can take it
        assertThat(store.leaseHolder(new io.channelpilot.store.ChannelKey(clusterOf("create.json"), "orders-94bb38de00")))
                .isEmpty();
    }

    private static String clusterOf(String event) {
        try {
            return MAPPER.readTree(event(event)).path("intent").path("clusterArn").asText();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
