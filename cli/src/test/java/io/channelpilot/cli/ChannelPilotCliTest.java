package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.store.RefusalCondition;
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
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;

/**
 * The operator CLI in-process against a local world (status, plan, reconcile, redrive refusals, conventions); redrive
 * runs are in tests/. Every outcome is asserted exactly: exit code, codes and rows.
 */
class ChannelPilotCliTest {

    static LocalWorld world;
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    @BeforeAll
    static void start() {
        world = LocalWorld.start(LocalWorld.Options.of(root().resolve("local/worlds/default.json"), root().resolve("template.yaml")));
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    record Result(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }

        String all() {
            return out + err;
        }
    }

    static Result run(String... args) {
        return runWith(world.functionEnvironment(), true, args);
    }

    /** Runs in-process; {@code local} adds the world's endpoint and status table. */
    static Result runWith(Map<String, String> env, boolean local, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(List.of(args));
        if (local) {
            all.addAll(List.of("--endpoint-url", world.server().endpoint().toString(), "--table", world.stack().statusTable()));
        }
        int exit = ChannelPilot.run(all.toArray(String[]::new), env, new PrintWriter(out), new PrintWriter(err));
        return new Result(exit, out.toString(), err.toString());
    }

    @Test
    void shouldListChannelsAndRefusalsWithTheirConditionsWhenStatusIsAsked() throws Exception {
        String arn = world.services().msk().clusterArnOf("orders-express").orElseThrow();
        try (DynamoDbClient dynamo = LocalClients.dynamo(world.server().endpoint(), world.file().region())) {
            DynamoDbStatusStore store = new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock());
            store.update(new ChannelKey(arn, "orders-created-x"), "orders.created",
                    s -> s.withObserved("arn:ch", "ACTIVE").withCondition(ConditionType.READY, ConditionStatus.TRUE,
                            "ChannelActive", "two ACTIVE reads", world.clock().instant()));
            store.putRefusal(new RefusalCondition(arn, "topic/payments", "TAG_CONTRACT_ERROR", ConditionStatus.TRUE,
                    List.of("RULE_CONFLICT"), List.of("channel-pilot/a", "channel-pilot/b"), "payments", "team-pay",
                    "tags that apply to topic 'payments' have problems", "Make the values agree.", world.clock().instant(),
                    world.clock().instant(), "evt-1", null));
        }

        Result json = run("status", "--cluster", "orders-express", "--output", "json");
        Result table = run("status");

