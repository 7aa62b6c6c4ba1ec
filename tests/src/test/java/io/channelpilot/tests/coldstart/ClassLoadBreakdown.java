package io.channelpilot.tests.coldstart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where a function's extra classes come from: one extra child per side runs with {@code -Xlog:class+load}, the loaded
 * classes are grouped by library (package prefix) and the groups the function loads beyond its baseline are listed.
 * Classes are a proxy for init time (each one is read, verified and initialised), good enough to say what dominates.
 */
final class ClassLoadBreakdown {

    private static final Pattern LOADED = Pattern.compile("\\]\\s+(\\S+) source:");

    private ClassLoadBreakdown() {
    }

    static String option(Path log) {
        return "-Xlog:class+load=info:file=" + log;
    }

    static Map<String, Integer> groups(Path log) throws IOException {
        Map<String, Integer> groups = new TreeMap<>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = LOADED.matcher(line);
            if (m.find()) {
                groups.merge(group(m.group(1)), 1, Integer::sum);
            }
        }
        return groups;
    }

    static String group(String className) {
        String c = className.replace('/', '.');
        if (c.startsWith("java.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("javax.") || c.startsWith("com.sun.")) {
            return "JDK";
        }
        if (c.startsWith("software.amazon.awssdk.services.")) {
            return prefix(c, 5);
        }
        if (c.startsWith("software.amazon.awssdk.")) {
            return "software.amazon.awssdk (core, auth, http, protocols)";
        }
        if (c.startsWith("software.amazon.lambda.powertools") || c.startsWith("software.amazon.cloudwatchlogs.emf")) {
            return "Powertools + EMF";
        }
        if (c.startsWith("org.apache.logging.log4j")) {
            return "log4j";
        }
        if (c.startsWith("com.fasterxml.jackson")) {
            return "Jackson";
        }
        if (c.startsWith("com.networknt") || c.startsWith("com.ethlo")) {
            return "networknt json-schema-validator";
        }
        if (c.startsWith("io.channelpilot.tests")) {
            return "harness";
        }
        if (c.startsWith("io.channelpilot")) {
            return "io.channelpilot";
        }
        return prefix(c, 2);
    }

    private static String prefix(String c, int segments) {
        String[] parts = c.split("\\.");
        return String.join(".", java.util.Arrays.copyOf(parts, Math.min(segments, parts.length - 1)));
    }

    /** "Jackson +812, log4j +640, ..." for the groups with the most extra classes. */
    static String extra(Map<String, Integer> function, Map<String, Integer> baseline, int top) {
        List<Map.Entry<String, Integer>> diff = function.entrySet().stream()
                .map(e -> Map.entry(e.getKey(), e.getValue() - baseline.getOrDefault(e.getKey(), 0)))
                .filter(e -> e.getValue() > 0 && !e.getKey().equals("harness"))
                .sorted(Comparator.comparing(Map.Entry<String, Integer>::getValue).reversed())
                .limit(top).toList();
        return diff.stream().map(e -> e.getKey() + " +" + e.getValue()).collect(Collectors.joining(", "));
    }
}
