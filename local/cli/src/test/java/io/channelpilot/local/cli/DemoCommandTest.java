package io.channelpilot.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's first command: the demo runs the main job offline and checks every step itself (exit 0 = every
 * expectation held). Run in-process from the module directory, so the repository files are two levels up.
 */
class DemoCommandTest {

    private static final Path ROOT = Path.of("../..").toAbsolutePath().normalize();

    @Test
    void shouldRunTheMainJobOfflineAndExitZero() {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int exit;
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            exit = ChannelPilotLocal.execute("demo", "--world", ROOT.resolve("local/worlds/demo.json").toString(),
                    "--template", ROOT.resolve("template.yaml").toString());
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(out).isZero();
        assertThat(out).contains("DEMO OK", "→ ACTIVE", "REFUSED", "rows in sales.orders_created");
    }

    @Test
    void shouldExplainAMissingWorldFileWithExitTwo() {
        assertThat(ChannelPilotLocal.execute("demo", "--world", "no/such/world.json")).isEqualTo(2);
    }
}
