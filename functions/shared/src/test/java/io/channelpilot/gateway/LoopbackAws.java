package io.channelpilot.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A tiny HTTP fake on 127.0.0.1 that answers scripted responses and records what the SDK sent. */
final class LoopbackAws implements AutoCloseable {

    record Request(String method, String rawPath, String path, String query, String target, String body) {
    }

    record Response(int status, Map<String, String> headers, String body) {
        static Response json(int status, String body) {
            return new Response(status, Map.of("Content-Type", "application/json"), body);
        }

        static Response error(int status, String type) {
            return new Response(status, Map.of("Content-Type", "application/json", "x-amzn-ErrorType", type),
                    "{\"message\":\"scripted " + type + "\"}");
        }

        static Response xml(int status, String body) {
            return new Response(status, Map.of("Content-Type", "text/xml"), body);
        }
    }

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();
    /** The x-amz-expected-bucket-owner header of each request, in order ("-" when absent). */
    final List<String> expectedOwners = new CopyOnWriteArrayList<>();
    /** The User-Agent header of each request, in order. */
    final List<String> userAgents = new CopyOnWriteArrayList<>();

    LoopbackAws(Function<Request, Response> script) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> handle(exchange, script));
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** Client config for {@link AwsClients}: loopback endpoint, dummy credentials, no retries (no backoff waits). */
    Map<String, String> config() {
        return Map.of("AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", endpoint(), "AWS_ACCESS_KEY_ID", "test",
                "AWS_SECRET_ACCESS_KEY", "test", "AWS_MAX_ATTEMPTS", "1");
    }

    private void handle(HttpExchange exchange, Function<Request, Response> script) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String raw = exchange.getRequestURI().getRawPath();
        String query = exchange.getRequestURI().getRawQuery();
        Request request = new Request(exchange.getRequestMethod(), raw, URLDecoder.decode(raw, StandardCharsets.UTF_8),
                query == null ? "" : query,
                exchange.getRequestHeaders().getFirst("X-Amz-Target"), body);
        requests.add(request);
        String owner = exchange.getRequestHeaders().getFirst("x-amz-expected-bucket-owner");
        expectedOwners.add(owner == null ? "-" : owner);
        String agent = exchange.getRequestHeaders().getFirst("User-Agent");
        userAgents.add(agent == null ? "-" : agent);
        Response response = script.apply(request);
        response.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(response.status(), bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
        exchange.close();
    }

    List<Request> requests() {
        return new ArrayList<>(requests);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
