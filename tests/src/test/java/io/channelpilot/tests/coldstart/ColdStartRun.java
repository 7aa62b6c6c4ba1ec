package io.channelpilot.tests.coldstart;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.tests.coldstart.child.ColdStartChild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM: what {@link ColdStartChild} printed, plus the wall time the parent saw from spawn to exit.
 * {@code totalMs} is JVM start (RuntimeMXBean start time) → response; {@code jvmToMainMs}, {@code initMs} (handler
 * class load, static init, constructor) and {@code invokeMs} (first invoke) are its parts.
 */
record ColdStartRun(String mode, long totalMs, long jvmToMainMs, long initMs, long invokeMs, int classes, int responseBytes,
                    String primed, String outcome, long wallMs) {

    private static final ObjectMapper JSON = new ObjectMapper();
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
            return new ColdStartRun(mode, -1, -1, -1, -1, 0, -1, "", "timeout (see " + err + ")", -1);
        }
        long wall = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        String line = Files.readAllLines(out).stream().filter(l -> l.startsWith("COLDSTART ")).findFirst().orElse(null);
        if (line == null) {
            return new ColdStartRun(mode, -1, -1, -1, -1, 0, -1, "", "no result line, exit " + process.exitValue() + " (see " + err + ")", wall);
        }
        JsonNode r = JSON.readTree(line.substring("COLDSTART ".length()));
        return new ColdStartRun(mode, r.path("totalMs").asLong(), r.path("jvmToMainMs").asLong(), r.path("initMs").asLong(),
                r.path("invokeMs").asLong(), r.path("classes").asInt(), r.path("responseBytes").asInt(), r.path("primed").asText(),
                r.path("outcome").asText(), wall);
    }
}
