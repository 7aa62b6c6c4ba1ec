package io.channelpilot.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 13: {@code AWS_ENDPOINT_URL} (and {@code AWS_ENDPOINT_URL_<SERVICE>}) get the checks {@code --endpoint-url} gets —
 * an http(s) URL or a refusal naming the variable, a warning before a non-loopback one is used — and every
 * INVALID_ARGUMENT ends with exit 2 and no stack trace, wherever the command finds it.
 */
class CliEndpointVariablesTest {

    private static final Map<String, String> ENV = Map.of("AWS_REGION", "us-east-1", "AWS_ACCESS_KEY_ID", "test",
            "AWS_SECRET_ACCESS_KEY", "test", "CHANNEL_PILOT_STATUS_TABLE", "status");

    record Run(int exit, String out, String err) {
    }

    private static Run run(Map<String, String> extra, String... args) {
        Map<String, String> env = new HashMap<>(ENV);
        env.putAll(extra);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = ChannelPilot.run(args, env, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    @Test
    void shouldRefuseAnEndpointVariableThatIsNoHttpUrlNamingItWithExitTwo() {
        Map<String, String> cases = Map.of("AWS_ENDPOINT_URL", "file:///etc/passwd",
                "AWS_ENDPOINT_URL_DYNAMODB", "gopher://127.0.0.1:70/",
                "AWS_ENDPOINT_URL_SFN", "http://user:secret@127.0.0.1:9");
        cases.forEach((variable, value) -> {
            Run r = run(Map.of(variable, value), "status");
            assertThat(r.exit()).as(variable + ": " + r.err()).isEqualTo(ChannelPilot.EXIT_USAGE);
            assertThat(r.err()).as(variable).contains("error: INVALID_ARGUMENT: " + variable + ":")
                    .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("secret@");
            assertThat(r.out()).isEmpty();
        });
        Run option = run(Map.of(), "status", "--endpoint-url", "http://user:secret@127.0.0.1:9");
        assertThat(option.exit()).isEqualTo(ChannelPilot.EXIT_USAGE);
        assertThat(option.err()).contains("'--endpoint-url'").contains("***@127.0.0.1").doesNotContain("secret");
    }

    @Test
    void shouldLetTheOptionWinOverABadVariableItReplaces() {
        // --endpoint-url replaces AWS_ENDPOINT_URL: the variable is not used, so it is not judged (a closed port: exit 1)
        Run r = run(Map.of("AWS_ENDPOINT_URL", "file:///etc/passwd"), "status",
                "--endpoint-url", "http://127.0.0.1:9");
        assertThat(r.err()).doesNotContain("INVALID_ARGUMENT").contains("ENDPOINT_UNREACHABLE");
        assertThat(r.exit()).isEqualTo(ChannelPilot.EXIT_ERROR);
    }

    @Test
    void shouldWarnOnceBeforeUsingANonLoopbackEndpointVariable() {
        // the connection is resolved only (no client is built, nothing is dialled)
        StringWriter err = new StringWriter();
        Map<String, String> env = new HashMap<>(ENV);
        env.put("AWS_ENDPOINT_URL", "http://192.0.2.10:4566");
        CliContext ctx = new CliContext(env, new PrintWriter(new StringWriter()), new PrintWriter(err, true));
        AwsOptions options = new AwsOptions();
        ctx.connection(options);
        ctx.connection(options);
        assertThat(err.toString()).containsOnlyOnce("warning: AWS_ENDPOINT_URL http://192.0.2.10:4566 is not a loopback address");

        StringWriter quiet = new StringWriter();
        env.put("AWS_ENDPOINT_URL", "http://127.0.0.1:4566");
        new CliContext(env, new PrintWriter(new StringWriter()), new PrintWriter(quiet, true)).connection(options);
        assertThat(quiet.toString()).isEmpty();
    }
}
