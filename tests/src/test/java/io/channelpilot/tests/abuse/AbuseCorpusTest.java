package io.channelpilot.tests.abuse;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.local.world.http.ApiCallLog;
import io.channelpilot.model.SafeText;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 8 item 4 / DESIGN §10 Reliability: "a corpus of malformed events/tags/schemas/DLQ objects → specific errors,
 * nothing created". The corpus is data ({@code tests/src/test/resources/abuse/}, manifest {@code expected.tsv}); each
 * case must yield its exact code, the error must name the field, echo at most a bounded amount of the input, and a case
 * run against the shared local world must not change any mutating API call count (Create*, Put*, Tag*, Start*,
 * Publish…, DynamoDB writes included: a malformed input is refused before the function writes anything, and no handler
 * sends an error notification for it; the state machine's Catch does that for the task errors).
 */
class AbuseCorpusTest {

    private static final Path DIR = Repo.root().resolve("tests/src/test/resources/abuse");
    /** An error names the problem; it never reproduces a hostile input at length (1 MB inputs are in the corpus). */
    private static final int MAX_ERROR_TEXT = 4096;
    private static final Pattern MUTATING = Pattern.compile(
            ":(Create|Put|Tag|Untag|Start|Stop|Publish|Update|Delete|Copy|TransactWrite|BatchWrite|Send|Grant|Revoke|Associate).*");

    private static LocalWorld world;
    private static AbuseTargets targets;

    @BeforeAll
    static void start() {
        world = LocalWorld.start(LocalWorld.Options.of(Repo.root().resolve("local/worlds/default.json"),
                Repo.root().resolve("template.yaml")).withoutBrokers());
        targets = new AbuseTargets(world);
        targets.recordProvisionedChannel();
    }

    @AfterAll
    static void stop() {
        world.close();
    }

    static Stream<AbuseCase> cases() {
        return AbuseCase.load(DIR).stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void shouldAnswerEveryMalformedInputWithItsCodeNamingTheFieldAndCreateNothing(AbuseCase c) throws IOException {
        // GIVEN the input (generated from its seed where the manifest says so) and the world's mutating calls so far
        byte[] input = c.bytes(DIR);
        Map<String, Long> before = mutatingCalls();

        // WHEN its target reads it
        AbuseOutcome outcome = targets.run(c, input, DIR);

        // THEN the exact code, naming the field, with a bounded echo free of control and bidi characters, and nothing
        // created: no mutating call on the world (every target: the pure ones must not reach it either), nothing the
        // target produced that would be acted on (specs, redrive entries, a startable world)
        assertThat(outcome.code()).as("code of %s (%s)", c.file(), outcome.text()).isEqualTo(c.code());
        assertThat(outcome.text()).as("the error names %s", c.field()).contains(c.field());
        assertThat(outcome.text().length()).as("error text size").isLessThanOrEqualTo(MAX_ERROR_TEXT);
        // the CLI's own output is lines (usage text); anything else must be one clean line
        String echoed = c.target().equals("redrive-cli") ? outcome.text().replace("\n", " ") : outcome.text();
        assertThat(SafeText.isSafe(echoed)).as("no control, bidi or invisible character echoed: %s", SafeText.of(echoed)).isTrue();
        assertThat(outcome.created()).as("what %s made of it", c.target()).isEmpty();
        assertThat(mutatingCalls()).as("mutating API calls").isEqualTo(before);
    }

    @Test
    void shouldKeepAtLeastAHundredCasesSpreadOverEveryCategoryWithNoOrphanFiles() throws IOException {
        // GIVEN the manifest and the files on disk
        List<AbuseCase> cases = AbuseCase.load(DIR);
        Set<String> listed = cases.stream().map(AbuseCase::file).collect(Collectors.toSet());
        Set<String> onDisk;
        try (Stream<Path> files = Files.walk(DIR)) {
            onDisk = files.filter(Files::isRegularFile).map(p -> DIR.relativize(p).toString().replace('\\', '/'))
                    .filter(f -> !f.equals("expected.tsv")).collect(Collectors.toSet());
        }

        // THEN every file is a case, every case a file, and each category and event target is covered
        assertThat(cases).hasSizeGreaterThanOrEqualTo(100);
        assertThat(listed).hasSize(cases.size()).isEqualTo(onDisk);
        Map<String, Long> perCategory = cases.stream().collect(Collectors.groupingBy(AbuseCase::category, TreeMap::new,
                Collectors.counting()));
        assertThat(perCategory.keySet()).containsExactly("dlq", "events", "schemas", "tags", "world");
        assertThat(perCategory.values()).allSatisfy(n -> assertThat(n).isGreaterThanOrEqualTo(10));
        assertThat(cases.stream().map(AbuseCase::target).distinct()).contains("resolve-intents", "respond-to-alarm",
                "validate-channel", "provision-channel", "poll-channel", "redrive-control", "redrive-batch", "reconcile",
                "redrive-cli");
    }

    private static Map<String, Long> mutatingCalls() {
        return world.server().calls().calls().stream().filter(c -> c.status() < 400)
                .map(ApiCallLog.Call::key).filter(k -> MUTATING.matcher(k).matches())
                .collect(Collectors.groupingBy(k -> k, TreeMap::new, Collectors.counting()));
    }
}
