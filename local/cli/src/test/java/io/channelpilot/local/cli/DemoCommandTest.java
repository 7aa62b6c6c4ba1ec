package io.channelpilot.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's first command: the demo runs the main job offline and checks every step itself (exit 0 = every
 * expectation held), including the on-call last act. Run in-process from the module directory, so the repository files
 * are two levels up.
 */
class DemoCommandTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

    @Test
    void shouldRunTheMainJobOfflineAndExitZero() {
        checkDemo(demo());
    }

    /**
     * The same demo with every invoke going to the functions' deployment zips under the real Lambda runtime client
     * (mvn package wrote them before this module's tests), SnapStart init as the published versions the template's
     * alias points at: the provision-channel and redrive-dlq state machines end to end in runtime mode, the functions
     * on the world's virtual clock through CHANNEL_PILOT_CLOCK_URL (the task id below is virtual time).
     */
    @Test
    void shouldRunTheMainJobWithEveryFunctionFromItsZipUnderTheRealRuntime(@org.junit.jupiter.api.io.TempDir Path work) throws Exception {
        checkDemo(demo("--lambda", "runtime", "--lambda-init", "snap-start", "--work-dir", work.toString()));
        for (String fn : java.util.List.of("ResolveIntentsFunction", "ValidateChannelFunction", "ProvisionChannelFunction",
                "PollChannelFunction", "NotifyFunction", "RespondToAlarmFunction", "RedriveControlFunction", "RedriveBatchFunction")) {
            try (var files = java.nio.file.Files.list(work.resolve("lambda").resolve(fn))) {
                assertThat(files.map(p -> p.getFileName().toString())).as(fn + " ran in its own JVM under the runtime")
                        .anyMatch(n -> n.matches(fn + "-snap-start-\\d+\\.out"));
            }
        }
    }

    private static String demo(String... extra) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("demo", "--world",
                ROOT.resolve("local/worlds/demo.json").toString(), "--template", ROOT.resolve("template.yaml").toString()));
        args.addAll(java.util.List.of(extra));
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = ChannelPilotLocal.execute(args.toArray(String[]::new));
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        return out;
    }

    private static void checkDemo(String out) {
        assertThat(out).contains("DEMO OK", "→ ACTIVE", "REFUSED", "rows in sales.orders_created");
        // act 4, on call: alarm → triage per cause → automatic redrive with the repair rules → rows land → resolved
        assertThat(out).containsPattern("-DLQDeliverySuccess → ALARM")
                .contains("EventBridge rule RespondToAlarmFunctionChannelAlarmStateChanges → RespondToAlarmFunction (invoked)")
                .contains("cause.MISSING_REQUIRED_FIELD: 5 at /amount", "cause.TYPE_MISMATCH: 5 at /amount",
                        "redrivePolicy: auto", "→ Follow the redrive: channel-pilot redrive status --task redrive-")
                .containsPattern("redrive-dlq execution \\S+ SUCCEEDED: Prepare → ShouldRedrive → RedriveObjects → Summarise")
                .containsPattern("\\n\\s+state\\s+SUCCEEDED\\n")
                .containsPattern("\\n\\s+recordsSeen\\s+10\\n")
                .containsPattern("\\n\\s+reproduced\\s+8\\n")
                .containsPattern("\\n\\s+parked\\s+2\\n")
                .contains("rows in sales.orders_created: 50 → 58")
                .containsPattern("-DLQDeliverySuccess → OK")
                .contains("notified commerce: Resolved: DeliveryToIceberg.DLQDeliverySuccess on orders.created");
        // the triage as it appears in chat (issue 15): the Chatbot custom notification, threaded per channel
        assertThat(out).contains("in chat (AWS Chatbot custom notification v1.0, thread channel-pilot-demo-orders.created.")
                .containsPattern("┃ :warning: DLQ triage: 10 dead-lettered record\\(s\\) on orders\\.created")
                .containsPattern("┃\\s+\\d\\. .*`channel-pilot redrive status --task redrive-");
        assertThat(out.lines().filter(l -> l.matches("\\s+orders\\.created/\\d+/\\d+: TYPE_MISMATCH"))).hasSize(2);
        // triage started the task on the world's virtual clock (2026-05-01 in demo.json), not the machine's
        java.util.regex.Matcher task = java.util.regex.Pattern.compile("redriveTask: redrive-(\\d+)-").matcher(out);
        assertThat(task.find()).isTrue();
        assertThat(java.time.Instant.ofEpochSecond(Long.parseLong(task.group(1))))
                .isBetween(java.time.Instant.parse("2026-05-01T10:00:00Z"), java.time.Instant.parse("2026-05-01T11:00:00Z"));
        // identifiers, counts and causes only: no record value reaches the timeline
        assertThat(out).doesNotContain(DemoCommand.NOT_A_NUMBER, "order_id", "\"amount\":");
    }

    @Test
    void shouldExplainAMissingWorldFileWithExitTwo() {
        assertThat(ChannelPilotLocal.execute("demo", "--world", "no/such/world.json")).isEqualTo(2);
    }
}
