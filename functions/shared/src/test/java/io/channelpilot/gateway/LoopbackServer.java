package io.channelpilot.gateway;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/** A scripted HTTP fake on 127.0.0.1: answers queued responses in order and records every request. */
final class LoopbackServer implements AutoCloseable {

    record Request(String method, String path, String query, String body) {
    }

    record Response(int status, Map<String, String> headers, String body) {
    }

    private final HttpServer server;
    private final Deque<Response> responses = new ArrayDeque<>();
    final List<Request> requests = new ArrayList<>();

    LoopbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Response response;
            synchronized (this) {
                requests.add(new Request(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
                        exchange.getRequestURI().getRawQuery(), body));
                response = responses.isEmpty() ? new Response(500, Map.of(), "{\"message\":\"no scripted response\"}")
                        : responses.poll();
            }
            byte[] bytes = response.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            response.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
            exchange.sendResponseHeaders(response.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            }
            exchange.close();
        });
        server.start();
    }

    synchronized LoopbackServer answer(int status, String body) {
        responses.add(new Response(status, Map.of(), body));
        return this;
    }

    synchronized LoopbackServer fail(int status, String errorType, String body) {
        responses.add(new Response(status, Map.of("x-amzn-ErrorType", errorType), body));
        return this;
    }

    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
