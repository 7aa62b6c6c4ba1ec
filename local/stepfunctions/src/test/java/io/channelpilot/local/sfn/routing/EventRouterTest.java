package io.channelpilot.local.sfn.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.local.sfn.Fixtures;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.template.SamTemplate;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * EventBridge routing from the fixture template with real-shaped events. References: EventBridge "Event patterns"
 * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-event-patterns.html), "Input transformation", SAM
 * EventBridgeRule/Schedule event sources.
 */
class EventRouterTest {

    private final EventRouter router = EventRouter.fromTemplate(SamTemplate.load(Fixtures.path("template.yaml")),
            "us-east-1", "123456789012");

    private List<String> targets(String event) {
        return router.route(Fixtures.json("events/" + event)).stream().map(t -> t.ruleId() + "->" + t.targetLogicalId()).toList();
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "msk-create-topic-control-plane.json, MskTopicRule->ProvisionStateMachine",
        "msk-create-topic-data-plane.json, MskTopicRule->ProvisionStateMachine",
        "tag-change-cluster.json, ProvisionStateMachineTagChange->ProvisionStateMachine",
        "alarm-channel-freshness.json, RespondToAlarmFunctionChannelAlarm->RespondToAlarmFunction",
    })
    void shouldRouteMatchingEventsToTheirTargets(String event, String expected) {
        assertThat(targets(event)).containsExactly(expected);
    }

    @ParameterizedTest(name = "{0} routes nowhere")
    @CsvSource({
        "msk-describe-topic.json", "kafkaconnect-create-topic.json", "tag-change-unrelated-key.json", "tag-change-ec2.json",
        "alarm-channel-ok.json", "alarm-other-prefix.json", "alarm-without-channel-dimension.json",
    })
    void shouldNotRouteNonMatchingEvents(String event) {
        assertThat(targets(event)).isEmpty();
    }

    @Test
    void shouldApplyTheInputTransformerOfTheTarget() {
        RouteTarget target = router.route(Fixtures.json("events/msk-create-topic-data-plane.json")).get(0);

        assertThat(target.kind()).isEqualTo(RouteTarget.Kind.STATE_MACHINE);
        assertThat(target.input()).isEqualTo(Json.parse("""
            {"trigger":"cloudtrail","eventId":"7b8f9fec-c5a2-4d08-b0a2-cf4814578829",
             "action":"CreateTopic via kafka-cluster.amazonaws.com","rule":"MskTopicRule"}"""));
    }

    @Test
    void shouldApplyInputPathOfASamEvent() {
        RouteTarget target = router.route(Fixtures.json("events/tag-change-cluster.json")).get(0);

        assertThat(target.input().get("service").asText()).isEqualTo("kafka");
        assertThat(target.input().has("detail-type")).isFalse();
    }

    @Test
    void shouldFireScheduleRulesWithTheirConstantInput() {
        List<RouteTarget> fired = router.route(router.scheduledEvent("ReconcileFunctionSweep", Instant.parse("2026-01-01T00:15:00Z")));

        assertThat(fired).containsExactly(new RouteTarget("ReconcileFunctionSweep", "ReconcileFunction",
                RouteTarget.Kind.FUNCTION, Json.parse("{\"sweep\":true}")));
        assertThat(router.rules()).filteredOn(r -> r.id().equals("ReconcileFunctionSweep"))
                .extracting(EventRule::schedule).containsExactly("rate(15 minutes)");
    }

    @Test
    void shouldKeepDisabledRulesOutOfRouting() {
        assertThat(router.rules()).extracting(EventRule::id).contains("LegacyRule");
        assertThat(targets("msk-create-topic-control-plane.json")).noneMatch(t -> t.startsWith("LegacyRule"));
    }
}
