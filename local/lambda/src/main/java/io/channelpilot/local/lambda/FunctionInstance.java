package io.channelpilot.local.lambda;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One execution environment: a JVM running the real runtime interface client on the function's unzipped deployment
 * package, and the Lambda Runtime API (2018-06-01) it talks to, on its own loopback port ({@code AWS_LAMBDA_RUNTIME_API}).
 * Endpoints, as the runtime client calls them (aws-lambda-java-libs, runtime-interface-client 2.10.1:
 * {@code LambdaRuntimeApiClientImpl} and its native {@code aws-lambda-cpp} client):
 * <ul>
 *   <li>{@code GET /2018-06-01/runtime/invocation/next}: blocks until an invocation is assigned; answers the event with
 *   {@code Lambda-Runtime-Aws-Request-Id}, {@code Lambda-Runtime-Deadline-Ms} (epoch ms),
 *   {@code Lambda-Runtime-Invoked-Function-Arn}, {@code Lambda-Runtime-Trace-Id} and, when given,
 *   {@code Lambda-Runtime-Client-Context}. The first one also marks the end of init.</li>
 *   <li>{@code POST .../invocation/{id}/response} and {@code .../invocation/{id}/error} (header
 *   {@code Lambda-Runtime-Function-Error-Type}, body the error document {@code {errorMessage, errorType, stackTrace}}).</li>
 *   <li>{@code POST /2018-06-01/runtime/init/error}: init failed (the runtime then exits).</li>
 *   <li>{@code GET /2018-06-01/runtime/restore/next} (SnapStart, after {@code beforeCheckpoint}): held until the first
 *   invocation arrives, which is when a published version's snapshot would be restored; then
 *   {@code afterRestore} runs. {@code POST /2018-06-01/runtime/restore/error} reports a failed restore hook.</li>
 * </ul>
 * One invocation at a time. Output goes to {@code <dir>/<id>.out} and {@code .err}.
 */
