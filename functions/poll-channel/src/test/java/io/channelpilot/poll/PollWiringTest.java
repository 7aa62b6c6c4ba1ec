package io.channelpilot.poll;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.channelpilot.notification.ItemState;
import io.channelpilot.workflow.ChannelNotReady;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The environment wiring (PollChannelEntry) against one loopback fake answering MSK (restJson) and DynamoDB (awsJson). */
class PollWiringTest {

    private HttpServer server;
    private volatile String channelStatus = "CREATING";
    private final List<String> kafkaPaths = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            String response;
            if (exchange.getRequestHeaders().getFirst("X-Amz-Target") != null) {
                response = "{}";
                exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            } else {
                kafkaPaths.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath());
                response = "{\"channelArn\":\"x\",\"channelName\":\"orders-94bb38de00\",\"status\":\"" + channelStatus + "\","
                        + "\"destinationType\":\"ICEBERG\",\"creationTime\":\"2026-11-29T16:00:00Z\",\"topicConfigurationList\":[]}";
                exchange.getResponseHeaders().add("Content-Type", "application/json");
            }
            byte[] bytes = response.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private PollChannelHandler handler() {
        return (PollChannelHandler) new PollChannelEntry().create(FunctionEnvironment.of(Map.of("AWS_REGION", "us-east-1",
                "AWS_ACCESS_KEY_ID", "id", "AWS_SECRET_ACCESS_KEY", "s",
                "AWS_ENDPOINT_URL", "http://127.0.0.1:" + server.getAddress().getPort(),
                "CHANNEL_PILOT_STATUS_TABLE", "channel-pilot-status", "CHANNEL_PILOT_POLL_CONFIRM_SECONDS", "0")));
    }

    private byte[] event() throws Exception {
        return Files.readAllBytes(Path.of("../../events/poll-channel/active.json"));
    }

    /** The intent is resolve-intents' output: a member this poll-channel version does not know must not fail the poll. */
    @Test
    void shouldReadAnIntentCarryingAMemberItDoesNotKnow() throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode input = (com.fasterxml.jackson.databind.node.ObjectNode)
                WorkflowJson.mapper().readTree(event());
        ((com.fasterxml.jackson.databind.node.ObjectNode) input.get("intent")).put("addedByANewerResolver", "x");
        PollChannelHandler handler = handler();

        assertThatThrownBy(() -> handler.handleRequest(new ByteArrayInputStream(WorkflowJson.mapper().writeValueAsBytes(input)),
                new ByteArrayOutputStream(), new TestContext())).isInstanceOf(ChannelNotReady.class);
    }

    @Test
    void shouldThrowChannelNotReadyOverTheWireWhileCreating() throws Exception {
        PollChannelHandler handler = handler();

        assertThatThrownBy(() -> handler.handleRequest(new ByteArrayInputStream(event()), new ByteArrayOutputStream(),
                new TestContext())).isInstanceOf(ChannelNotReady.class).hasMessageStartingWith("CHANNEL_NOT_READY(CREATING)");
        assertThat(kafkaPaths).singleElement().satisfies(p -> assertThat(p).startsWith("GET /v1/clusters/arn%3Aaws%3Akafka"));
    }

    @Test
    void shouldReturnActiveAfterTwoReadsOverTheWire() throws Exception {
        channelStatus = "ACTIVE";
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        handler().handleRequest(new ByteArrayInputStream(event()), out, new TestContext());

        JsonNode result = WorkflowJson.mapper().readTree(out.toByteArray());
        assertThat(result.path("status").asText()).isEqualTo("ACTIVE");
        assertThat(result.path("reads").asInt()).isEqualTo(2);
        assertThat(kafkaPaths).hasSize(2);
    }
}
