package io.channelpilot.runtime;

import io.channelpilot.time.TimeSource;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a function's Lambda entry point (its no-arg constructor) takes from the process environment: the variables its
 * wiring reads, and the clock it runs on. Two product-named overrides let the local world reach a function that runs
 * in its own JVM (runtime mode, {@code sam local invoke}); both are declared empty in {@code template.yaml}, because
 * SAM CLI's {@code --env-vars} only overrides variables the template declares, and both are inert when empty:
 * <ul>
 *   <li>{@value #ENDPOINT_URL}: when non-empty, becomes {@code AWS_ENDPOINT_URL} of the map the client factories read
 *   (unless the process already has one). {@code AWS_ENDPOINT_URL} itself cannot be declared empty: the SDK (2.57)
 *   reads it from the process environment and an empty value fails every client build ("The URI scheme of
 *   endpointOverride must not be null").</li>
 *   <li>{@value #CLOCK_URL}: when non-empty, the function's clock and sleeper are the world's virtual clock, served over
 *   HTTP ({@code GET <url>/now}, {@code POST <url>/sleep?millis=N}); only loopback addresses (and
 *   {@code host.docker.internal}, where SAM's container reaches the host) are accepted. Empty: the system clock.</li>
 * </ul>
 * In AWS both are empty, so deployed functions behave exactly as without them (docs/local-world.md "Runtime mode").
 */
public record FunctionEnvironment(Map<String, String> variables, TimeSource time) {

    public static final String ENDPOINT_URL = "CHANNEL_PILOT_ENDPOINT_URL";
    public static final String CLOCK_URL = "CHANNEL_PILOT_CLOCK_URL";

    public FunctionEnvironment {
        variables = Map.copyOf(variables);
        Objects.requireNonNull(time, "time");
    }

    /** The Lambda entry point's view of {@link System#getenv()}. */
    public static FunctionEnvironment system() {
        return of(System.getenv());
    }

    public static FunctionEnvironment of(Map<String, String> env) {
        Map<String, String> variables = new LinkedHashMap<>(env);
        String endpoint = env.getOrDefault(ENDPOINT_URL, "").trim();
        if (!endpoint.isEmpty()) {
            URI uri = parse(ENDPOINT_URL, endpoint);
            if (uri.getScheme() == null || uri.getHost() == null) {
                throw new LocalOverrideRefused(LocalOverrideRefused.Code.OVERRIDE_URL_INVALID, ENDPOINT_URL,
                        "is not an http(s) URL", "Set it to the local world's endpoint (http://127.0.0.1:<port>) or leave it empty.");
            }
            String current = env.get("AWS_ENDPOINT_URL");
            if (current == null || current.isBlank()) {
                variables.put("AWS_ENDPOINT_URL", endpoint);
            }
        }
        String clock = env.getOrDefault(CLOCK_URL, "").trim();
        TimeSource time = clock.isEmpty() ? TimeSource.system() : worldClock(clock);
        return new FunctionEnvironment(variables, time);
    }

    private static TimeSource worldClock(String text) {
        URI uri = parse(CLOCK_URL, text);
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new LocalOverrideRefused(LocalOverrideRefused.Code.OVERRIDE_URL_INVALID, CLOCK_URL, "is not an http URL",
                    "Set it to the clock URL `channel-pilot-local serve` prints, or leave it empty.");
        }
        if (!isLoopback(uri.getHost())) {
            throw new LocalOverrideRefused(LocalOverrideRefused.Code.CLOCK_URL_NOT_LOOPBACK, CLOCK_URL,
                    "names a host that is not loopback", "The world's clock is served on 127.0.0.1 only; leave it empty in AWS.");
        }
        WorldClock world = new WorldClock(uri);
        return new TimeSource(world, world);
    }

    static boolean isLoopback(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        return h.equals("localhost") || h.equals("host.docker.internal") || h.equals("::1")
                || h.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    private static URI parse(String variable, String text) {
        try {
            return URI.create(text);
        } catch (IllegalArgumentException e) {
            throw new LocalOverrideRefused(LocalOverrideRefused.Code.OVERRIDE_URL_INVALID, variable, "is not a URL",
                    "Leave it empty in AWS; locally, use the value `channel-pilot-local serve` writes.");
        }
    }
}
