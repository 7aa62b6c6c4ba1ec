package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.runtime.FunctionEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment wiring the Lambda runtime and the local world use (clients built once, loopback only here). */
class ResolveIntentsHandlerWiringTest {

    @Test
    void shouldBuildFromEnvironmentAndRejectBadInputWithoutCallingAwsWhenWired() throws Exception {
        // given an environment whose endpoints point at a closed loopback port: any AWS call would fail loudly
        Map<String, String> env = new HashMap<>(ResolveIntentsHandlerTest.ENV);
        env.putAll(Map.of("CHANNEL_PILOT_STATUS_TABLE", "status", "AWS_REGION", "us-east-1", "AWS_ENDPOINT_URL", "http://127.0.0.1:9",
                "AWS_ACCESS_KEY_ID", "test", "AWS_SECRET_ACCESS_KEY", "test"));
        RequestStreamHandler handler = (RequestStreamHandler) new ResolveIntentsEntry().create(FunctionEnvironment.of(env));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        // when
        handler.handleRequest(new ByteArrayInputStream("{\"source\":\"aws.ec2\"}".getBytes(StandardCharsets.UTF_8)), out, new TestContext());

        // then
        JsonNode result = new ObjectMapper().readTree(out.toByteArray());
        assertThat(result.path("errors").get(0).path("code").asText()).isEqualTo("TRIGGER_SOURCE_UNKNOWN");
    }

    @Test
    void shouldNameVariableWhenStatusTableIsNotConfigured() {
        Map<String, String> env = new HashMap<>(ResolveIntentsHandlerTest.ENV);
        env.put("AWS_REGION", "us-east-1");

        assertThatThrownBy(() -> new ResolveIntentsEntry().create(FunctionEnvironment.of(env))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("CHANNEL_PILOT_STATUS_TABLE");
    }
}
