package io.channelpilot.resolve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.Home;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.store.InMemoryStatusStore;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One Powertools JSON log line per decision, with the keys operators filter on (style anchor 16). */
class DecisionLogTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void shouldWriteOneStructuredLineWithClusterTopicChannelPlanReasonWhenIntentDecided() throws Exception {
        // given
        FakeClusterReader cluster = new FakeClusterReader().rule("orders", ResolveIntentsHandlerTest.ORDERS_RULE).topic("orders.created");
        ResolveIntentsHandler handler = new ResolveIntentsHandler(ResolveWiring.of(new ResolveConfig(
                StackSettings.from(ResolveIntentsHandlerTest.ENV), "", Duration.ofHours(1), "ChannelPilotTest", Home.unknown(),
                FailureHistory.DEFAULT_LIMIT), cluster, new InMemoryStatusStore(Clock.systemUTC()), Clock.systemUTC()));
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream original = System.out;

        // when
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (InputStream event = Files.newInputStream(Path.of("../../events/resolve-intents/manual.json"))) {
            handler.handleRequest(event, new ByteArrayOutputStream(), new TestContext());
        } finally {
            System.setOut(original);
        }

        // then
        List<JsonNode> decisions = new ArrayList<>();
        for (String line : captured.toString(StandardCharsets.UTF_8).split("\n")) {
            if (line.startsWith("{") && line.contains("\"intent decided\"")) {
                decisions.add(JSON.readTree(line));
            }
        }
        assertThat(decisions).singleElement().satisfies(line -> {
            assertThat(line.path("level").asText()).isEqualTo("INFO");
            assertThat(line.path("cluster").asText()).isEqualTo(ResolveIntentsHandlerTest.CLUSTER);
            assertThat(line.path("topic").asText()).isEqualTo("orders.created");
            assertThat(line.path("channel").asText()).startsWith("orders.created");
            assertThat(line.path("plan").asText()).isEqualTo("CREATE");
            assertThat(line.path("reason").asText()).isEqualTo("CHANNEL_MISSING");
            assertThat(line.path("trigger").asText()).isEqualTo("manual-7f3a9c");
            assertThat(line.path("function_request_id").asText()).isEqualTo("req-1");
        });
    }
}
