package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 13: every option value is checked before the command runs — bounded by the service limit it feeds, ASCII
 * digits only, names by their resources' rules, the endpoint an http(s) URL — and refused with exit 2 naming the
 * option. Nothing is called: the endpoint below is a closed loopback port, so any call would end in exit 1.
 */
class OptionValuesTest {

    private static final String CLOSED = "http://127.0.0.1:9";
    private static final Map<String, String> ENV = Map.of("AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "test",
            "AWS_SECRET_ACCESS_KEY", "test", "CHANNEL_PILOT_STATUS_TABLE", "status");

    record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ChannelPilot.run(args, ENV, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
            "--rate, 1000000000",
            "--rate, 100001/s",
            "--rate, ٣٠٠",
            "--rate, 0",
            "--max-concurrency, 10001",
            "--max-concurrency, ١٠",
            "--max-concurrency, -4",
            "--loop-limit, 101",
            "--loop-limit, 0",
            "--channel, ../orders",
            "--cluster, orders/../x",
    })
    void shouldRefuseAnOutOfBoundsOrNonAsciiValueNamingTheOption(String option, String value) {
        Run r = run("redrive", "start", "--endpoint-url", CLOSED, "--channel", "orders-0123456789", "--cluster",
                "orders-express", option, value);

        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("Invalid value for option '" + option + "'").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void shouldRefuseAnEndpointThatIsNoHttpUrlNamingTheOption() {
        for (String url : new String[] {"file:///etc/passwd", "ftp://127.0.0.1/", "http://", "127.0.0.1:4566", "http://u:p@127.0.0.1:1"}) {
            Run r = run("status", "--endpoint-url", url);
            assertThat(r.exit()).as(url + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).as(url).contains("Invalid value for option '--endpoint-url'");
        }
    }

    @Test
    void shouldWarnBeforeUsingANonLoopbackEndpoint() {
        // parsed only, never executed: the documentation address is not dialled even if a check regressed
        StringWriter err = new StringWriter();
        CliContext ctx = new CliContext(ENV, new PrintWriter(new StringWriter()));
        ChannelPilot.commandLine(ctx).setErr(new PrintWriter(err, true))
                .parseArgs("status", "--endpoint-url", "http://192.0.2.10:4566");
        assertThat(err.toString()).contains("warning: --endpoint-url http://192.0.2.10:4566 is not a loopback address");

        StringWriter quiet = new StringWriter();
        ChannelPilot.commandLine(ctx).setErr(new PrintWriter(quiet, true)).parseArgs("status", "--endpoint-url", CLOSED);
        assertThat(quiet.toString()).doesNotContain("warning");
    }

    @Test
    void shouldJudgeLoopbackFromTheLiteralWithoutAnyLookup() {
        assertThat(OptionValues.isLoopback("http://127.0.0.1:4566")).isTrue();
        assertThat(OptionValues.isLoopback("http://127.8.9.10:1")).isTrue();
        assertThat(OptionValues.isLoopback("http://localhost:4566")).isTrue();
        assertThat(OptionValues.isLoopback("http://[::1]:4566")).isTrue();
        assertThat(OptionValues.isLoopback("http://10.0.0.5:4566")).isFalse();
        assertThat(OptionValues.isLoopback("https://vpce-1.sqs.us-east-1.vpce.amazonaws.com")).isFalse();
    }

    @Test
    void shouldAcceptTheDocumentedMaximums() {
        CliContext ctx = new CliContext(ENV, new PrintWriter(new StringWriter()));
        var parsed = ChannelPilot.commandLine(ctx).parseArgs("redrive", "start", "--channel", "orders-0123456789", "--rate",
                "100000/s", "--max-concurrency", "10000", "--loop-limit", "100");
        RedriveCommand.Start start = (RedriveCommand.Start) parsed.subcommand().subcommand().commandSpec().userObject();
        assertThat(start.rate).isEqualTo(100_000);
        assertThat(start.maxConcurrency).isEqualTo(10_000);
        assertThat(start.loopLimit).isEqualTo(100);
    }
}
