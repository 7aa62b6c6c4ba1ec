package io.channelpilot.local.cli;

import io.channelpilot.local.lambda.InitType;
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

    @Option(names = "--lambda", paramLabel = "in-process|runtime", converter = LambdaModeConverter.class,
            description = "how functions run: in-process (their handler classes in this JVM, fast; default) or runtime"
                    + " (each function's deployment zip under the real Lambda Java runtime client in its own JVM; needs"
                    + " `mvn package`)")
    LocalWorld.LambdaMode lambda = LocalWorld.LambdaMode.IN_PROCESS;

    @Option(names = "--lambda-init", paramLabel = "on-demand|snap-start", converter = InitTypeConverter.class,
            description = "runtime mode: how instances initialise (snap-start runs the CRaC hooks around a snapshot);"
                    + " default on-demand")
    InitType lambdaInit = InitType.ON_DEMAND;

    LocalWorld start() {
        return start(java.util.function.UnaryOperator.identity());
    }

    /** Starts the world with the command's own options applied last (e.g. {@code run}'s sequential branches). */
    LocalWorld start(java.util.function.UnaryOperator<LocalWorld.Options> command) {
        requireFile(world, "--world");
        requireFile(template, "--template");
        LocalWorld.Options defaults = LocalWorld.Options.of(world, template);
        LocalWorld.Options options = new LocalWorld.Options(world, template, workDir, defaults.handlers(),
                defaults.executor(), defaults.stackOverrides());
        if (lambda == LocalWorld.LambdaMode.RUNTIME) {
            options = options.withRuntimeLambda(lambdaInit);
        } else if (lambdaInit != InitType.ON_DEMAND) {
            throw new UsageError("--lambda-init " + lambdaInit.variable() + " needs --lambda runtime");
        }
        return LocalWorld.start(command.apply(options));
    }

    static final class LambdaModeConverter implements picocli.CommandLine.ITypeConverter<LocalWorld.LambdaMode> {
        @Override
        public LocalWorld.LambdaMode convert(String value) {
            return switch (value) {
                case "in-process" -> LocalWorld.LambdaMode.IN_PROCESS;
                case "runtime" -> LocalWorld.LambdaMode.RUNTIME;
                default -> throw new picocli.CommandLine.TypeConversionException("expected in-process or runtime, was '" + value + "'");
            };
        }
    }

    static final class InitTypeConverter implements picocli.CommandLine.ITypeConverter<InitType> {
        @Override
        public InitType convert(String value) {
            for (InitType t : InitType.values()) {
                if (t.variable().equals(value)) {
                    return t;
                }
            }
            throw new picocli.CommandLine.TypeConversionException("expected on-demand or snap-start, was '" + value + "'");
        }
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
