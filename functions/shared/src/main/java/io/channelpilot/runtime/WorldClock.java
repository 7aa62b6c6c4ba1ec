package io.channelpilot.runtime;

import io.channelpilot.time.Sleeper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The local world's virtual clock seen from a function in another JVM ({@link FunctionEnvironment#CLOCK_URL}): every
 * {@link #instant()} asks the world ({@code GET <base>/now}, an ISO-8601 instant), every {@link #sleep} moves it
 * ({@code POST <base>/sleep?millis=N}, which returns at once, as the world's {@code VirtualClock.sleep} does). JDK
 * HTTP only, so it adds nothing to a deployment zip.
 */
final class WorldClock extends Clock implements Sleeper {

    private final URI base;
    private final ZoneId zone;

    WorldClock(URI base) {
        this(base, ZoneOffset.UTC);
    }

    private WorldClock(URI base, ZoneId zone) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text.substring(0, text.length() - 1) : text);
        this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
        return zone;
    }

    @Override
    public Clock withZone(ZoneId other) {
        return new WorldClock(base, other);
    }

    @Override
    public Instant instant() {
        return Instant.parse(call("GET", "/now"));
    }

    @Override
    public void sleep(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("duration must not be negative, was " + duration);
        }
        call("POST", "/sleep?millis=" + duration.toMillis());
    }

    private String call(String method, String path) {
        try {
            HttpURLConnection c = (HttpURLConnection) URI.create(base + path).toURL().openConnection();
            c.setRequestMethod(method);
            c.setConnectTimeout(2_000);
            c.setReadTimeout(30_000);
            if (method.equals("POST")) {
                c.setDoOutput(true);
                c.getOutputStream().close();
            }
            int status = c.getResponseCode();
            try (InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream()) {
                String body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                if (status != 200) {
                    throw new IOException("HTTP " + status + " " + body);
                }
                return body;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the local world's clock (" + FunctionEnvironment.CLOCK_URL + ") did not answer "
                    + method + " " + path, e);
        }
    }
}
