package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.lambda.InitType;
import io.channelpilot.local.lambda.RuntimeLambdaService;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The deployment path in the default build (issue 12): every sample event under {@code events/<fn>/} of every
 * function goes to the function's deployment zip running under the real Lambda Java runtime interface client, through
 * the local world's runtime mode, first with on-demand init and then with SnapStart init (init, the runtime's CRaC
 * {@code beforeCheckpoint} hooks — Powertools' and the function's priming —, restore, {@code afterRestore}, invoke).
 * Each must answer with a result or one of the product's coded {@code io.channelpilot.workflow} errors, and with the
 * outcome pinned for it in {@code deployment-path/outcomes.properties} ({@link #pins()}); a crash, an
 * init error, a timeout or a class the zip lacks (in the answer or anywhere in the instance's output) fails, naming
 * the function, the event and the instance's output files; with SnapStart, the function's priming (its CRaC hook, run
 * by the runtime) must have primed every step. This replaces DeploymentZipSmokeTest's first-invoke child (same zips,
 * more events, the real runtime instead of a harness, the runtime's CRaC context instead of calling Priming itself). One instance per function per init type serves all its
 * events (warm reuse), two functions at a time (two cores). Executions the functions start are accepted, not run
 * (the state machines' own end-to-end run in runtime mode is the demo's, DemoCommandTest).
 */
class DeploymentPathTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A class the zip lacks, whether in the answer or printed by the runtime or the JVM. */
    private static final Pattern LINKAGE = Pattern.compile(
            "NoClassDefFoundError|ClassNotFoundException|NoSuchMethodError|NoSuchFieldError|LinkageError|UnsatisfiedLinkError"
                    + "|IncompatibleClassChangeError|AbstractMethodError|ExceptionInInitializerError");

    /** What Priming.beforeCheckpoint logs: "SnapStart priming of <fn>: N/M steps primed". */
    private static final Pattern PRIMED = Pattern.compile("SnapStart priming of \\S+: (\\d+)/(\\d+) steps primed");

    private static boolean allStepsPrimed(String line) {
        java.util.regex.Matcher m = PRIMED.matcher(line);
        return m.find() && m.group(1).equals(m.group(2)) && Integer.parseInt(m.group(2)) > 0;
    }

    record Answer(String module, String event, InitType init, String outcome, boolean ok, long initMs, long invokeMs,
                  String signature) {
    }

    /**
     * Each event's pinned outcome ({@code deployment-path/outcomes.properties}): {@code module/event.json} → the error
     * name, or {@code result} followed by the answer's top-level boolean fields ({@code passed=false}, ...). Pinned so
     * that a regression that changes what an event answers — a different coded error, a result instead of an error, a
     * flipped verdict — fails this test, not only a crash.
     */
    static java.util.Properties pins() throws IOException {
        java.util.Properties pins = new java.util.Properties();
        try (var in = DeploymentPathTest.class.getResourceAsStream("/deployment-path/outcomes.properties")) {
            assertThat(in).as("deployment-path/outcomes.properties").isNotNull();
            pins.load(in);
        }
        return pins;
    }

    /** A pin is the whole signature, or, loosely, "~" and tokens that must all be in it (e.g. "~result passed=false"). */
    static boolean matches(String pinned, String signature) {
        if (!pinned.startsWith("~")) {
            return pinned.equals(signature);
        }
        return Set.of(signature.split(" ")).containsAll(List.of(pinned.substring(1).trim().split(" ")));
    }

    /** A code-like value: the product's enum names (CHANNEL_ACTIVE, IGNORED, CREATE, ...). */
    private static final Pattern CODE = Pattern.compile("[A-Z][A-Z0-9_]{1,40}");

    /**
     * What is pinned of one answer: the error name; or "result" and, of the result's top-level fields in name order,
     * the booleans, the code-like strings and the sizes of arrays (ids, names and timestamps vary, so they are left out).
     */
    static String signature(JsonNode result, String error) {
        if (error != null) {
            return error;
        }
        StringBuilder s = new StringBuilder("result");
        java.util.TreeMap<String, JsonNode> fields = new java.util.TreeMap<>();
        if (result != null && result.isObject()) {
            result.fields().forEachRemaining(e -> fields.put(e.getKey(), e.getValue()));
        }
        fields.forEach((k, v) -> {
            if (v.isBoolean() || v.isTextual() && CODE.matcher(v.asText()).matches()) {
                s.append(' ').append(k).append('=').append(v.asText());
            } else if (v.isArray()) {
                s.append(' ').append(k).append("[").append(v.size()).append(']');
            }
        });
        return s.toString();
    }

    @Test
    void shouldAnswerEveryEventOfEveryFunctionFromItsZipUnderTheRealRuntimeOnDemandAndWithSnapStart() throws Exception {
        long started = System.nanoTime();
        List<Answer> answers = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        try (ColdStartWorld world = ColdStartWorld.start(Repo.root().resolve("tests/target/deployment-path"))) {
            RuntimeLambdaService lambda = world.world().runtimeLambda().orElseThrow();
            for (InitType init : InitType.values()) {
                lambda.initType(init);
                ExecutorService pool = Executors.newFixedThreadPool(2); // two cores
                try {
                    List<Future<List<Answer>>> perFunction = new ArrayList<>();
                    for (String module : ColdStartWorld.EVENTS.keySet()) {
                        perFunction.add(pool.submit(() -> runEvents(world, lambda, module, init)));
                    }
                    for (Future<List<Answer>> f : perFunction) {
                        answers.addAll(f.get());
                    }
                } finally {
                    pool.shutdownNow();
                }
                for (String module : ColdStartWorld.EVENTS.keySet()) {
                    String fn = world.function(module).logicalId();
                    linkage(lambda.outputDirectory(fn)).ifPresent(line -> failures.add(module + " (" + init.variable()
                            + "): a class its zip lacks: " + line + " (output under " + lambda.outputDirectory(fn) + ")"));
                    if (init == InitType.SNAP_START) {
                        // the runtime ran the function's own CRaC hook: its priming line, every step primed
                        List<String> primed = grep(lambda.outputDirectory(fn), PRIMED);
                        if (primed.isEmpty() || !primed.stream().allMatch(DeploymentPathTest::allStepsPrimed)) {
                            failures.add(module + " (snap-start): the SnapStart priming did not prime every step: " + primed
                                    + " (output under " + lambda.outputDirectory(fn) + ")");
                        }
                    }
                }
                lambda.stopInstances();
            }
        }
        answers.stream().filter(a -> !a.ok()).forEach(a -> failures.add(a.module() + " events/" + a.module() + "/" + a.event()
                + " (" + a.init().variable() + "): " + a.outcome()));
        java.util.Properties pins = pins();
        for (Answer a : answers) {
            // a pin for one init type ("...json@snap-start") wins: the second pass meets the state the first one left
            String pinned = pins.getProperty(a.module() + "/" + a.event() + "@" + a.init().variable(),
                    pins.getProperty(a.module() + "/" + a.event()));
            if (pinned == null) {
                failures.add(a.module() + "/" + a.event() + ": no pinned outcome; it answered: " + a.signature());
            } else if (!matches(pinned, a.signature())) {
                failures.add(a.module() + "/" + a.event() + " (" + a.init().variable() + "): pinned '" + pinned + "', answered '"
                        + a.signature() + "' (" + a.outcome() + ")");
            }
        }
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "Deployment path: %d answers (%d events x 2 init types) in %.1f s wall%n", answers.size(), answers.size() / 2,
                (System.nanoTime() - started) / 1e9));
        answers.forEach(a -> table.append(String.format(Locale.ROOT, "  %-9s %-18s %-42s init %5d ms invoke %5d ms  [%s] %s%n",
                a.init().variable(), a.module(), a.event(), a.initMs(), a.invokeMs(), a.signature(),
                a.outcome().length() > 90 ? a.outcome().substring(0, 90) : a.outcome())));
        System.out.println(table);
        assertThat(answers).as("every event of every function, twice").hasSize(2 * eventCount());
        assertThat(failures).as("events that did not answer with a result or a coded workflow error from the zip").isEmpty();
    }

    private static List<Answer> runEvents(ColdStartWorld world, RuntimeLambdaService lambda, String module, InitType init)
            throws IOException {
        String fn = world.function(module).logicalId();
        List<Answer> out = new ArrayList<>();
        for (String event : events(module)) {
            JsonNode payload = JSON.readTree(world.event(module, event));
            RuntimeLambdaService.Traced run = lambda.invokeTraced(fn, payload);
            String outcome;
            boolean ok;
            String signature = signature(run.result(), run.failure() == null ? null : run.failure().error().name());
            if (run.failure() == null) {
                outcome = "result " + abbreviate(String.valueOf(run.result()));
                ok = true;
            } else {
                String name = run.failure().error().name();
                String message = errorMessage(run.failure().error().cause());
                outcome = name + ": " + message;
                // a coded workflow error is the function's answer (what Lambda returns as its error response)
                ok = name.startsWith("io.channelpilot.workflow.") && !LINKAGE.matcher(message).find();
                if (!ok) {
                    outcome += " (output: " + lambda.outputDirectory(fn) + "/" + run.instance() + ".out|.err)";
                }
            }
            out.add(new Answer(module, event, init, outcome, ok, run.initMs(), run.invokeMs(), signature));
        }
        return out;
    }

    private static String errorMessage(String cause) {
        try {
            return JSON.readTree(cause).path("errorMessage").asText(cause);
        } catch (IOException notJson) {
            return cause;
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }

    static List<String> events(String module) throws IOException {
        try (Stream<Path> files = Files.list(Repo.root().resolve("events").resolve(module))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }

    private static int eventCount() throws IOException {
        int n = 0;
        for (String module : ColdStartWorld.EVENTS.keySet()) {
            n += events(module).size();
        }
        return n;
    }

    private static List<String> grep(Path dir, Pattern pattern) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".out")).sorted().toList()) {
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    java.util.regex.Matcher m = pattern.matcher(line);
                    if (m.find()) {
                        out.add(m.group());
                    }
                }
            }
        }
        return out;
    }

    private static java.util.Optional<String> linkage(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return java.util.Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".out") || f.toString().endsWith(".err")).sorted().toList()) {
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    if (LINKAGE.matcher(line).find()) {
                        return java.util.Optional.of(p.getFileName() + ": " + abbreviate(line.strip()));
                    }
                }
            }
        }
        return java.util.Optional.empty();
    }
}
