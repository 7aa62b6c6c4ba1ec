package io.channelpilot.local.world.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The single loopback HTTP endpoint of the local world. Every emulated service shares it: a request is routed by the
 * SigV4 signing name in its {@code Authorization} header ({@code Credential=AKID/date/region/<service>/aws4_request}),
 * which the SDK always sends, so one {@code AWS_ENDPOINT_URL} serves every client. Each answered call is counted in
 * the {@link ApiCallLog}, and the {@link FaultInjector} may replace it with an injected error first.
 */
public final class EmulatorServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmulatorServer.class);
    private static final Pattern SIGNING_NAME =
            Pattern.compile("Credential=[^/,\\s]+/\\d{8}/[^/]+/([^/]+)/aws4_request");

    private final Map<String, ServiceEmulator> emulators = new ConcurrentHashMap<>();
    private final ApiCallLog calls = new ApiCallLog();
    private final FaultInjector faults;
    private final HttpServer server;
    private final ExecutorService executor;

    private EmulatorServer(FaultInjector faults, int port) throws IOException {
        this.faults = faults;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
        this.executor = Executors.newFixedThreadPool(16, r -> {
            Thread t = new Thread(r, "emulator-http");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::serve);
    }

    /** Starts on 127.0.0.1 and a free port. */
    public static EmulatorServer start(FaultInjector faults) throws IOException {
        return start(faults, 0);
    }

    public static EmulatorServer start(FaultInjector faults, int port) throws IOException {
        EmulatorServer s = new EmulatorServer(faults, port);
        s.server.start();
        return s;
    }

    public EmulatorServer register(ServiceEmulator emulator) {
        ServiceEmulator previous = emulators.putIfAbsent(emulator.signingName(), emulator);
        if (previous != null) {
            throw new IllegalStateException("signing name " + emulator.signingName() + " already served by "
                    + previous.getClass().getSimpleName());
        }
        return this;
    }

    public <T extends ServiceEmulator> Optional<T> emulator(Class<T> type) {
        return emulators.values().stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /**
     * Serves the world's virtual clock at {@code <endpoint>/_channel-pilot/clock} (unsigned, not an AWS API, not counted
     * as a call) and returns that URL, the value of {@code CHANNEL_PILOT_CLOCK_URL}.
     */
    public URI serveClock(io.channelpilot.time.VirtualClock clock) {
        ClockEndpoint endpoint = new ClockEndpoint(clock);
        server.createContext(ClockEndpoint.PATH, endpoint::serve);
        return URI.create(endpoint() + ClockEndpoint.PATH);
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public ApiCallLog calls() {
        return calls;
    }

    public FaultInjector faults() {
        return faults;
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            AwsResponse response = dispatch(toRequest(exchange));
            write(exchange, response);
        } catch (RuntimeException e) {
            LOG.error("emulator failed to answer {} {}", exchange.getRequestMethod(), exchange.getRequestURI(), e);
        }
    }

    AwsResponse dispatch(AwsRequest request) {
        calls.begin(RequestText.of(request)); // the call log keeps what was asked, for the report
        try {
            return answer(request);
        } finally {
            calls.end();
        }
    }

    private AwsResponse answer(AwsRequest request) {
        ServiceEmulator emulator = emulators.get(request.service());
        if (emulator == null) {
            calls.record(request.service() + ":?", 400, "UnknownService", null);
            return ErrorRenderer.render(new AwsServiceError(400, "UnknownService",
                    "The local world does not emulate service '" + request.service() + "'"), Protocol.REST_JSON);
        }
        String operation;
        try {
            operation = emulator.operationOf(request);
        } catch (AwsServiceError e) {
            calls.record(emulator.serviceLabel() + ":?", e.status(), e.code(), null);
            return ErrorRenderer.render(e, emulator.protocol());
        }
        String key = emulator.serviceLabel() + ":" + operation;
        Optional<FaultInjector.Injected> fault = faults.decide(key, emulator);
        if (fault.isPresent()) {
            AwsServiceError e = fault.get().error();
            if (fault.get().afterHandling()) {
                handleIgnoringAnswer(emulator, request, operation, key);
            }
            calls.record(key, e.status(), e.code(), fault.get().label());
            return ErrorRenderer.render(e, emulator.protocol());
        }
        try {
            AwsResponse response = emulator.handle(request, operation);
            calls.record(key, response.status(), null, null);
            return response;
        } catch (AwsServiceError e) {
            calls.record(key, e.status(), e.code(), null);
            return ErrorRenderer.render(e, emulator.protocol());
        } catch (RuntimeException e) {
            LOG.error("emulator bug in {}", key, e);
            calls.record(key, 500, "InternalFailure", null);
            return ErrorRenderer.render(emulator.internalError(), emulator.protocol());
        }
    }

    /** A lost response: the call takes effect (or fails as it would have), and the caller gets the injected 5xx. */
    private static void handleIgnoringAnswer(ServiceEmulator emulator, AwsRequest request, String operation, String key) {
        try {
            emulator.handle(request, operation);
        } catch (AwsServiceError ignored) {
            // the call failed on its own: the injected 5xx hides that as well
        } catch (RuntimeException e) {
            LOG.error("emulator bug in {}", key, e);
        }
    }

    private static AwsRequest toRequest(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        URI uri = exchange.getRequestURI();
        String auth = exchange.getRequestHeaders().getFirst("Authorization");
        String service = "unsigned";
        if (auth != null) {
            Matcher m = SIGNING_NAME.matcher(auth);
            if (m.find()) {
                service = m.group(1);
            }
        }
        return new AwsRequest(service, exchange.getRequestMethod(), uri.getRawPath(),
                AwsRequest.parseQuery(uri.getRawQuery()), exchange.getRequestHeaders(), body);
    }

    private static void write(HttpExchange exchange, AwsResponse response) throws IOException {
        response.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
        boolean noBody = response.body().length == 0 || "HEAD".equals(exchange.getRequestMethod());
        exchange.sendResponseHeaders(response.status(), noBody ? -1 : response.body().length);
        if (!noBody) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(response.body());
            }
        }
    }
}
