package io.channelpilot.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Test
    void shouldRefuseAScenarioWithoutStepsWithExitTwo() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"stepz\": []}");

        assertThat(ChannelPilotLocal.execute("run", "--world", ROOT.resolve("local/worlds/demo.json").toString(),
                "--scenario", bad.toString(), "--report", dir.resolve("r.json").toString())).isEqualTo(2);
    }
}
