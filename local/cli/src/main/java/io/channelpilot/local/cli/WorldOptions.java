package io.channelpilot.local.cli;

import io.channelpilot.local.world.LocalWorld;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options shared by the commands that start a world. */
final class WorldOptions {

    @Option(names = "--world", description = "world file (default: local/worlds/default.json)")
    Path world = Path.of("local/worlds/default.json");

    @Option(names = "--template", description = "SAM template whose functions and state machines run (default: template.yaml)")
    Path template = Path.of("template.yaml");

    @Option(names = "--work-dir", description = "where Kafka logs, S3 objects and the Iceberg warehouse are kept (default: a new temp dir)")
    Path workDir;

    LocalWorld start() {
        requireFile(world, "--world");
        requireFile(template, "--template");
        LocalWorld.Options defaults = LocalWorld.Options.of(world, template);
        return LocalWorld.start(new LocalWorld.Options(world, template, workDir, defaults.handlers(),
                defaults.executor(), defaults.stackOverrides()));
    }

    static void requireFile(Path file, String option) {
        if (!Files.isRegularFile(file)) {
            throw new UsageError(option + ": no such file " + file.toAbsolutePath()
                    + " (run from the repository root, or pass the path)");
        }
    }

    /** A bad command-line argument: printed without a stack trace, exit code 2. */
    static final class UsageError extends RuntimeException {
        UsageError(String message) {
            super(message);
        }
    }
}
