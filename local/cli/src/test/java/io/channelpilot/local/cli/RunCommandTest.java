package io.channelpilot.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}: a scenario against a fresh world, then the deterministic JSON report. */
class RunCommandTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void shouldRunAScenarioAndReportChannelsRowsDlqAndApiCalls() throws Exception {
        Path report = dir.resolve("report.json");

        int exit = ChannelPilotLocal.execute("run", "--world", ROOT.resolve("local/worlds/demo.json").toString(),
                "--template", ROOT.resolve("template.yaml").toString(),
                "--scenario", ROOT.resolve("local/worlds/scenarios/tag-and-produce.json").toString(),
                "--report", report.toString());

        JsonNode r = new ObjectMapper().readTree(report.toFile());
        assertThat(exit).as(r.path("errors").toString()).isZero();
        assertThat(r.path("channels")).hasSize(2);
        r.path("channels").forEach(c -> assertThat(c.path("status").asText()).isEqualTo("ACTIVE"));
        assertThat(r.path("tables").findValuesAsText("name")).contains("orders_created");
        r.path("tables").forEach(t -> {
            if (t.path("name").asText().equals("orders_created")) {
                assertThat(t.path("rows").asLong()).isEqualTo(3);
            }
        });
        assertThat(r.at("/dlq/records").asLong()).isEqualTo(2);
        assertThat(r.at("/apiCalls/kafka:CreateChannel").asLong()).isEqualTo(2);
        assertThat(r.path("executions").get(0).path("statesVisited").toString()).contains("PollUntilActive");
        assertThat(r.path("notifications").findValuesAsText("kind")).contains("CHANNEL_ACTIVE");
    }

    /**
     * Issue 16.7: the report is deterministic as documented — two runs of the same scenario write the same bytes — and
     * carries the ordered call log with what each call asked and every execution's input and output.
     */
    @Test
    void shouldWriteByteIdenticalReportsForIdenticalRunsWithCallsAndExecutionOutputs() throws Exception {
        Path first = dir.resolve("first.json");
        Path second = dir.resolve("second.json");
        for (Path report : new Path[] {first, second}) {
            assertThat(ChannelPilotLocal.execute("run", "--world", ROOT.resolve("local/worlds/demo.json").toString(),
                    "--template", ROOT.resolve("template.yaml").toString(),
                    "--scenario", ROOT.resolve("local/worlds/scenarios/tag-and-produce.json").toString(),
                    "--advance", "PT20M", "--report", report.toString())).isZero();
        }

        assertThat(Files.readString(second)).isEqualTo(Files.readString(first));
        JsonNode r = new ObjectMapper().readTree(first.toFile());
        List<String> calls = new java.util.ArrayList<>();
        r.path("calls").forEach(c -> calls.add(c.path("call").asText()));
        assertThat(calls).hasSize(sum(r.path("apiCalls")));
        assertThat(calls.indexOf("logs:CreateLogGroup")).isNotNegative().isLessThan(calls.indexOf("kafka:CreateChannel"));
        JsonNode create = r.path("calls").get(calls.indexOf("kafka:CreateChannel"));
        assertThat(create.path("request").asText()).contains("\n{").contains("orders.");
        assertThat(r.path("executions")).allSatisfy(e -> assertThat(e.has("input")).isTrue());
        assertThat(r.path("executions").get(0).path("output").isObject()).as(r.path("executions").get(0).toString()).isTrue();
    }

    private static int sum(JsonNode counts) {
        int n = 0;
        for (JsonNode c : counts) {
            n += c.asInt();
        }
        return n;
    }

    @Test
    void shouldRefuseAScenarioWithoutStepsWithExitTwo() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"stepz\": []}");

        assertThat(ChannelPilotLocal.execute("run", "--world", ROOT.resolve("local/worlds/demo.json").toString(),
                "--scenario", bad.toString(), "--report", dir.resolve("r.json").toString())).isEqualTo(2);
    }

    /**
     * Issue 13: a call the emulated service refuses, a produce to a topic that is no Kafka name and a world file reading
     * outside its folder are refusals naming the step or field — exit 2, no stack trace.
     */
    @Test
    void shouldRefuseStepsTheServiceRefusesAndWorldFilesReadingOutsideTheirFolderWithExitTwo() throws Exception {
        Path refusedCall = Files.writeString(dir.resolve("refused-call.json"), "{\"steps\": [{\"call\": {\"service\": \"kafka\","
                + " \"operation\": \"TagResource\", \"cluster\": \"demo\", \"tags\": {\"aws:owner\": \"x\"}}}]}");
        Path badTopic = Files.writeString(dir.resolve("bad-topic.json"), "{\"steps\": [{\"advance\": \"PT1M\"},"
                + " {\"produce\": {\"cluster\": \"demo\", \"topic\": \"..\", \"records\": \"r.jsonl\"}}]}");
        Path world = Files.createDirectories(dir.resolve("w")).resolve("world.json");
        ObjectMapper json = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode w = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(ROOT.resolve("local/worlds/minimal.json").toFile());
        com.fasterxml.jackson.databind.node.ObjectNode schema = (com.fasterxml.jackson.databind.node.ObjectNode)
                w.at("/schemaRegistries/0/schemas/0");
        schema.remove("definition");
        schema.put("definitionFile", "../../../../../../etc/passwd");
        json.writeValue(world.toFile(), w);

        String refused = stderrOf(() -> assertThat(run(ROOT.resolve("local/worlds/demo.json"), refusedCall)).isEqualTo(2));
        assertThat(refused).contains("$.steps[0]").contains("kafka:TagResource was refused").contains("BadRequestException")
                .doesNotContain("\tat ");
        String topic = stderrOf(() -> assertThat(run(ROOT.resolve("local/worlds/demo.json"), badTopic)).isEqualTo(2));
        assertThat(topic).contains("$.steps[1].produce.topic").doesNotContain("\tat ");
        String escaped = stderrOf(() -> assertThat(run(world, refusedCall)).isEqualTo(2));
        assertThat(escaped).contains("definitionFile").contains("stay inside it").doesNotContain("root:").doesNotContain("\tat ");
    }

    /**
     * Issue 13: a scenario reads files inside its own folder only — an event file climbing out of it or a records file
     * given as an absolute path is refused naming the step, with a code, nothing read or echoed, exit 2.
     */
    @Test
    void shouldRefuseScenarioStepsNamingFilesOutsideTheScenariosFolder() throws Exception {
        Path scenarios = Files.createDirectories(dir.resolve("s"));
        Files.writeString(dir.resolve("outside.jsonl"), "{\"key\": \"k\", \"value\": \"SECRET-OUTSIDE\"}\n");
        Path climbing = Files.writeString(scenarios.resolve("climbing.json"), "{\"steps\": [{\"advance\": \"PT1M\"},"
                + " {\"event\": \"../../../../../../../../etc/passwd\"}]}");
        Path absolute = Files.writeString(scenarios.resolve("absolute.json"), "{\"steps\": [{\"produce\": {\"cluster\": \"demo\","
                + " \"topic\": \"orders.created\", \"records\": \"" + dir.resolve("outside.jsonl") + "\"}}]}");

        String climbed = stderrOf(() -> assertThat(run(ROOT.resolve("local/worlds/demo.json"), climbing)).isEqualTo(2));
        assertThat(climbed).contains("$.steps[1].event: " + Scenario.PATH_OUTSIDE_FOLDER).doesNotContain("root:")
                .doesNotContain("etc/passwd").doesNotContain("\tat ");
        String outside = stderrOf(() -> assertThat(run(ROOT.resolve("local/worlds/demo.json"), absolute)).isEqualTo(2));
        assertThat(outside).contains("$.steps[0].produce.records: " + Scenario.PATH_OUTSIDE_FOLDER)
                .doesNotContain("SECRET-OUTSIDE").doesNotContain("outside.jsonl").doesNotContain("\tat ");
    }

    private int run(Path world, Path scenario) {
        return ChannelPilotLocal.execute("run", "--world", world.toString(), "--template", ROOT.resolve("template.yaml").toString(),
                "--scenario", scenario.toString(), "--report", dir.resolve("r.json").toString());
    }

    private static String stderrOf(Runnable action) {
        java.io.PrintStream original = System.err;
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        return err.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
