package io.channelpilot.plan;

import static io.channelpilot.plan.PlanFixtures.ORDERS_RULE;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The intent is the ASL's {@code $.intent}: it must survive JSON between Lambdas with the names the ASL reads. */
class IntentJsonTest {

    private static final ObjectMapper STRICT = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    @Test
    void shouldRoundTripApprovedReplacementWhenSerialised() throws Exception {
        // given an approved replacement (the widest intent: desired, existing, replaces, tags)
        String newRule = ORDERS_RULE.replace("event_time", "created_at");
        var physical = ReplacementSpecs.replacement(PlanFixtures.spec("orders", newRule), PlanFixtures.stack());
        Intent intent = PlanFixtures.plan(PlanFixtures.state(PlanFixtures.rules("orders", newRule + " approve="
                + physical.fingerprint().substring(0, 8)), PlanFixtures.topics("orders"),
                List.of(PlanFixtures.ours(PlanFixtures.spec("orders", ORDERS_RULE), "ACTIVE", 600)))).intents().get(0);

        // when
        String json = STRICT.writeValueAsString(intent);
        Intent back = STRICT.readValue(json, Intent.class);

        // then
        assertThat(back).isEqualTo(intent);
        JsonNode tree = STRICT.readTree(json);
        assertThat(tree.path("plan").asText()).isEqualTo("REPLACE_NEEDS_APPROVAL");
        assertThat(tree.path("approved").isBoolean()).isTrue();
        assertThat(tree.path("replaces").path("channelName").asText()).isEqualTo(intent.existing().channelName());
    }
}
