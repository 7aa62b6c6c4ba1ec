package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.sfn.asl.StateMachineDef;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.local.sfn.template.StateMachineResource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every state machine of the product is valid ASL (npm asl-validator), loads in the local runner, and is fully substituted. */
class StateMachineDefinitionsTest {

    private static final Pattern SUBSTITUTION = Pattern.compile("\\$\\{([A-Za-z0-9_]+)}");

    @Test
    void shouldPassAslValidatorForEveryDefinition() throws Exception {
        Path root = Repo.root();
        Process p = new ProcessBuilder("bash", root.resolve("build-tools/validate-asl.sh").toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("asl-validator output:%n%s", output).isZero();
        try (Stream<Path> files = Files.list(root.resolve("statemachine"))) {
            long definitions = files.filter(f -> f.toString().endsWith(".asl.json")).count();
            assertThat(output.lines().filter(l -> l.contains("is valid")).count()).isEqualTo(definitions);
        }
    }

    @Test
    void shouldDefineEverySubstitutionTheDefinitionUses() throws IOException {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        List<StateMachineResource> machines = template.stateMachines();
        assertThat(machines).isNotEmpty();
        for (StateMachineResource sm : machines) {
            String raw = Files.readString(Repo.root().resolve(sm.definitionUri()));
            Set<String> used = new TreeSet<>();
            Matcher m = SUBSTITUTION.matcher(raw);
            while (m.find()) {
                used.add(m.group(1));
            }
            assertThat(sm.substitutions().keySet()).as(sm.logicalId()).containsAll(used);
            assertThat(sm.definition()).as(sm.logicalId() + " after substitution").doesNotContain("${");
        }
    }

    @Test
    void shouldLoadEveryDefinitionInTheLocalRunner() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"));
        for (StateMachineResource sm : template.stateMachines()) {
            assertThat(StateMachineDef.parse(sm.definition())).as(sm.logicalId()).isNotNull();
        }
    }

    /**
     * An input that breaks a task's contract ({@code InvalidTaskInput}) fails the same way on every attempt, so a Retry
     * that catches every error ({@code States.ALL}, {@code States.TaskFailed}) must first name it with MaxAttempts 0:
     * the first matching retrier applies, and 0 means never retried.
     */
    @Test
    void shouldNeverRetryAnInputContractErrorWhereARetryCatchesEveryError() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<String> broadRetries = new ArrayList<>();
        try (Stream<Path> files = Files.list(Repo.root().resolve("statemachine"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".asl.json")).toList()) {
                for (JsonNode retry : json.readTree(file.toFile()).findValues("Retry")) {
                    boolean contractErrorStopped = false;
                    for (JsonNode retrier : retry) {
                        List<String> errors = new ArrayList<>();
                        retrier.path("ErrorEquals").forEach(e -> errors.add(e.asText()));
                        if (errors.contains("io.channelpilot.workflow.InvalidTaskInput")
                                && retrier.path("MaxAttempts").asInt(3) == 0) {
                            contractErrorStopped = true;
                        }
                        if (errors.contains("States.ALL") || errors.contains("States.TaskFailed")) {
                            broadRetries.add(file.getFileName() + ": " + errors);
                            assertThat(contractErrorStopped).as("%s: a retrier before %s must stop InvalidTaskInput "
                                    + "(MaxAttempts 0)", file.getFileName(), errors).isTrue();
                        }
                    }
                }
            }
        }
        assertThat(broadRetries).as("the product has broad retries to guard").isNotEmpty();
    }
}
