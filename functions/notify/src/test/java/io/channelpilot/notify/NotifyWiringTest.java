package io.channelpilot.notify;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The environment wiring (what the local world uses, through NotifyEntry) builds real SDK clients from
 * AWS_ENDPOINT_URL: one loopback fake answers SNS (awsQuery, XML) and DynamoDB (awsJson, X-Amz-Target) so the whole
 * handler runs on the wire.
 */
class NotifyWiringTest {

    private HttpServer server;
    private final List<String> snsBodies = new CopyOnWriteArrayList<>();
    private final List<String> dynamoTargets = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            String response;
            if (target != null) {
                dynamoTargets.add(target.substring(target.indexOf('.') + 1));
                response = "{}";
                exchange.getResponseHeaders().add("Content-Type", "application/x-amz-json-1.0");
            } else {
                snsBodies.add(URLDecoder.decode(body, StandardCharsets.UTF_8));
                response = "<PublishResponse xmlns=\"http://sns.amazonaws.com/doc/2010-03-31/\"><PublishResult>"
                        + "<MessageId>m-42</MessageId></PublishResult><ResponseMetadata><RequestId>r-1</RequestId>"
                        + "</ResponseMetadata></PublishResponse>";
                exchange.getResponseHeaders().add("Content-Type", "text/xml");
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

    @Test
    void shouldPublishAndRecordStatusOverTheWireWhenBuiltFromEnvironment() throws Exception {
        Map<String, String> env = Map.of("AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "id", "AWS_SECRET_ACCESS_KEY", "secret",
                "AWS_ENDPOINT_URL", "http://127.0.0.1:" + server.getAddress().getPort(),
                "CHANNEL_PILOT_TOPIC_ARN", "arn:aws:sns:us-east-1:123456789012:channel-pilot",
                "CHANNEL_PILOT_STATUS_TABLE", "channel-pilot-status");
        NotifyHandler handler = (NotifyHandler) new NotifyEntry().create(FunctionEnvironment.of(env));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        handler.handleRequest(new ByteArrayInputStream(Files.readAllBytes(Path.of("../../events/notify/channel-failed.json"))),
                out, new TestContext());

        JsonNode result = WorkflowJson.mapper().readTree(out.toByteArray());
        assertThat(result.path("messageId").asText()).isEqualTo("m-42");
        assertThat(result.path("kind").asText()).isEqualTo("CHANNEL_FAILED");
        assertThat(snsBodies).singleElement().satisfies(body -> assertThat(body)
                .contains("Action=Publish").contains("MessageStructure=json")
                .contains("TopicArn=arn:aws:sns:us-east-1:123456789012:channel-pilot")
                .contains("Subject=[Channel Pilot] CRITICAL Channel orders-94bb38de00 is FAILED: SchemaResolutionFailure")
                .contains("MessageAttributes.entry.1.Value.DataType=String"));
        // status update (read + conditional put) and the owner-checked lease release
        assertThat(dynamoTargets).contains("GetItem", "PutItem", "DeleteItem");
    }
}
