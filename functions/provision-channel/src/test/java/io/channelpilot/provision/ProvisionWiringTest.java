package io.channelpilot.provision;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.channelpilot.notification.ItemState;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
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

/**
 * The environment wiring (the local world's entry) with every real SDK client against one loopback fake that speaks each protocol: MSK and
 * Lake Formation (restJson), CloudWatch Logs and DynamoDB (awsJson), CloudWatch (Smithy RPCv2 CBOR, pitfall P3).
 */
class ProvisionWiringTest {

    private HttpServer server;
    private final List<String> calls = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void answer(HttpExchange exchange) throws IOException {
        exchange.getRequestBody().readAllBytes();
        String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
        String path = exchange.getRequestURI().getRawPath();
        String method = exchange.getRequestMethod();
        byte[] body;
        String type = "application/json";
        if (target != null) {
            String operation = target.substring(target.indexOf('.') + 1);
            calls.add(operation);
            body = ("DescribeLogGroups".equals(operation) ? "{\"logGroups\":[]}" : "{}").getBytes(StandardCharsets.UTF_8);
            type = "application/x-amz-json-1.1";
        } else if (path.startsWith("/service/GraniteServiceVersion20100801/operation/")) {
            calls.add(path.substring(path.lastIndexOf('/') + 1));
            body = new byte[] {(byte) 0xA0};
            type = "application/cbor";
            exchange.getResponseHeaders().add("smithy-protocol", "rpc-v2-cbor");
        } else if (path.startsWith("/v1/clusters/")) {
            calls.add(method + " channels");
            body = ("GET".equals(method) ? "{\"channels\":[]}"
                    : "{\"channelArn\":\"arn:aws:kafka:us-east-1:123456789012:channel/orders-express/u/orders-94bb38de00/c9\","
                    + "\"clusterOperationArn\":\"arn:aws:kafka:us-east-1:123456789012:cluster-operation/orders-express/u/op9\"}")
                    .getBytes(StandardCharsets.UTF_8);
        } else {
            calls.add(path.substring(1));
            body = "{}".getBytes(StandardCharsets.UTF_8);
        }
        exchange.getResponseHeaders().add("Content-Type", type);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Test
    void shouldCreateEverythingOverTheWireInOrderWhenBuiltFromEnvironment() throws Exception {
        Map<String, String> env = Map.of("AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "id", "AWS_SECRET_ACCESS_KEY", "s",
                "AWS_ENDPOINT_URL", "http://127.0.0.1:" + server.getAddress().getPort(),
                "CHANNEL_PILOT_STATUS_TABLE", "channel-pilot-status",
                "CHANNEL_PILOT_QUERY_PRINCIPALS", "arn:aws:iam::123456789012:role/analysts");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        ((ProvisionChannelHandler) new ProvisionChannelEntry().create(FunctionEnvironment.of(env))).handleRequest(
                new ByteArrayInputStream(Files.readAllBytes(Path.of("../../events/provision-channel/create.json"))), out,
                new TestContext());

        JsonNode result = WorkflowJson.mapper().readTree(out.toByteArray());
        assertThat(result.path("channelArn").asText()).endsWith("/orders-94bb38de00/c9");
        assertThat(result.path("clusterOperationArn").asText()).endsWith("/op9");
        assertThat(calls).containsSubsequence("GET channels", "DescribeLogGroups", "CreateLogGroup", "PutRetentionPolicy",
                "POST channels", "PutMetricAlarm", "PutMetricAlarm", "PutMetricAlarm", "ListPermissions", "GrantPermissions");
        assertThat(calls).contains("PutItem");
        assertThat(calls.indexOf("CreateLogGroup")).isLessThan(calls.indexOf("POST channels"));
    }
}
