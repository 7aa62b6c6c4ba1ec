package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.RepairRule;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Notifications print "the one command to run next" ({@link io.channelpilot.dlq.RedriveCommandLine}); the operator must
 * be able to paste it. The demo's on-call act found the triage's follow-the-redrive command rejected
 * ("--task, --channel are mutually exclusive"), so every printed form is parsed here by the real command tree.
 */
class NotificationCommandsTest {

    private static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-1";

    @Test
    void shouldParseTheFollowTheRedriveCommandWhenTriageStartedATask() {
        ParseResult status = parse(io.channelpilot.dlq.RedriveCommandLine.status("redrive-1-ab12"));

        ParseResult leaf = status.subcommand().subcommand();
        assertThat(leaf.commandSpec().name()).isEqualTo("status");
        assertThat(leaf.matchedOptionValue("--task", "")).isEqualTo("redrive-1-ab12");
    }

    @Test
    void shouldParseTheManualStartCommandWithQuotedRepairRulesWhenTriageLeavesTheRedriveToTheOperator() {
        String command = io.channelpilot.dlq.RedriveCommandLine.start(CLUSTER, "orders.created.orders_created-1",
                Set.of(DlqCause.TYPE_MISMATCH, DlqCause.MISSING_REQUIRED_FIELD),
                List.of(RepairRule.parse("default:/amount=0"), RepairRule.parse("default:/note=\"it's\"")), true);

        ParseResult leaf = parse(command).subcommand().subcommand();

        assertThat(leaf.commandSpec().name()).isEqualTo("start");
        assertThat(leaf.matchedOptionValue("--cluster", "")).isEqualTo(CLUSTER);
        assertThat(leaf.matchedOptionValue("--repair", List.of())).containsExactly("default:/amount=0", "default:/note=\"it's\"");
        assertThat(leaf.matchedOptionValue("--cause", List.of()))
                .containsExactly(DlqCause.MISSING_REQUIRED_FIELD, DlqCause.TYPE_MISMATCH);
        assertThat(leaf.hasMatchedOption("--dry-run")).isTrue();
    }

    private static ParseResult parse(String command) {
        List<String> words = shellWords(command);
        assertThat(words.get(0)).isEqualTo("channel-pilot");
        CommandLine cli = ChannelPilot.commandLine(new CliContext(Map.of(), new PrintWriter(new StringWriter())));
        return cli.parseArgs(words.subList(1, words.size()).toArray(String[]::new));
    }

    /** POSIX-shell word splitting for what the generator emits: blanks, single quotes, and the '\'' escape. */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean quoted = false;
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '\'') {
                    quoted = false;
                } else {
                    word.append(ch);
                }
            } else if (ch == '\'') {
                quoted = true;
                inWord = true;
            } else if (ch == '\\' && i + 1 < line.length()) {
                word.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(ch)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(ch);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return words;
    }
}
