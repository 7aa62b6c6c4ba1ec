package io.channelpilot.tests;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.local.sfn.routing.EventRouter;
import io.channelpilot.local.sfn.routing.RouteTarget;
import io.channelpilot.local.sfn.template.SamTemplate;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every EventBridge rule of the real {@code template.yaml}, matched with Event Ruler exactly as deployed: the
 * real-shaped events under {@code events/} reach their targets, and look-alike events that must not trigger anything
 * route nowhere.
 */
class TemplateRoutingTest {

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
    @ValueSource(strings = {"cloudtrail-create-topic-control-plane.json", "cloudtrail-create-topic-data-plane.json",
            "cloudtrail-delete-topic.json", "cloudtrail-delete-topic-data-plane.json", "cloudtrail-tag-resource.json",
            "cloudtrail-untag-resource.json", "tag-change-removed-key.json"})
    void shouldRouteTopicAndTagEventsToTheProvisioningStateMachine(String file) throws IOException {
        List<RouteTarget> targets = router.route(read(Repo.root().resolve("events/resolve-intents").resolve(file)));

        assertThat(targets).extracting(RouteTarget::targetLogicalId).containsExactly("ProvisionChannelStateMachine");
        assertThat(targets.get(0).input().path("id").asText()).as("input unchanged: the whole event").isNotEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"cloudtrail-describe-channel.json", "tag-change-unrelated-key.json",
            "tag-change-other-service.json", "cloudtrail-ec2-create-tags.json"})
    void shouldIgnoreLookAlikeEvents(String file) throws IOException {
        assertThat(router.route(read(Repo.root().resolve("tests/src/test/resources/routing").resolve(file)))).isEmpty();
    }

    @Test
    void shouldHaveARuleForEveryTriggerInTheTemplate() {
        assertThat(router.rules()).isNotEmpty();
        router.rules().forEach(rule -> assertThat(rule.targets()).as(rule.id()).isNotEmpty());
    }

    private static JsonNode read(Path file) throws IOException {
        return JSON.readTree(file.toFile());
    }
}
