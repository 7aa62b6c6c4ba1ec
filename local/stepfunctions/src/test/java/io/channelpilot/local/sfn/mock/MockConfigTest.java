package io.channelpilot.local.sfn.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.channelpilot.local.sfn.Fixtures;
import io.channelpilot.local.sfn.json.Json;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The Step Functions Local mock configuration format (AWS developer guide, sfn-local-mock-cfg-file). */
class MockConfigTest {

    @Test
    void shouldResolveResponsesByInvocationIndexAndRange() throws Exception {
        MockConfig config = MockConfig.parse(Files.readString(Fixtures.path("mock-config.json")));

        assertThat(config.testCase("ProvisionStateMachine", "HappyPath")).containsEntry("PollUntilActive", "CreatingThenActive");
        assertThat(config.response("CreatingThenActive", 0).orElseThrow().error())
                .isEqualTo("io.channelpilot.local.sfn.fixture.ChannelNotReady");
        assertThat(config.response("CreatingThenActive", 2).orElseThrow().returned().at("/Payload/status").asText()).isEqualTo("ACTIVE");
        assertThat(config.response("CreatingThenActive", 3)).isEmpty();
    }

    @Test
    void shouldRejectUndefinedResponsesOverlapsAndAmbiguousEntries() {
        assertThatThrownBy(() -> MockConfig.parse("""
            {"StateMachines":{"M":{"TestCases":{"T":{"S":"Missing"}}}},"MockedResponses":{}}"""))
                .hasMessage("test case T, state S: mocked response 'Missing' is not defined in MockedResponses");
        assertThatThrownBy(() -> MockConfig.parse("""
            {"StateMachines":{},"MockedResponses":{"R":{"0-2":{"Return":1},"2":{"Return":2}}}}"""))
                .hasMessage("MockedResponses.R: invocation ranges overlap at 2");
        assertThatThrownBy(() -> MockConfig.parse("""
            {"StateMachines":{},"MockedResponses":{"R":{"0":{"Return":1,"Throw":{"Error":"E"}}}}}"""))
                .hasMessage("MockedResponses.R.0: needs a valid range and exactly one of Return or Throw");
        assertThatThrownBy(() -> MockConfig.parse("""
            {"StateMachines":{},"MockedResponses":{"R":{"first":{"Return":1}}}}"""))
                .hasMessageContaining("must be an index (\"0\") or a range (\"1-2\")");
        assertThat(MockConfig.parse("{\"StateMachines\":{},\"MockedResponses\":{\"R\":{\"0\":{\"Return\":null}}}}")
                .response("R", 0).orElseThrow().returned()).isEqualTo(Json.NODES.nullNode());
    }
}
