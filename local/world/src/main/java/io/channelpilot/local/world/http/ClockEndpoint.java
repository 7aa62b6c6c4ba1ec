package io.channelpilot.local.world.http;

import com.sun.net.httpserver.HttpExchange;
import io.channelpilot.time.VirtualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The world's virtual clock over HTTP, for functions running in their own JVM (runtime mode, {@code sam local invoke}):
 * {@code GET <path>/now} answers the instant (ISO-8601), {@code POST <path>/sleep?millis=N} is
 * {@link VirtualClock#sleep} and answers the new instant. Read by the functions' {@code FunctionEnvironment} when
 * {@code CHANNEL_PILOT_CLOCK_URL} is set (docs/local-world.md "Runtime mode").
 */
final class ClockEndpoint {

    static final String PATH = "/_channel-pilot/clock";

    private final VirtualClock clock;

    ClockEndpoint(VirtualClock clock) {
        this.clock = clock;
    }

    void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            String path = exchange.getRequestURI().getPath().substring(PATH.length());
            String method = exchange.getRequestMethod();
            int status = 200;
            String body;
            if (method.equals("GET") && path.equals("/now")) {
                body = clock.instant().toString();
            } else if (method.equals("POST") && path.equals("/sleep")) {
                String query = exchange.getRequestURI().getQuery();
                long millis = -1;
                if (query != null && query.startsWith("millis=")) {
                    try {
                        millis = Long.parseLong(query.substring("millis=".length()));
                    } catch (NumberFormatException e) {
                        millis = -1;
                    }
                }
                if (millis < 0) {
                    status = 400;
                    body = "millis must be a non-negative number";
                } else {
                    clock.sleep(Duration.ofMillis(millis));
                    body = clock.instant().toString();
                }
            } else {
                status = 404;
                body = "GET " + PATH + "/now or POST " + PATH + "/sleep?millis=N";
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain");
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
