package io.channelpilot.local.sfn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.Fixtures;
import io.channelpilot.local.sfn.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code sfn test} run in-process. Mock config format: AWS developer guide, "Configuration file for mocked service
 * integrations" (https://docs.aws.amazon.com/step-functions/latest/dg/sfn-local-mock-cfg-file.html).
 */
class SfnTestCommandTest {

    private record Run(int exitCode, JsonNode result) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cli = new CommandLine(new SfnTestCommand());
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(new StringWriter()));
        int code = cli.execute(args);
        return new Run(code, Json.parse(out.toString()));
    }

    private static String[] template(String... more) {
        List<String> args = new ArrayList<>(List.of("--template", Fixtures.path("template.yaml").toString(),
                "--state-machine", "ProvisionStateMachine", "--input", Fixtures.path("input-two-topics.json").toString(),
                "--start-time", "2026-01-01T00:00:00Z"));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void shouldRunTheTemplateMachineWithMockedResponsesPerInvocationIndex() {
        Run run = run(template("--mock-config", Fixtures.path("mock-config.json").toString(), "--test-case", "HappyPath"));

        assertThat(run.exitCode()).isZero();
        assertThat(run.result().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(run.result().get("statesVisited")).isEqualTo(Json.parse(
                "[\"ResolveIntents\",\"EachIntent\",\"PollUntilActive\",\"PollUntilActive\",\"Notify\"]"));
        // 5 states entered + 1 retry of the first PollUntilActive (mocked Throw at invocation 0)
        assertThat(run.result().get("transitions").asInt()).isEqualTo(6);
        assertThat(run.result().at("/output/results")).isEqualTo(Json.parse(
                "[{\"channel\":\"ch-x\",\"status\":\"ACTIVE\"},{\"channel\":\"ch-x\",\"status\":\"ACTIVE\"}]"));
    }

    @Test
    void shouldExitOneWithTheMockedErrorWhenTheExecutionFails() {
        Run run = run(template("--mock-config", Fixtures.path("mock-config.json").toString(), "--test-case", "ChannelFailed"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.result().get("status").asText()).isEqualTo("FAILED");
        assertThat(run.result().get("error").asText()).isEqualTo("ChannelFailed");
        assertThat(run.result().get("cause").asText()).isEqualTo("stateInfo: S3_TABLE_NOT_FOUND");
    }

    @Test
    void shouldFailNamingTheStateWhenMockedInvocationsRunOut() {
        Run run = run(template("--mock-config", Fixtures.path("mock-config.json").toString(), "--test-case", "TooFewResponses"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.result().get("error").asText()).isEqualTo("States.Runtime");
        assertThat(run.result().get("cause").asText())
                .isEqualTo("Mocked response 'ActiveOnce' for state 'PollUntilActive' defines no invocation 1 (0-based)");
    }

    @Test
    void shouldEchoUnmockedStatesNextToMockedOnes() {
        Run run = run(template("--mock-config", Fixtures.path("mock-config.json").toString(), "--test-case",
                "NotifyUnmocked", "--echo-unmocked"));

        // Notify (sns:publish) is not in the test case: it returns its Parameters, and ResultPath null drops them
        assertThat(run.exitCode()).isZero();
        assertThat(run.result().get("statesVisited").get(4).asText()).isEqualTo("Notify");
    }

    @Test
    void shouldFailWhenEchoFeedsAMapSomethingThatIsNotAnArray() {
        // ResolveIntents echoes its input object; ItemsPath then selects an object: States.Runtime, as on AWS
        Run run = run(template("--echo-unmocked"));

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.result().get("error").asText()).isEqualTo("States.Runtime");
        assertThat(run.result().get("cause").asText()).contains("ItemsPath '$.intents' must select an array");
    }

    @Test
    void shouldRunRealHandlersBoundByLogicalIdWithRetriesOnTheVirtualClock() {
        Run run = run(template());

        // ResolveIntents and PollChannel run in-process; Notify (sns:publish) has no AWS here and fails clearly
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.result().get("statesVisited")).isEqualTo(Json.parse(
                "[\"ResolveIntents\",\"EachIntent\",\"PollUntilActive\",\"PollUntilActive\",\"Notify\"]"));
        assertThat(run.result().get("transitions").asInt()).isEqualTo(5 + 4);
        assertThat(run.result().get("error").asText()).isEqualTo("States.Runtime");
        assertThat(run.result().get("cause").asText()).contains("sns:publish").contains("--echo-unmocked");
    }

    @Test
    void shouldEchoTheEffectiveInputOfUnmockedTasks() {
        Path input = Fixtures.path("input-two-topics.json");
        Run run = run("--definition", Fixtures.path("echo.asl.json").toString(), "--echo-unmocked", "--input",
                write("{\"order\":{\"id\":\"o-1\",\"noise\":true}}"));

        assertThat(input).exists();
        assertThat(run.exitCode()).isZero();
        assertThat(run.result().get("output")).isEqualTo(Json.parse(
                "{\"order\":{\"id\":\"o-1\",\"noise\":true},\"put\":{\"TableName\":\"orders\",\"Item\":{\"pk\":{\"S\":\"o-1\"}}}}"));
        assertThat(run.result().get("statesVisited")).isEqualTo(Json.parse("[\"Shape\",\"Done\"]"));
        assertThat(run.result().get("transitions").asInt()).isEqualTo(2);
    }

    @Test
    void shouldExitTwoOnADefinitionError() {
        Run run = run("--definition", Fixtures.path("broken.asl.json").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.result().get("status").asText()).isEqualTo("DEFINITION_ERROR");
        assertThat(run.result().get("error").asText()).isEqualTo("DefinitionException");
        assertThat(run.result().get("cause").asText()).startsWith("State 'A', field 'Resource': the callback pattern");
    }

    @Test
    void shouldExitTwoOnAnUnknownTestCaseOrMissingOption(@TempDir Path dir) {
        Run unknown = run(template("--mock-config", Fixtures.path("mock-config.json").toString(), "--test-case", "Nope"));
        Run missing = run("--definition", Fixtures.path("echo.asl.json").toString(), "--test-case", "x");

        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.result().get("cause").asText()).contains("has no test case 'Nope'").contains("HappyPath");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.result().get("cause").asText()).isEqualTo("--mock-config and --test-case go together");
    }

    @Test
    void shouldTakeTemplateParameterValuesFromParameterOverrides(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("sm.json"),
                "{\"StartAt\":\"P\",\"States\":{\"P\":{\"Type\":\"Pass\",\"Result\":\"${Bucket}\",\"End\":true}}}");
        Files.writeString(dir.resolve("template.yaml"), """
            Parameters:
              DlqBucketName: {Type: String}
            Resources:
              M:
                Type: AWS::Serverless::StateMachine
                Properties:
                  DefinitionUri: sm.json
                  DefinitionSubstitutions: {Bucket: !Ref DlqBucketName}
            """);
        String template = dir.resolve("template.yaml").toString();

        Run missing = run("--template", template, "--state-machine", "M");
        Run given = run("--template", template, "--state-machine", "M", "--parameter-overrides", "DlqBucketName=my-dlq");

        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.result().get("cause").asText()).contains("--parameter-overrides DlqBucketName=...");
        assertThat(given.exitCode()).isZero();
        assertThat(given.result().get("output").asText()).isEqualTo("my-dlq");
    }

    private static String write(String json) {
        try {
            Path file = Files.createTempFile("sfn-input", ".json");
            Files.writeString(file, json);
            file.toFile().deleteOnExit();
            return file.toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
