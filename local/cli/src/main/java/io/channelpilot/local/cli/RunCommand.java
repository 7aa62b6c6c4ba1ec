package io.channelpilot.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.WorldReport;
import io.channelpilot.local.world.http.Json;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code run}: one deterministic run of a world — a scenario and/or events, records, a clock advance — then the JSON
 * report (docs/local-world.md "Report").
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run a scenario/events against a fresh world and write a deterministic JSON report.")
final class RunCommand implements Callable<Integer> {

    @Mixin
    WorldOptions worldOptions = new WorldOptions();

    @Option(names = "--scenario", description = "scenario file: ordered steps (event, call, produce, advance)")
    Path scenario;

    @Option(names = "--event", description = "event file to inject (repeatable; after the scenario)")
    List<Path> events = new ArrayList<>();

    @Option(names = "--produce", description = "records as JSON lines {cluster, topic, key, value, headers} (after the events)")
    Path produce;

    @Option(names = "--advance", description = "ISO-8601 duration to advance the virtual clock at the end (e.g. PT15M)")
    String advance;

    @Option(names = "--report", required = true, description = "where to write the JSON report (- for stdout)")
    String report;

    @Override
    public Integer call() throws Exception {
        Scenario steps = scenario == null ? null : Scenario.load(scenario);
        events.forEach(e -> WorldOptions.requireFile(e, "--event"));
        if (produce != null) {
            WorldOptions.requireFile(produce, "--produce");
        }
        List<String> errors = new ArrayList<>();
        // one branch at a time: the report (call order included) is the same for the same inputs
        try (LocalWorld world = worldOptions.start(LocalWorld.Options::withSequentialBranches)) {
            if (steps != null) {
                steps.run(world);
            }
            for (Path e : events) {
                world.publish(Scenario.readJson(e, "--event"));
                world.settle();
            }
            if (produce != null) {
                produceLines(world, produce);
                world.settle();
            }
            if (advance != null) {
                world.advance(Scenario.duration(advance, "--advance"));
            }
            ObjectNode out = WorldReport.of(world, errors);
            String json = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(out);
            if ("-".equals(report)) {
                System.out.println(json);
            } else {
                java.nio.file.Files.writeString(Path.of(report), json + "\n");
                System.err.println("report written to " + report);
            }
            return out.get("errors").isEmpty() ? 0 : 1;
        }
    }

    /** {@code --produce}: each line names its cluster and topic. */
    private static void produceLines(LocalWorld world, Path file) throws java.io.IOException {
        List<String> lines = java.nio.file.Files.readAllLines(file);
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            JsonNode line = Json.MAPPER.readTree(lines.get(n));
            if (!line.path("cluster").isTextual() || !line.path("topic").isTextual()) {
                throw new WorldOptions.UsageError("--produce " + file + " line " + (n + 1)
                        + ": needs \"cluster\" and \"topic\" strings");
            }
            Scenario.produceLine(world, line.get("cluster").asText(), line.get("topic").asText(), line);
        }
    }
}