final class FunctionInstance implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FunctionInstance.class);
    private static final String BASE = "/2018-06-01/runtime";

    /** Times of one instance's life, wall clock ms since spawn (-1 = not reached). */
    record Timeline(long checkpointMs, long restoredMs, long readyMs) {
    }

    private final String id;
    private final FunctionDeployment fn;
    private final String arn;
    private final HttpServer api;
    private final ExecutorService apiThreads;
    private final Process process;
    private final Path out;
    private final Path err;
    private final Path heapHog;
    private final long spawnedAt = System.nanoTime();
    private final CompletableFuture<Void> ready = new CompletableFuture<>();
    private final CompletableFuture<Void> checkpointed = new CompletableFuture<>();
    private final CountDownLatch restoreGate = new CountDownLatch(1);
    private final BlockingQueue<Invocation> next = new LinkedBlockingQueue<>();
    private final Map<String, Invocation> inFlight = new ConcurrentHashMap<>();
    private volatile long checkpointMs = -1;
    private volatile long restoredMs = -1;
    private volatile long readyMs = -1;
    private volatile boolean closed;

    private record Invocation(String requestId, byte[] payload, long deadlineMs, String clientContext, Fault fault,
                              CompletableFuture<Outcome> outcome) {
    }

    /** A Lambda-level fault one invocation runs into ({@link RuntimeFaults}). */
    enum Fault {
        NONE,
        /** The JVM is frozen once the runtime has the event: the handler overruns the Timeout. */
        HANG,
        /** The heap is taken to its limit before the event is handed over. */
        OUT_OF_MEMORY
    }

    private FunctionInstance(String id, FunctionDeployment fn, String arn, HttpServer api, ExecutorService apiThreads,
                             Process process, Path out, Path err, Path heapHog) {
        this.id = id;
        this.fn = fn;
        this.arn = arn;
        this.api = api;
        this.apiThreads = apiThreads;
        this.process = process;
        this.out = out;
        this.err = err;
        this.heapHog = heapHog;
    }

    /**
     * Starts the Runtime API and the JVM: working directory the task root, environment exactly {@code environment}
     * (nothing inherited from this process), the runtime's command line from {@code layout}.
     */
    static FunctionInstance start(String id, FunctionDeployment fn, String arn, Path taskRoot, Path dir, RuntimeLayout layout,
                                  Map<String, String> environment, List<String> extraJvmOptions) throws IOException {
        HttpServer api = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        ExecutorService threads = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "runtime-api-" + id);
            t.setDaemon(true);
            return t;
        });
        api.setExecutor(threads);
        Path tmp = Files.createDirectories(dir.resolve(id + "-tmp"));
        Path out = dir.resolve(id + ".out");
        Path err = dir.resolve(id + ".err");
        Holder holder = new Holder();
        api.createContext(BASE + "/", exchange -> holder.instance.serve(exchange));
        api.start();
        Map<String, String> env = new LinkedHashMap<>(environment);
        env.put("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:" + api.getAddress().getPort());
        ProcessBuilder pb = new ProcessBuilder(layout.command(fn, tmp, extraJvmOptions)).directory(taskRoot.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            api.stop(0);
            threads.shutdownNow();
            throw e;
        }
        FunctionInstance instance = new FunctionInstance(id, fn, arn, api, threads, process, out, err, layout.heapHogAgent());
        holder.instance = instance;
        process.onExit().thenRun(instance::exited);
        return instance;
    }

    private static final class Holder {
        volatile FunctionInstance instance;
    }

    String id() {
        return id;
    }

    boolean alive() {
        return !closed && process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    Path out() {
        return out;
    }

    Path err() {
        return err;
    }

    Timeline timeline() {
        return new Timeline(checkpointMs, restoredMs, readyMs);
    }

    /**
     * SnapStart: waits until the runtime has run the {@code beforeCheckpoint} hooks and asked to be restored (the
     * snapshot point), without restoring it; false if the instance ended or {@code limit} passed first.
     */
    boolean awaitCheckpoint(Duration limit) {
        try {
            CompletableFuture.anyOf(checkpointed, ready).get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return checkpointed.isDone();
        } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits for init to end; an init failure (reported, exit, or past {@code limit}) is the returned outcome. */
    Outcome awaitInit(Duration limit) {
        try {
            if (fn.initType() == InitType.SNAP_START) {
                restoreGate.countDown(); // the first invocation restores the snapshot
            }
            ready.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (TimeoutException e) {
            kill();
            return new Outcome(Outcome.Kind.TIMEOUT, "Sandbox.Timedout", timedOut("init", limit));
        } catch (java.util.concurrent.ExecutionException e) {
            return ((InitFailure) e.getCause()).outcome;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(Outcome.Kind.EXITED, "Runtime.ExitError", errorDocument("Runtime.ExitError", "interrupted"));
        }
    }

    /**
     * Runs one invocation; past the deadline the instance is killed and the outcome is {@code Sandbox.Timedout}.
     * {@code frozenFor}: with the {@link Fault#HANG} fault, how long the frozen JVM is waited for before the timeout
     * is enforced (at most {@code timeout}; a frozen JVM cannot progress, so waiting longer only costs wall time).
     */
    Outcome invoke(byte[] payload, String clientContext, Duration timeout, Fault fault, Duration frozenFor) {
        String requestId = UUID.randomUUID().toString();
        long deadline = System.currentTimeMillis() + timeout.toMillis();
        Invocation inv = new Invocation(requestId, payload, deadline, clientContext, fault, new CompletableFuture<>());
        inFlight.put(requestId, inv);
        next.add(inv);
        try {
            Duration wait = fault == Fault.HANG && frozenFor.compareTo(timeout) < 0 ? frozenFor : timeout;
            return inv.outcome.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            LOG.warn("{}: request {} ran past its {} s timeout; killing the instance", id, requestId, timeout.toSeconds());
            kill();
            return new Outcome(Outcome.Kind.TIMEOUT, "Sandbox.Timedout", errorDocument("Sandbox.Timedout", "RequestId: " + requestId
                    + " Error: Task timed out after " + String.format(java.util.Locale.ROOT, "%.2f", timeout.toMillis() / 1000.0) + " seconds"));
        } catch (java.util.concurrent.ExecutionException e) {
            return new Outcome(Outcome.Kind.EXITED, "Runtime.ExitError", errorDocument("Runtime.ExitError", String.valueOf(e.getCause())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Outcome(Outcome.Kind.EXITED, "Runtime.ExitError", errorDocument("Runtime.ExitError", "interrupted"));
        } finally {
            inFlight.remove(requestId);
        }
    }

    private byte[] timedOut(String phase, Duration limit) {
        return errorDocument("Sandbox.Timedout", "Error: " + phase + " of " + fn.name() + " did not complete within " + limit.toSeconds() + " s");
    }

    static byte[] errorDocument(String type, String message) {
        return ("{\"errorType\":\"" + type + "\",\"errorMessage\":\"" + message.replace("\\", "\\\\").replace("\"", "'") + "\"}")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Kills the JVM at once (a timeout, a fault, the world closing). */
    void kill() {
        closed = true;
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        restoreGate.countDown();
        process.destroy();
        try {
            if (!process.waitFor(3, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        api.stop(0);
        apiThreads.shutdownNow();
    }

    private long sinceSpawn() {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - spawnedAt);
    }

    private void exited() {
        closed = true;
        String tail = tail(err);
        String message = "RequestId: - Error: Runtime exited with error: exit status " + process.exitValue()
                + (tail.isEmpty() ? "" : " (" + tail + ")");
        InitFailure exit = new InitFailure(new Outcome(Outcome.Kind.EXITED, "Runtime.ExitError",
                errorDocument("Runtime.ExitError", message)));
        ready.completeExceptionally(exit);
        checkpointed.completeExceptionally(exit);
        for (Invocation inv : inFlight.values()) {
            inv.outcome.complete(new Outcome(Outcome.Kind.EXITED, "Runtime.ExitError", errorDocument("Runtime.ExitError",
                    message.replace("RequestId: -", "RequestId: " + inv.requestId))));
        }
        restoreGate.countDown();
        api.stop(0);
        apiThreads.shutdownNow();
    }

    /** The last line of the child's stderr that says what went wrong, for the exit message. */
    private static String tail(Path file) {
        try {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (l.contains("Error") || l.contains("Exception")) {
                    return l.length() > 300 ? l.substring(0, 300) : l;
                }
            }
        } catch (IOException | RuntimeException e) {
            // best effort
        }
        return "";
    }

    private static final class InitFailure extends RuntimeException {
        final transient Outcome outcome;

        InitFailure(Outcome outcome) {
            super(new String(outcome.body(), StandardCharsets.UTF_8), null, false, false);
            this.outcome = outcome;
        }
    }

    // ------------------------------------------------------------------ the Runtime API

    private void serve(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath().substring(BASE.length());
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String method = exchange.getRequestMethod();
            if (method.equals("GET") && path.equals("/invocation/next")) {
                next(exchange);
            } else if (method.equals("POST") && path.startsWith("/invocation/") && path.endsWith("/response")) {
                complete(exchange, path, "/response", new Outcome(Outcome.Kind.RESPONSE, null, body));
            } else if (method.equals("POST") && path.startsWith("/invocation/") && path.endsWith("/error")) {
                complete(exchange, path, "/error", new Outcome(Outcome.Kind.FUNCTION_ERROR, errorType(exchange), body));
            } else if (method.equals("POST") && (path.equals("/init/error") || path.equals("/restore/error"))) {
                LOG.warn("{}: {} {}", id, path, new String(body, StandardCharsets.UTF_8));
                Outcome.Kind kind = path.equals("/init/error") ? Outcome.Kind.INIT_ERROR : Outcome.Kind.RESTORE_ERROR;
                ready.completeExceptionally(new InitFailure(new Outcome(kind, errorType(exchange), body)));
                respond(exchange, 202, "{\"status\":\"OK\"}");
            } else if (method.equals("GET") && path.equals("/restore/next")) {
                checkpointMs = sinceSpawn();
                checkpointed.complete(null);
                // The snapshot is taken while this request is held; the first invocation restores it.
                awaitUninterruptibly(restoreGate);
                restoredMs = sinceSpawn();
                respond(exchange, 200, "");
            } else {
                respond(exchange, 404, "{\"errorType\":\"InvalidRequest\",\"errorMessage\":\"unknown Runtime API path " + path + "\"}");
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                LOG.warn("{}: Runtime API request failed: {}", id, e.toString());
            }
        }
    }

    private void next(HttpExchange exchange) throws IOException {
        if (readyMs < 0) {
            readyMs = sinceSpawn();
            ready.complete(null);
        }
        Invocation inv = null;
        while (inv == null && !closed) {
            try {
                inv = next.poll(500, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
        }
        if (inv == null) {
            return;
        }
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", "application/json");
        headers.set("Lambda-Runtime-Aws-Request-Id", inv.requestId);
        headers.set("Lambda-Runtime-Deadline-Ms", Long.toString(inv.deadlineMs));
        headers.set("Lambda-Runtime-Invoked-Function-Arn", arn);
        headers.set("Lambda-Runtime-Trace-Id", "Root=1-" + Long.toHexString(System.currentTimeMillis() / 1000) + "-"
                + inv.requestId.replace("-", "").substring(0, 24) + ";Parent=" + inv.requestId.replace("-", "").substring(0, 16)
                + ";Sampled=0");
        if (inv.clientContext != null) {
            headers.set("Lambda-Runtime-Client-Context", inv.clientContext);
        }
        if (inv.fault == Fault.OUT_OF_MEMORY) {
            exhaustHeap();
        } else if (inv.fault == Fault.HANG) {
            // frozen before the event goes out: it waits in the socket, and however fast the handler would be, it
            // cannot answer before its deadline
            freeze();
        }
        exchange.sendResponseHeaders(200, inv.payload.length == 0 ? -1 : inv.payload.length);
        if (inv.payload.length > 0) {
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(inv.payload);
            }
        }
    }

    /** Attaches the heap hog to the JVM (it returns once the heap is at its limit). */
    private void exhaustHeap() {
        try {
            com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(Long.toString(process.pid()));
            try {
                vm.loadAgent(heapHog.toString());
            } finally {
                vm.detach();
            }
            LOG.info("{}: heap exhausted before request handover (out-of-memory fault)", id);
        } catch (Exception e) {
            LOG.warn("{}: could not exhaust the heap: {}", id, e.toString());
        }
    }

    /** Stops the JVM where it stands (SIGSTOP): nothing in it runs again; the timeout kills it. */
    private void freeze() {
        try {
            Process stop = new ProcessBuilder("kill", "-STOP", Long.toString(process.pid())).redirectErrorStream(true).start();
            stop.getInputStream().readAllBytes();
            stop.waitFor(10, TimeUnit.SECONDS);
            LOG.info("{}: frozen as the event is handed over (timeout fault)", id);
        } catch (IOException e) {
            LOG.warn("{}: could not freeze: {}", id, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void complete(HttpExchange exchange, String path, String suffix, Outcome outcome) throws IOException {
        String requestId = path.substring("/invocation/".length(), path.length() - suffix.length());
        Invocation inv = inFlight.get(requestId);
        if (inv == null) {
            respond(exchange, 400, "{\"errorType\":\"InvalidRequestID\",\"errorMessage\":\"no invocation " + requestId + " in flight\"}");
            return;
        }
        inv.outcome.complete(outcome);
        respond(exchange, 202, "{\"status\":\"OK\"}");
    }

    private static String errorType(HttpExchange exchange) {
        String type = exchange.getRequestHeaders().getFirst("Lambda-Runtime-Function-Error-Type");
        return type == null ? "Runtime.Unknown" : type;
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(bytes);
            }
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
