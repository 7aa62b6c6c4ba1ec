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
 * Each must answer with a result or one of the product's coded {@code io.channelpilot.workflow} errors; a crash, an
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

    record Answer(String module, String event, InitType init, String outcome, boolean ok, long initMs, long invokeMs) {
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
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "Deployment path: %d answers (%d events x 2 init types) in %.1f s wall%n", answers.size(), answers.size() / 2,
                (System.nanoTime() - started) / 1e9));
        answers.forEach(a -> table.append(String.format(Locale.ROOT, "  %-9s %-18s %-42s init %5d ms invoke %5d ms  %s%n",
                a.init().variable(), a.module(), a.event(), a.initMs(), a.invokeMs(),
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
            out.add(new Answer(module, event, init, outcome, ok, run.initMs(), run.invokeMs()));
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
