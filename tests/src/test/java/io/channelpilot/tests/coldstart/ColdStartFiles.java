package io.channelpilot.tests.coldstart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** File chores of the deployment-path tests: the jars of a deployment zip, clean up. */
final class ColdStartFiles {

    private ColdStartFiles() {
    }

    /** The jar names under lib/ of a deployment zip, sorted. */
    static List<String> libJars(Path zip) throws IOException {
        try (ZipFile z = new ZipFile(zip.toFile())) {
            return z.stream().map(ZipEntry::getName).filter(n -> n.startsWith("lib/") && n.endsWith(".jar"))
                    .map(n -> n.substring("lib/".length())).sorted().toList();
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
