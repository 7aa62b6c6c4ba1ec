package io.channelpilot.tests.oncall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.routing.EventRouter;
import io.channelpilot.local.sfn.routing.RouteTarget;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The template's alarm rule, matched with Event Ruler as deployed: our alarms reach respond-to-alarm, others nothing. */
class AlarmRoutingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static EventRouter router;

    @BeforeAll
    static void load() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"),
                Map.of("TableBucketArn", "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics",
                        "DlqBucketName", "channel-pilot-dlq"), "us-east-1", "123456789012");
        router = EventRouter.fromTemplate(template, "us-east-1", "123456789012");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dlq-delivery-alarm.json", "dlq-delivery-ok.json", "failed-rows-alarm.json",
            "failed-rows-ok.json", "data-freshness-alarm.json", "data-freshness-ok.json", "malformed-missing-dimensions.json"})
    void shouldRouteOurAlarmStateChangesToRespondToAlarmOnly(String file) throws IOException {
        assertThat(router.route(read(file))).extracting(RouteTarget::targetLogicalId).containsExactly("RespondToAlarmFunction");
    }

    @Test
    void shouldNotRouteOtherTeamsAlarms() throws IOException {
        assertThat(router.route(read("not-ours.json"))).isEmpty();
    }

    @Test
    void shouldNotRouteOurAlarmNameFromAnotherSource() throws IOException {
        ObjectNode event = (ObjectNode) read("dlq-delivery-alarm.json");
        event.put("source", "custom.cloudwatch");

        assertThat(router.route(event)).isEmpty();
    }

    private static JsonNode read(String file) throws IOException {
        return JSON.readTree(Repo.root().resolve("events/respond-to-alarm").resolve(file).toFile());
    }
}
