package io.channelpilot.tests.coldstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.tests.coldstart.child.ColdStartChild;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One child JVM: what {@link ColdStartChild} printed, plus the wall time the parent saw from spawn to exit.
 * {@code totalMs} is JVM start (RuntimeMXBean start time) → response; {@code jvmToMainMs}, {@code initMs} (handler
 * class load, static init, constructor) and {@code invokeMs} (first invoke) are its parts.
 */
record ColdStartRun(String mode, long totalMs, long jvmToMainMs, long initMs, long invokeMs, int classes, int responseBytes,
                    String primed, String outcome, long wallMs, String linkageLine, Path err) {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** A class the zip lacks shows as one of these, whether thrown, caught and logged, or printed by the JVM. */
    private static final Pattern LINKAGE = Pattern.compile(
            "NoClassDefFoundError|ClassNotFoundException|NoSuchMethodError|NoSuchFieldError|LinkageError|UnsatisfiedLinkError"
                    + "|IncompatibleClassChangeError|AbstractMethodError|ExceptionInInitializerError");
    private static int sequence;

    boolean primedAll() {
        String[] parts = primed.split("/");
        return parts.length == 2 && parts[0].equals(parts[1]) && Integer.parseInt(parts[1]) > 0;
    }

    static ColdStartRun spawn(String classpath, Map<String, String> env, String mode, String target, Path event)
            throws IOException, InterruptedException {
        return spawn(classpath, env, mode, target, event, List.of());
    }

    static ColdStartRun spawn(String classpath, Map<String, String> env, String mode, String target, Path event,
                              List<String> jvmOptions) throws IOException, InterruptedException {
        Path logs = event.getParent().resolveSibling("logs");
        Files.createDirectories(logs);
        int n;
        synchronized (ColdStartRun.class) {
            n = ++sequence;
        }
        String base = String.format("%03d-%s-%s", n, mode, target.substring(target.lastIndexOf('.') + 1));
        Path out = logs.resolve(base + ".out");
        Path err = logs.resolve(base + ".err");
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, ColdStartChild.class.getName(), mode, target, event.toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().putAll(env);
        long started = System.nanoTime();
        Process process = pb.start();
        if (!process.waitFor(180, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return new ColdStartRun(mode, -1, -1, -1, -1, 0, -1, "", "timeout (see " + err + ")", -1, linkage(out, err), err);
        }
        long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        String linkage = linkage(out, err);
        String line = Files.readAllLines(out).stream().filter(l -> l.startsWith("COLDSTART ")).findFirst().orElse(null);
        if (line == null) {
            return new ColdStartRun(mode, -1, -1, -1, -1, 0, -1, "", "no result line, exit " + process.exitValue() + " (see " + err + ")", wall,
                    linkage, err);
        }
        JsonNode r = JSON.readTree(line.substring("COLDSTART ".length()));
        return new ColdStartRun(mode, r.path("totalMs").asLong(), r.path("jvmToMainMs").asLong(), r.path("initMs").asLong(),
                r.path("invokeMs").asLong(), r.path("classes").asInt(), r.path("responseBytes").asInt(), r.path("primed").asText(),
                r.path("outcome").asText(), wall, linkage, err);
    }

    /** The first line of the child's output naming a linkage error, "" if none. */
    private static String linkage(Path out, Path err) throws IOException {
        for (Path p : List.of(out, err)) {
            try (Stream<String> lines = Files.lines(p, StandardCharsets.UTF_8)) {
                var hit = lines.filter(l -> LINKAGE.matcher(l).find()).findFirst();
                if (hit.isPresent()) {
                    String line = hit.get().strip();
                    return line.length() > 400 ? line.substring(0, 400) : line;
                }
            }
        }
        return "";
    }

    /**
     * What a first invoke from a deployment zip must show: no linkage error anywhere in the child's output (a class
     * the zip lacks), an answer (a result, or the function's own coded error from {@code io.channelpilot.workflow} such
     * as ChannelNotReady, which is the response Lambda returns for it — not a crash) and every step of the SnapStart
     * priming its constructor registered primed.
     */
    void assertAnsweredFromItsZip(String module) {
        if (outcome.startsWith("LINKAGE") || !linkageLine.isEmpty()) {
            fail("%s: functions/%s/target/%s.zip lacks a class its first invoke needs (declare the dependency in functions/%s/pom.xml): %s"
                    + " (child output: %s)", module, module, module, module,
                    outcome.startsWith("LINKAGE") ? outcome.substring("LINKAGE ".length()) : linkageLine, err);
        }
        // An answer is a result or one of the product's coded workflow errors (what Lambda returns as the function's
        // error response); a crash such as a NullPointerException is not an answer.
        assertThat(outcome).as("%s first invoke from its zip answered with a result or a coded workflow error (%s)",
                module, err).matches("ok|error io\\.channelpilot\\.workflow\\.[A-Za-z]+: (?s).*");
        if (outcome.equals("ok")) {
            assertThat(responseBytes).as(module + " response").isGreaterThan(0);
        }
        assertThat(primedAll()).as("%s SnapStart priming ran every step: %s (%s)", module, primed, err).isTrue();
    }
}
