package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.LocalWorld;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The CLI follows its ecosystem's conventions (issue 15 §2): every command of picocli's tree — a new one included
 * without touching this test — answers {@code --help}/{@code -h} and {@code --version}/{@code -V} with exit 0; global
 * options may come before the command as with the AWS CLI; a usage error follows {@code --output json} (a JSON error
 * document with its code, exit 2).
 */
class CliConventionsTest {

    static final ObjectMapper JSON = new ObjectMapper();
    static LocalWorld world;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() {
        world = LocalWorld.start(LocalWorld.Options.of(ChannelPilotCliTest.root().resolve("local/worlds/default.json"),
                ChannelPilotCliTest.root().resolve("template.yaml")));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    record Result(int exit, String out, String err) {
    }

    static Result run(Map<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ChannelPilot.run(args, env, new PrintWriter(out), new PrintWriter(err));
        return new Result(exit, out.toString(), err.toString());
    }

    /** Every command path of the tree, read from picocli ("" is the root). */
    static List<List<String>> commandPaths() {
        List<List<String>> out = new ArrayList<>();
        collect(ChannelPilot.commandLine(new CliContext(Map.of(), new PrintWriter(new StringWriter()))), new ArrayList<>(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        out.add(List.copyOf(path));
        cl.getSubcommands().forEach((name, sub) -> {
            if (sub.getCommandName().equals(name)) { // aliases would repeat a command
                List<String> next = new ArrayList<>(path);
                next.add(name);
                collect(sub, next, out);
            }
        });
    }

    private static String[] with(List<String> path, String... more) {
        List<String> args = new ArrayList<>(path);
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void shouldAnswerHelpAndVersionWithExitZeroOnEveryCommandOfTheTree() {
        List<List<String>> paths = commandPaths();
        assertThat(paths).hasSizeGreaterThan(5).contains(List.of("reconcile"), List.of("redrive", "start"));

        for (List<String> path : paths) {
            String name = String.join(" ", path);
            for (String flag : List.of("--help", "-h")) {
                Result r = run(Map.of(), with(path, flag));
                assertThat(r.exit()).as(name + " " + flag + ": " + r.out() + r.err()).isZero();
                assertThat(r.out()).as(name + " " + flag).startsWith("Usage: channel-pilot" + (path.isEmpty() ? "" : " " + name));
            }
            for (String flag : List.of("--version", "-V")) {
                Result r = run(Map.of(), with(path, flag));
                assertThat(r.exit()).as(name + " " + flag + ": " + r.err()).isZero();
                assertThat(r.out()).as(name + " " + flag).startsWith("channel-pilot 0.1.0");
            }
        }
    }

    @Test
    void shouldPrintAUsageErrorAsAJsonDocumentWithItsCodeWhenOutputIsJson() throws Exception {
        for (String[] line : List.of(new String[] {"status", "--colour", "--output", "json"},
                new String[] {"plan", "-o", "json"},
                new String[] {"redrive", "start", "--output=json"},
                new String[] {"--output", "json", "plan"})) {
            Result r = run(Map.of(), line);

            assertThat(r.exit()).as(String.join(" ", line)).isEqualTo(ChannelPilot.EXIT_USAGE);
            JsonNode error = JSON.readTree(r.err()).path("error");
            assertThat(error.path("code").asText()).as(r.err()).isEqualTo("INVALID_ARGUMENT");
            assertThat(error.path("message").asText()).isNotEmpty();
            assertThat(error.path("remediation").asText()).contains("--help");
            assertThat(r.out()).isEmpty();
        }
        // and without --output json it stays the two readable lines
        Result table = run(Map.of(), "status", "--colour");
        assertThat(table.err()).startsWith("error: INVALID_ARGUMENT: Unknown option: '--colour'").contains("fix: run 'channel-pilot status --help'");
    }

    @Test
    void shouldAcceptTheGlobalOptionsBeforeTheCommandAsTheAwsCliDoes() throws Exception {
        Result json = run(world.functionEnvironment(), "--output", "json", "--region", world.file().region(), "--endpoint-url",
                world.server().endpoint().toString(), "status", "--table", world.stack().statusTable());

        assertThat(json.exit()).as(json.err()).isZero();
        assertThat(JSON.readTree(json.out()).has("refusals")).isTrue();

        // --profile before the command is read like after it: an unknown profile is a coded error, not an unknown option
        Path config = Files.writeString(temp.resolve("config"), "[default]\nregion = us-east-1\n");
        Map<String, String> env = new HashMap<>(world.functionEnvironment());
        env.put("AWS_CONFIG_FILE", config.toString());
        env.put("AWS_SHARED_CREDENTIALS_FILE", temp.resolve("none").toString());
        Result profile = run(env, "--profile", "nosuch", "-o", "json", "status");
        assertThat(profile.exit()).as(profile.err()).isEqualTo(ChannelPilot.EXIT_ERROR);
        assertThat(JSON.readTree(profile.err()).at("/error/code").asText()).isEqualTo("PROFILE_NOT_FOUND");
    }

    @Test
    void shouldMoveOnlyLeadingGlobalOptionsBehindTheCommand() {
        assertThat(ChannelPilot.globalOptionsLast(new String[] {"--output", "json", "--region=eu-west-1", "redrive", "status", "--task", "t"}))
                .containsExactly("redrive", "status", "--task", "t", "--output", "json", "--region=eu-west-1");
        assertThat(ChannelPilot.globalOptionsLast(new String[] {"-o", "json", "plan", "--cluster", "c", "--", "x"}))
                .containsExactly("plan", "--cluster", "c", "-o", "json", "--", "x");
        // nothing to move, or no command after them: as given (picocli reports what is wrong)
        assertThat(ChannelPilot.globalOptionsLast(new String[] {"status", "--output", "json"})).containsExactly("status", "--output", "json");
        assertThat(ChannelPilot.globalOptionsLast(new String[] {"--output", "json", "--help"})).containsExactly("--output", "json", "--help");
    }
}
