package io.channelpilot.local.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.exec.ExecutionDescription;
import io.channelpilot.local.sfn.exec.ExecutionStatus;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.task.lambda.HandlerFactory;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * End to end from template.yaml: substitutions, handlers bound by logical id (constructed with their template env),
 * Retry with FULL jitter driving a poll loop on the virtual clock, sns:publish to the embedder's integration.
 */
class LocalStepFunctionsTest {

    @Test
    void shouldRunTheTemplateStateMachineWithRealHandlersOnTheVirtualClock() {
        VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-01-01T00:00:00Z"));
        List<JsonNode> published = new ArrayList<>();
        LocalStepFunctions local = LocalStepFunctions.fromTemplate(SamTemplate.load(Fixtures.path("template.yaml")),
                new LocalStepFunctions.Setup(clock, clock, (service, action, params) -> {
                    published.add(params);
                    return Json.object().put("MessageId", "m-1");
                }, HandlerFactory.reflective(getClass().getClassLoader()), (bucket, prefix) -> List.of(),
                        "us-east-1", "123456789012", Runnable::run));

        String arn = local.service().start(local.stateMachineArns().get("ProvisionStateMachine"), "evt-1",
                Json.parse("{\"topics\":[\"orders.created\"]}")).executionArn();
        ExecutionDescription d = local.service().describe(arn);

        assertThat(d.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(d.statesVisited()).containsExactly("ResolveIntents", "EachIntent", "PollUntilActive", "Notify");
        assertThat(d.transitions()).isEqualTo(4 + 2);
        // two CREATING polls: FULL jitter draws from [0, 20 s) then [0, 30 s)
        assertThat(Duration.between(Instant.parse("2026-01-01T00:00:00Z"), clock.instant())).isLessThan(Duration.ofSeconds(50));
        assertThat(published).hasSize(1);
        assertThat(Json.parse(published.get(0).get("Message").asText())).isEqualTo(Json.parse(
                "[{\"channel\":\"ch-orders.created\",\"status\":\"ACTIVE\"}]"));
        assertThat(published.get(0).get("TopicArn").asText()).isEqualTo("arn:aws:sns:us-east-1:123456789012:NotificationsTopic");
        assertThat(d.output().get("intents").get(0)).isEqualTo(Json.parse(
                "{\"channel\":\"ch-orders.created\",\"freshness\":\"600\",\"mode\":\"relaxed\"}"));
    }
}
