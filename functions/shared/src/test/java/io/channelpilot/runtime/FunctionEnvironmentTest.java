package io.channelpilot.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FunctionEnvironmentTest {

    @Test
    void shouldChangeNothingWhenBothOverridesAreEmptyAsTheTemplateDeclaresThem() {
        Map<String, String> aws = Map.of("AWS_REGION", "eu-west-1", "CHANNEL_PILOT_ENDPOINT_URL", "", "CHANNEL_PILOT_CLOCK_URL", "");
        FunctionEnvironment fn = FunctionEnvironment.of(aws);
        assertThat(fn.variables()).isEqualTo(aws).doesNotContainKey("AWS_ENDPOINT_URL");
        assertThat(fn.time().clock()).isEqualTo(Clock.systemUTC());
    }

    @Test
    void shouldGiveTheClientFactoriesTheWorldsEndpointUnlessTheProcessAlreadyHasOne() {
        assertThat(FunctionEnvironment.of(Map.of("CHANNEL_PILOT_ENDPOINT_URL", "http://127.0.0.1:4566")).variables())
                .containsEntry("AWS_ENDPOINT_URL", "http://127.0.0.1:4566");
        assertThat(FunctionEnvironment.of(Map.of("CHANNEL_PILOT_ENDPOINT_URL", "http://127.0.0.1:4566",
                "AWS_ENDPOINT_URL", "http://127.0.0.1:9999")).variables()).containsEntry("AWS_ENDPOINT_URL", "http://127.0.0.1:9999");
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://10.0.0.5:8080/clock", "http://169.254.169.254/latest", "http://example.com/clock"})
    void shouldRefuseAClockThatIsNotLoopbackWithACode(String url) {
        assertThatThrownBy(() -> FunctionEnvironment.of(Map.of("CHANNEL_PILOT_CLOCK_URL", url)))
                .isInstanceOfSatisfying(LocalOverrideRefused.class, e -> assertThat(e.code()).isEqualTo(LocalOverrideRefused.Code.CLOCK_URL_NOT_LOOPBACK))
                .hasMessageStartingWith("CLOCK_URL_NOT_LOOPBACK: CHANNEL_PILOT_CLOCK_URL: names a host that is not loopback Remediation:")
                .hasMessageNotContaining(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"not a url", "ftp://127.0.0.1/x", "127.0.0.1:8080"})
    void shouldRefuseAClockThatIsNotAnHttpUrl(String url) {
        assertThatThrownBy(() -> FunctionEnvironment.of(Map.of("CHANNEL_PILOT_CLOCK_URL", url)))
                .isInstanceOfSatisfying(LocalOverrideRefused.class, e -> assertThat(e.code()).isEqualTo(LocalOverrideRefused.Code.OVERRIDE_URL_INVALID));
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.3.4.5", "localhost", "::1", "[::1]", "host.docker.internal"})
    void shouldAcceptLoopbackHosts(String host) {
        assertThat(FunctionEnvironment.isLoopback(host)).isTrue();
    }
}