        assertThat(json.exit()).isZero();
        JsonNode channel = json.json().path("channels").get(0);
        assertThat(channel.path("channel").asText()).isEqualTo("orders-created-x");
        assertThat(channel.path("observedStatus").asText()).isEqualTo("ACTIVE");
        assertThat(channel.at("/conditions/0/reason").asText()).isEqualTo("ChannelActive");
        JsonNode refusal = json.json().path("refusals").get(0);
        assertThat(refusal.path("subject").asText()).isEqualTo("topic/payments");
        assertThat(refusal.path("status").asText()).isEqualTo("True");
        assertThat(refusal.path("reason").asText()).isEqualTo("RULE_CONFLICT");
        assertThat(refusal.path("tags")).extracting(JsonNode::asText).containsExactly("channel-pilot/a", "channel-pilot/b");
        assertThat(table.exit()).isZero();
        assertThat(table.out()).containsPattern("orders-created-x\\s+orders.created\\s+ACTIVE\\s+True").contains("REFUSALS")
                .containsPattern("topic/payments\\s+True\\s+RULE_CONFLICT\\s+RULE_CONFLICT\\s+channel-pilot/a channel-pilot/b\\s+team-pay")
                .contains("topic/payments: Make the values agree.");
    }

    @Test
    void shouldValidateWithoutCreatingAnythingAndPassWhenTheExpressTopicIsPlanned() throws Exception {
        Result plan = run("plan", "--cluster", "orders-express", "--topic", "orders.created", "--output", "json");

        assertThat(plan.exit()).as(plan.all()).isEqualTo(ChannelPilot.EXIT_OK);
        JsonNode row = plan.json().path("rows").get(0);
        assertThat(plan.json().path("rows")).hasSize(1);
        assertThat(row.path("topic").asText()).isEqualTo("orders.created");
        assertThat(row.path("plan").asText()).isEqualTo("CREATE");
        assertThat(row.path("verdict").asText()).isEqualTo("PASS");
        assertThat(row.path("refused").asBoolean()).isFalse();
        assertThat(plan.json().path("refused").asInt()).isZero();
        assertThat(world.server().calls().count("kafka:CreateChannel")).isZero();
        assertThat(world.server().calls().count("logs:CreateLogGroup")).isZero();
    }

    @Test
    void shouldPrintEverySpecificCodeAndExitFourWhenAnIntentWouldBeRefused() throws Exception {
        // GIVEN the Standard (kafka.m5) cluster tagged with a rule: streaming tables cannot serve it
        tag("legacy-standard", Map.of("channel-pilot/clicks", "topic=clicks namespace=web schema=sales/orders partition=event_time"));

        Result json = run("plan", "--cluster", "legacy-standard", "--output", "json");
        Result table = run("plan", "--cluster", "legacy-standard");

        assertThat(json.exit()).as(json.all()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
        JsonNode row = json.json().path("rows").get(0);
        assertThat(row.path("verdict").asText()).isEqualTo("FAIL");
        assertThat(row.path("refused").asBoolean()).isTrue();
        assertThat(row.path("codes")).extracting(JsonNode::asText).contains("CLUSTER_EXPRESS");
        assertThat(table.exit()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
        assertThat(table.out()).contains("REFUSED").contains("CLUSTER_EXPRESS").contains("fix: ").contains("would be refused (exit 4)");
    }

    @Test
    void shouldPrintTagProblemCodesWithBothTagsWhenTwoRulesConflict() throws Exception {
        tag("orders-express", Map.of(
                "channel-pilot/pay-a", "topic=payments namespace=sales schema=sales/orders partition=event_time freshness=300",
                "channel-pilot/pay-b", "topic=payments namespace=sales schema=sales/orders partition=event_time freshness=600",
                "channelpilot/pay-c", "topic=payments namespace=sales schema=sales/orders partition=event_time"));
        try {
            Result plan = run("plan", "--cluster", "orders-express", "--topic", "payments", "--output", "json");

            assertThat(plan.exit()).as(plan.all()).isEqualTo(ChannelPilot.EXIT_REFUSED_PLAN);
            JsonNode rows = plan.json().path("rows");
            JsonNode conflict = find(rows, "reason", "TAG_PROBLEMS");
            assertThat(conflict.path("codes")).extracting(JsonNode::asText).containsExactly("RULE_CONFLICT");
            assertThat(conflict.at("/problems/0/tag").asText()).isEqualTo("channel-pilot/pay-a | channel-pilot/pay-b");
            assertThat(conflict.at("/problems/0/setting").asText()).isEqualTo("freshness");
            JsonNode hint = find(rows, "reason", "TAG_KEY_LOOKALIKE");
            assertThat(hint.path("codes")).extracting(JsonNode::asText).containsExactly("TAG_KEY_LOOKALIKE");
            assertThat(hint.at("/problems/0/remediation").asText()).contains("'channel-pilot/pay-c'");
            assertThat(plan.json().path("refused").asInt()).isEqualTo(2);
        } finally {
            untag("orders-express", "channel-pilot/pay-a", "channel-pilot/pay-b", "channelpilot/pay-c");
        }
    }

    @Test
    void shouldPrintWhatTheSweepWouldStartWithoutStartingAnythingWhenDryRun() throws Exception {
        long before = world.server().calls().count("sfn:StartExecution");

        Result dry = run("reconcile", "--cluster", "orders-express", "--dry-run", "--output", "json");

        assertThat(dry.exit()).as(dry.all()).isEqualTo(ChannelPilot.EXIT_OK);
        assertThat(dry.json().path("wouldStart")).extracting(e -> e.path("topic").asText())
                .containsExactly("orders.created", "orders.updated");
        assertThat(dry.json().path("wouldStart").get(0).path("reasons").get(0).asText()).endsWith(":CREATE:CHANNEL_MISSING");
        assertThat(world.server().calls().count("sfn:StartExecution")).isEqualTo(before);
        assertThat(world.server().calls().count("kafka:CreateChannel")).isZero();
    }

    @Test
    void shouldRefuseWithACodeAndRemediationWhenTheTaskIsUnknown() throws Exception {
        Result status = run("redrive", "status", "--task", "no-such-task", "--output", "json");
        Result cancel = run("redrive", "cancel", "--task", "no-such-task");

        assertThat(status.exit()).isEqualTo(ChannelPilot.EXIT_REFUSED);
        assertThat(status.json().path("code").asText()).isEqualTo("TASK_NOT_FOUND");
        assertThat(status.json().path("remediation").asText()).contains("redrive status --channel");
        assertThat(cancel.out()).contains("refused: TASK_NOT_FOUND").contains("fix: ");
    }

    @Test
    void shouldExplainUsageWithACodeWhenArgumentsAreMissingOrUnknown() {
        Result missing = run("redrive", "start");
        Result unknown = run("status", "--colour");
        Result badOutput = run("status", "--output", "yaml");

        assertThat(missing.exit()).isEqualTo(ChannelPilot.EXIT_USAGE);
        assertThat(missing.err()).contains("error: INVALID_ARGUMENT: Missing required option: '--channel=<channel>'")
                .contains("fix: run 'channel-pilot redrive start --help'");
        assertThat(unknown.exit()).isEqualTo(ChannelPilot.EXIT_USAGE);
        assertThat(unknown.err()).contains("Unknown option: '--colour'");
        assertThat(badOutput.exit()).isEqualTo(ChannelPilot.EXIT_USAGE);
        assertThat(badOutput.err()).contains("expected one of [json, table]");
    }

    @Test
    void shouldAnswerHelpWithExitZeroOnEveryCommandAndSubcommand() {
        List<String> paths = new ArrayList<>();
        collect(ChannelPilot.commandLine(new CliContext(Map.of(), new PrintWriter(new StringWriter()))), new ArrayList<>(), paths);
        assertThat(paths).containsExactlyInAnyOrder("", "status", "plan", "reconcile", "redrive", "redrive start", "redrive status",
                "redrive cancel", "completion");

        for (String path : paths) {
            for (String flag : List.of("--help", "-h")) {
                List<String> args = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
                args.add(flag);
                Result r = runWith(Map.of(), false, args.toArray(String[]::new));
                assertThat(r.exit()).as(path + " " + flag + ": " + r.all()).isZero();
                assertThat(r.out()).as(path + " " + flag).startsWith("Usage: channel-pilot" + (path.isEmpty() ? "" : " " + path))
                        .contains("-h, --help");
            }
        }
    }

    @Test
    void shouldPrintTheVersionWithExitZero() {
        Result version = runWith(Map.of(), false, "--version");
        Result shortFlag = runWith(Map.of(), false, "-V");

        assertThat(version.exit()).isZero();
        assertThat(version.out()).startsWith("channel-pilot 0.1.0");
        assertThat(shortFlag.out()).isEqualTo(version.out());
    }

    @Test
    void shouldPrintACodedErrorWithoutAStackTraceWhenAwsCannotBeReached() throws Exception {
        Map<String, String> env = new HashMap<>(world.functionEnvironment());

        Result r = runWith(env, false, "status", "--endpoint-url", "http://127.0.0.1:9", "--table", "t");
        Result json = runWith(env, false, "status", "--endpoint-url", "http://127.0.0.1:9", "--table", "t", "--output", "json");

        assertThat(r.exit()).isEqualTo(ChannelPilot.EXIT_ERROR);
        assertThat(r.err()).startsWith("error: ENDPOINT_UNREACHABLE: ").contains("\nfix: ").doesNotContain("\tat ")
                .doesNotContain("Exception:");
        assertThat(json.exit()).isEqualTo(ChannelPilot.EXIT_ERROR);
        assertThat(JSON.readTree(json.err()).at("/error/code").asText()).isEqualTo("ENDPOINT_UNREACHABLE");
        assertThat(JSON.readTree(json.err()).at("/error/remediation").asText()).contains("--endpoint-url");
    }

    @Test
    void shouldReadTheNamedProfileFromTheConfigFilesWhenProfileIsGiven() throws Exception {
        // GIVEN no keys in the environment, only a profile in temporary config/credentials files
        Map<String, String> env = new HashMap<>(world.functionEnvironment());
        env.remove("AWS_ACCESS_KEY_ID");
        env.remove("AWS_SECRET_ACCESS_KEY");
        env.remove("AWS_REGION");
        env.remove("AWS_DEFAULT_REGION");
        env.putAll(profileFiles());

        Result ok = runWith(env, true, "status", "--profile", "ops", "--output", "json");
        Result missing = runWith(env, true, "status", "--profile", "nobody");

        assertThat(ok.exit()).as(ok.all()).isZero();
        assertThat(ok.json().has("channels")).isTrue();
        assertThat(missing.exit()).isEqualTo(ChannelPilot.EXIT_ERROR);
        assertThat(missing.err()).startsWith("error: PROFILE_NOT_FOUND: profile 'nobody'").contains("aws configure --profile nobody");
    }

    @Test
    void shouldGenerateABashCompletionScriptThatCompletesCommandsAndOptions() throws Exception {
        Result script = runWith(Map.of(), false, "completion", "bash");
        assertThat(script.exit()).isZero();
        Path file = temp.resolve("channel-pilot-completion.bash");
        Files.writeString(file, script.out());

        String commands = complete(file, "channel-pilot", "");
        String redrive = complete(file, "channel-pilot redrive", "");
        String planOptions = complete(file, "channel-pilot plan", "--o");
        String outputs = complete(file, "channel-pilot status --output", "");

        assertThat(commands.split(" ")).contains("status", "plan", "reconcile", "redrive", "completion");
        assertThat(redrive.split(" ")).contains("start", "status", "cancel");
        assertThat(planOptions.split(" ")).contains("--output");
        assertThat(outputs.split(" ")).containsExactlyInAnyOrder("json", "table");
        assertThat(runWith(Map.of(), false, "completion", "zsh").out()).isEqualTo(script.out()).contains("bashcompinit");
    }

    /** Runs the generated completion function in a real bash for {@code line} + the word being typed. */
    private static String complete(Path script, String line, String current) throws Exception {
        String words = line + " " + current;
        String cmd = "source '" + script + "'; COMP_LINE='" + words + "'; COMP_WORDS=(" + words
                + (current.isEmpty() ? " ''" : "") + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMP_POINT=${#COMP_LINE}; "
                + "_complete_channel-pilot channel-pilot; echo \"${COMPREPLY[*]}\"";
        // stderr (compopt outside a real completion) is not part of the answer
        Process p = new ProcessBuilder("bash", "-c", cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    private Map<String, String> profileFiles() throws Exception {
        Path config = temp.resolve("config");
        Path credentials = temp.resolve("credentials");
        Files.writeString(config, "[profile ops]\nregion = us-east-1\n");
        Files.writeString(credentials, "[ops]\naws_access_key_id = AKIAOPSPROFILE000001\naws_secret_access_key = ops-secret\n");
        return Map.of("AWS_CONFIG_FILE", config.toString(), "AWS_SHARED_CREDENTIALS_FILE", credentials.toString(),
                "HOME", temp.toString());
    }

    private static void collect(CommandLine cl, List<String> prefix, List<String> out) {
        out.add(String.join(" ", prefix));
        for (Map.Entry<String, CommandLine> sub : cl.getSubcommands().entrySet()) {
            List<String> next = new ArrayList<>(prefix);
            next.add(sub.getKey());
            collect(sub.getValue(), next, out);
        }
    }

    private static JsonNode find(JsonNode rows, String field, String value) {
        for (JsonNode r : rows) {
            if (r.path(field).asText().equals(value)) {
                return r;
            }
        }
        throw new AssertionError("no row with " + field + "=" + value + " in " + rows);
    }

    private static void tag(String cluster, Map<String, String> tags) {
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), world.file().region())) {
            kafka.tagResource(r -> r.resourceArn(world.services().msk().clusterArnOf(cluster).orElseThrow()).tags(tags));
        }
    }

    private static void untag(String cluster, String... keys) {
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), world.file().region())) {
            kafka.untagResource(r -> r.resourceArn(world.services().msk().clusterArnOf(cluster).orElseThrow()).tagKeys(keys));
        }
    }

    static Path root() {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.exists(p.resolve("template.yaml"))) {
            p = p.getParent();
        }
        return p;
    }
}
