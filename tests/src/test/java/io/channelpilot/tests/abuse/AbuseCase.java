package io.channelpilot.tests.abuse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * One line of {@code tests/src/test/resources/abuse/expected.tsv}: an input file, what reads it, the stable code it must
 * yield and the text (field, tag, pointer, option) the error must name. Inputs too big to commit (1 MB payloads, a gzip
 * of 20 MB) are built here from a small seed file, as the manifest's {@code generate} column says.
 */
record AbuseCase(String file, String target, String code, String field, String generate, String note) {

    static final String PAD = "@PAD@";

    static List<AbuseCase> load(Path dir) {
        try {
            return Files.readAllLines(dir.resolve("expected.tsv"), StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).map(AbuseCase::parse).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static AbuseCase parse(String line) {
        String[] c = Arrays.copyOf(line.split("\t", -1), 6);
        if (c[3] == null) {
            throw new IllegalStateException("expected.tsv line needs case, target, code, field: " + line);
        }
        return new AbuseCase(c[0], c[1], c[2], c[3], c[4] == null ? "-" : c[4], c[5] == null ? "" : c[5]);
    }

    /** The category: the folder under abuse/ ({@code events/<fn>} counts as {@code events}). */
    String category() {
        return file.substring(0, file.indexOf('/'));
    }

    /** The input bytes, generated where the manifest says so. */
    byte[] bytes(Path dir) {
        try {
            byte[] seed = Files.readAllBytes(dir.resolve(file));
            if (generate.equals("-")) {
                return seed;
            }
            String[] g = generate.split(":", 2);
            int n = Integer.parseInt(g[1]);
            return switch (g[0]) {
                case "pad" -> new String(seed, StandardCharsets.UTF_8).replace(PAD, "x".repeat(n)).getBytes(StandardCharsets.UTF_8);
                case "gzip-cut" -> {
                    byte[] gz = gzip(seed, 1);
                    yield Arrays.copyOf(gz, gz.length - n);
                }
                case "repeat-gzip" -> gzip(seed, n / seed.length);
                default -> throw new IllegalStateException("unknown generator " + generate + " for " + file);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] gzip(byte[] chunk, int times) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            byte[] block = new byte[Math.max(chunk.length, 64 * 1024 / chunk.length * chunk.length)];
            for (int i = 0; i < block.length; i++) {
                block[i] = chunk[i % chunk.length];
            }
            long total = (long) chunk.length * times;
            for (long written = 0; written < total; written += block.length) {
                gz.write(block, 0, (int) Math.min(block.length, total - written));
            }
        }
        return out.toByteArray();
    }

    @Override
    public String toString() {
        return file + " -> " + target + " " + code;
    }
}
