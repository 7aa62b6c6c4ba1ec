package io.channelpilot.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.channelpilot.time.VirtualClock;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * CloudWatch in SDK 2.57 speaks Smithy RPCv2 CBOR (stack.md P3), so this fake answers hand-encoded CBOR and checks
 * that the request carries the SEARCH expression summing BytesInPerSec over brokers.
 */
class SdkMetricsGatewayTest {

    private static void text(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.write(0x60 + b.length);
        out.writeBytes(b);
    }

    private static void float64(ByteArrayOutputStream out, double v) {
        out.write(0xFB);
        out.writeBytes(ByteBuffer.allocate(8).putDouble(v).array());
    }

    /** {"MetricDataResults":[{"Id":"bytesin","Values":[values…]}]} in CBOR (short strings and arrays only). */
    private static byte[] response(double... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0xA1);
        text(out, "MetricDataResults");
        out.write(0x81);
        out.write(0xA2);
        text(out, "Id");
        text(out, "bytesin");
        text(out, "Values");
        out.write(0x80 + values.length);
        for (double v : values) {
            float64(out, v);
        }
        return out.toByteArray();
    }

    private static Optional<Double> call(byte[] body, AtomicReference<String> request) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            request.set(exchange.getRequestURI().getPath() + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.ISO_8859_1));
            exchange.getResponseHeaders().add("Content-Type", "application/cbor");
            exchange.getResponseHeaders().add("smithy-protocol", "rpc-v2-cbor");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(body);
            }
        });
        server.start();
        try {
            Map<String, String> config = Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:" + server.getAddress().getPort(),
                    "AWS_ACCESS_KEY_ID", "test", "AWS_SECRET_ACCESS_KEY", "test", "AWS_MAX_ATTEMPTS", "1");
            SdkMetricsGateway metrics = new SdkMetricsGateway(AwsClients.from(config).cloudWatch(),
                    VirtualClock.startingAt(Instant.parse("2026-11-29T12:00:00Z")));
            GatewayResult<Optional<Double>> result = metrics.topicBytesInPerSecond("demo", "orders", Duration.ofHours(1));
            assertThat(result).isInstanceOf(GatewayResult.Ok.class);
            return ((GatewayResult.Ok<Optional<Double>>) result).value();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void shouldAverageTheSearchExpressionResult() throws Exception {
        AtomicReference<String> request = new AtomicReference<>();

        Optional<Double> rate = call(response(3.0e6, 1.0e6), request);

        assertThat(rate).contains(2.0e6);
        assertThat(request.get()).startsWith("/service/GraniteServiceVersion20100801/operation/GetMetricData")
                .contains(SdkMetricsGateway.expression("demo", "orders"));
        assertThat(SdkMetricsGateway.expression("demo", "orders"))
                .isEqualTo("SUM(SEARCH('{AWS/Kafka,\"Broker ID\",\"Cluster Name\",Topic} MetricName=\"BytesInPerSec\" "
                        + "\"Cluster Name\"=\"demo\" Topic=\"orders\"', 'Average', 300))");
    }

    @Test
    void shouldAnswerEmptyWhenThereAreNoDatapoints() throws Exception {
        assertThat(call(response(), new AtomicReference<>())).isEmpty();
    }
}
