package io.channelpilot.notification;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/runbook.md has a section per notification kind and per alarm (issue 15 §6), each with what it means, what was
 * done and what to run, and every notification's {@code runbook} field is a link that resolves to its section.
 */
class RunbookTest {

    private static final Path RUNBOOK = Path.of("../../docs/runbook.md");
    /** The recommended alarms provision-channel creates per channel (reference §7). */
    private static final List<String> ALARMS = List.of("DataFreshness", "FailedRowCount", "DLQDeliverySuccess");

    /** GitHub's heading anchors: lower case, punctuation other than '-' and '_' dropped, spaces as '-'. */
    static String anchor(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-');
    }

    static Set<String> anchors() throws IOException {
        Set<String> out = new LinkedHashSet<>();
        for (String line : Files.readAllLines(RUNBOOK)) {
            if (line.startsWith("## ")) {
                out.add(anchor(line.substring(3)));
            }
        }
        return out;
    }

    static String section(String anchor) throws IOException {
        String text = Files.readString(RUNBOOK);
        int at = -1;
        for (String heading : text.split("\n")) {
            if (heading.startsWith("## ") && anchor(heading.substring(3)).equals(anchor)) {
                at = text.indexOf(heading + "\n");
            }
        }
        assertThat(at).as("section #" + anchor).isNotNegative();
        int next = text.indexOf("\n## ", at + 3);
        return text.substring(at, next < 0 ? text.length() : next);
    }

    @ParameterizedTest
    @EnumSource(NotificationKind.class)
    void shouldHaveASectionWithMeaningDoneAndRunForEveryKind(NotificationKind kind) throws IOException {
        String link = kind.runbook();

        assertThat(link).startsWith(NotificationKind.RUNBOOK_DOCUMENT + "#");
        String section = section(link.substring(link.indexOf('#') + 1));
        assertThat(section).contains("**Means:**").contains("**Already done:**").contains("**Run:**");
    }

    @Test
    void shouldHaveASectionForEveryAlarmChannelPilotCreates() throws IOException {
        Set<String> anchors = anchors();
        for (String alarm : ALARMS) {
            assertThat(anchors).contains("alarm-" + alarm.toLowerCase(Locale.ROOT));
            assertThat(section("alarm-" + alarm.toLowerCase(Locale.ROOT))).contains("channel-pilot-<channel>-" + alarm);
        }
    }

    static Stream<String> samples() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../../events/notify"))) {
            // the item states of NotifyOutcome (refusals.json is NotifyRefusals' input, covered by NotifyHandlerTest)
            return files.filter(p -> !p.getFileName().toString().equals("refusals.json")).map(p -> p.getFileName().toString())
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void shouldLinkEveryRenderedNotificationToItsKindsSection(String sample) throws IOException {
        Notification n = OutcomeNotifications.from(OutcomeNotificationsTest.event(sample));

        assertThat(n.runbook()).isEqualTo(n.kind().runbook());
        assertThat(anchors()).contains(n.runbook().substring(n.runbook().indexOf('#') + 1));
        assertThat(NotificationRenderer.create().toEmail(n)).contains("Runbook: " + n.kind().runbook());
    }

    @Test
    void shouldResolveEveryLinkInsideTheRunbook() throws IOException {
        Set<String> anchors = anchors();
        Matcher m = Pattern.compile("\\]\\(#([^)]+)\\)").matcher(Files.readString(RUNBOOK));
        int links = 0;
        while (m.find()) {
            assertThat(anchors).as("link #" + m.group(1)).contains(m.group(1));
            links++;
        }
        assertThat(links).isPositive();
    }

    @ParameterizedTest
    @EnumSource(NotificationKind.class)
    void shouldLinkEveryKindUnderTheOperatorsRunbookBaseUrl(NotificationKind kind) throws IOException {
        String base = "https://git.example.com/ops/channel-pilot/-/blob/main";
        NotificationRenderer renderer = NotificationRenderer.fromEnvironment(
                java.util.Map.of(NotificationRenderer.RUNBOOK_BASE_VARIABLE, base), new com.fasterxml.jackson.databind.ObjectMapper());
        Notification n = new Notification(kind, NotificationSeverity.INFO, "t", "", "", "", "", "", java.util.Map.of(), List.of(), "",
                "c");

        String link = base + "/docs/runbook.md#" + kind.name().toLowerCase(Locale.ROOT);
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(renderer.toJson(n));
        var chat = new com.fasterxml.jackson.databind.ObjectMapper().readTree(renderer.toChat(n));
        assertThat(json.path("runbook").asText()).isEqualTo(link);
        assertThat(chat.at("/metadata/additionalContext/runbook").asText()).isEqualTo(link);
        assertThat(renderer.toEmail(n)).contains("Runbook: " + link);
        assertThat(anchors()).contains(link.substring(link.indexOf('#') + 1));
    }

    @Test
    void shouldDefaultToTheProjectsRepositoryAndRefuseARunbookBaseThatIsNotAUrl() throws IOException {
        String json = NotificationRenderer.fromEnvironment(java.util.Map.of(), new com.fasterxml.jackson.databind.ObjectMapper())
                .toJson(new Notification(NotificationKind.DLQ_TRIAGE, NotificationSeverity.INFO, "t", "", "", "", "", "",
                        java.util.Map.of(), List.of(), "", "c"));

        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json).path("runbook").asText())
                .isEqualTo(NotificationRenderer.DEFAULT_RUNBOOK_BASE_URL + "docs/runbook.md#dlq_triage");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> NotificationRenderer.runbookBase(
                java.util.Map.of(NotificationRenderer.RUNBOOK_BASE_VARIABLE, "docs/")))
                .hasMessageContaining(NotificationRenderer.RUNBOOK_BASE_VARIABLE);
    }
}
