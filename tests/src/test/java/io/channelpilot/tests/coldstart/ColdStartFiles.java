package io.channelpilot.tests.coldstart;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/** File chores of the cold-start benchmark: unzip a deployment zip, copy the harness classes, clean up. */
final class ColdStartFiles {

    private ColdStartFiles() {
    }

    static Path unzip(Path zip, Path target) throws IOException {
        Files.createDirectories(target);
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                Path out = target.resolve(e.getName()).normalize();
                if (!out.startsWith(target)) {
                    throw new IOException("zip entry outside the target: " + e.getName());
                }
                if (e.isDirectory()) {
                    Files.createDirectories(out);
                } else {
                    Files.createDirectories(out.getParent());
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return target;
    }

    /**
     * Copies the compiled package of {@code main} (and only it) into {@code target}: the child JVM gets the harness
     * without the test classpath's resources (its log4j2-test.xml would change what the function logs).
     */
    static Path copyHarness(Class<?> main, Path target) throws IOException {
        Path root;
        try {
            root = Path.of(main.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        String pkg = main.getPackageName().replace('.', '/');
        Path source = root.resolve(pkg);
        Path dest = target.resolve(pkg);
        Files.createDirectories(dest);
        try (Stream<Path> files = Files.list(source)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, dest.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }

    static int jarCount(Path lib) throws IOException {
        try (Stream<Path> files = Files.list(lib)) {
            return (int) files.filter(f -> f.toString().endsWith(".jar")).count();
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

    static String read(InputStream in) throws IOException {
        return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
}
