package io.channelpilot.local.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The launcher wires {@code sfn test} with the documented exit codes. */
class ChannelPilotLocalTest {

    @TempDir
    Path dir;

    private int sfnTest(String definition) throws Exception {
        Path def = Files.writeString(dir.resolve("m.asl.json"), definition);
        Path input = Files.writeString(dir.resolve("in.json"), "{}");
        return ChannelPilotLocal.execute("sfn", "test", "--definition", def.toString(), "--input", input.toString());
    }

    @Test
    void shouldExitZeroWhenTheExecutionSucceeds() throws Exception {
        assertThat(sfnTest("{\"StartAt\":\"A\",\"States\":{\"A\":{\"Type\":\"Succeed\"}}}")).isZero();
    }

    @Test
    void shouldExitOneWhenTheExecutionFails() throws Exception {
        assertThat(sfnTest("{\"StartAt\":\"A\",\"States\":{\"A\":{\"Type\":\"Fail\",\"Error\":\"E\"}}}")).isEqualTo(1);
    }

    @Test
    void shouldExitTwoOnADefinitionError() throws Exception {
        assertThat(sfnTest("{\"StartAt\":\"Missing\",\"States\":{\"A\":{\"Type\":\"Succeed\"}}}")).isEqualTo(2);
    }
}
