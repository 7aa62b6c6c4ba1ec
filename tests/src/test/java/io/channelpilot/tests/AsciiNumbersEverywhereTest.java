package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 13 "ASCII digits only for every number": the JDK's number parsers read other scripts' digits ("٣٠٠" is 300),
 * so the product's code (functions and the operator CLI) parses numbers only through {@code AsciiNumbers}. A new
 * {@code Integer.parseInt} anywhere there fails this test; {@code AsciiNumbers} itself is the one exception.
 */
class AsciiNumbersEverywhereTest {

    private static final Pattern RAW_PARSE = Pattern.compile(
            "\\b(Integer|Long|Short|Byte)\\s*(\\.\\s*(parseInt|parseLong|parseShort|parseByte|valueOf|decode|parseUnsignedInt|parseUnsignedLong)\\s*\\(\\s*(?!\\d)"
                    + "|::\\s*(parseInt|parseLong|parseShort|parseByte|valueOf|decode))"
                    + "|new\\s+(java\\.math\\.)?(BigDecimal|BigInteger)\\s*\\(\\s*(?!\\d)[a-zA-Z]");

    @Test
    void shouldParseNumbersOnlyThroughAsciiNumbersInFunctionsAndTheCli() throws IOException {
        List<String> raw = new ArrayList<>();
        List<Path> roots = new ArrayList<>();
        try (Stream<Path> modules = Files.list(Repo.root().resolve("functions"))) {
            modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).forEach(roots::add);
        }
        roots.add(Repo.root().resolve("cli/src/main/java"));
        assertThat(roots).hasSizeGreaterThan(5);
        for (Path root : roots) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    if (file.getFileName().toString().equals("AsciiNumbers.java")) {
                        continue;
                    }
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        if (RAW_PARSE.matcher(lines.get(i)).find()) {
                            raw.add(Repo.root().relativize(file) + ":" + (i + 1) + ": " + lines.get(i).strip());
                        }
                    }
                }
            }
        }
        assertThat(raw).as("use AsciiNumbers.requireInt/requireLong/requireDecimal/parseInt instead").isEmpty();
    }
}
