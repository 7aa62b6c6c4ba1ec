package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 14's shape, kept: one SDK client factory, no SDK service import outside a {@code gateway} package or a
 * {@code *Priming} class, handlers of at most 60 lines, and no package cycle among the main classes of any module
 * (read with jdeps from the classes the reactor just built).
 */
class ArchitectureRulesTest {

    private static final int HANDLER_LINES = 60;

    @Test
    void shouldBuildSdkClientsOnlyInAwsClients() throws IOException {
        List<String> builders = new ArrayList<>();
        for (Path file : productSources()) {
            if (Files.readString(file).matches("(?s).*\\b\\w+Client\\.builder\\(\\).*") && !file.endsWith("AwsClients.java")) {
                builders.add(Repo.root().relativize(file).toString());
            }
        }

        assertThat(builders).as("SDK clients built outside gateway/AwsClients").isEmpty();
    }

    @Test
    void shouldImportSdkServicesOnlyInGatewaysAndPriming() throws IOException {
        List<String> importers = new ArrayList<>();
        for (Path file : productSources()) {
            boolean edge = file.toString().contains("/gateway/") || file.getFileName().toString().endsWith("Priming.java");
            if (!edge && Files.readString(file).contains("import software.amazon.awssdk.services.")) {
                importers.add(Repo.root().relativize(file).toString());
            }
        }

        assertThat(importers).as("main sources importing software.amazon.awssdk.services outside gateway/priming").isEmpty();
    }

    @Test
    void shouldKeepEveryHandlerThin() throws IOException {
        Map<String, Integer> handlers = new TreeMap<>();
        for (Path file : productSources()) {
            if (file.getFileName().toString().endsWith("Handler.java") && file.startsWith(Repo.root().resolve("functions"))) {
                handlers.put(file.getFileName().toString(), Files.readAllLines(file).size());
            }
        }

        assertThat(handlers).hasSize(9);
        assertThat(handlers).allSatisfy((name, lines) -> assertThat(lines).as(name + " lines").isLessThanOrEqualTo(HANDLER_LINES));
    }

    @Test
    void shouldHaveNoPackageCycleInAnyModule() throws IOException {
        Map<String, Set<String>> edges = new HashMap<>();
        List<Path> modules = classDirectories();
        assertThat(modules).as("built modules").hasSizeGreaterThan(12);
        for (Path classes : modules) {
            jdepsPackageEdges(classes, edges);
        }

        assertThat(edges).as("package edges read").hasSizeGreaterThan(40);
        assertThat(cycles(edges)).as("package cycles").isEmpty();
    }

    private static List<Path> productSources() throws IOException {
        List<Path> roots = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Repo.root().resolve("functions"))) {
            modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).forEach(roots::add);
        }
        roots.add(Repo.root().resolve("cli/src/main/java"));
        List<Path> sources = new ArrayList<>();
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(sources::add);
            }
        }
        assertThat(sources).hasSizeGreaterThan(200);
        return sources;
    }

    private static List<Path> classDirectories() throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (String parent : List.of("functions", "local")) {
            try (Stream<Path> modules = Files.list(Repo.root().resolve(parent))) {
                modules.map(m -> m.resolve("target/classes")).filter(Files::isDirectory).forEach(dirs::add);
            }
        }
        dirs.add(Repo.root().resolve("cli/target/classes"));
        return dirs;
    }

    /** "io.channelpilot.a -> io.channelpilot.b" lines of {@code jdeps -verbose:package}, between our own packages. */
    private static void jdepsPackageEdges(Path classes, Map<String, Set<String>> edges) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int rc = jdeps.run(new PrintStream(out, true, StandardCharsets.UTF_8), System.err, "-verbose:package", "-filter:none",
                classes.toString());
        assertThat(rc).as("jdeps " + classes).isZero();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length >= 3 && "->".equals(parts[1]) && parts[0].startsWith("io.channelpilot")
                    && parts[2].startsWith("io.channelpilot") && !parts[0].equals(parts[2])) {
                edges.computeIfAbsent(parts[0], k -> new TreeSet<>()).add(parts[2]);
            }
        }
    }

    /** Strongly connected components with more than one package (Tarjan). */
    private static List<Set<String>> cycles(Map<String, Set<String>> edges) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> found = new ArrayList<>();
        int[] counter = {0};
        for (String v : new TreeSet<>(edges.keySet())) {
            if (!index.containsKey(v)) {
                connect(v, edges, index, low, stack, onStack, found, counter);
            }
        }
        return found;
    }

    private static void connect(String v, Map<String, Set<String>> edges, Map<String, Integer> index, Map<String, Integer> low,
                                Deque<String> stack, Set<String> onStack, List<Set<String>> found, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : edges.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, edges, index, low, stack, onStack, found, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                found.add(component);
            }
        }
    }
}
