package io.channelpilot.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.TestSpecs;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Look-alike tag keys (issue 15): a coded hint with the right spelling, never a silent skip, never a block. */
class TagKeyHintsTest {

    @ParameterizedTest
    @CsvSource({
            "channel-pilot:orders, channel-pilot/orders",
            "channelpilot/orders, channel-pilot/orders",
            "Channel-Pilot/orders, channel-pilot/orders",
            "CHANNEL-PILOT/Defaults, channel-pilot/defaults",
            "channel_pilot/orders, channel-pilot/orders",
            "channel-pilot.orders, channel-pilot/orders",
            "chanel-pilot/orders, channel-pilot/orders",
            "channel-pliot/orders, channel-pilot/orders",
            "channel-pilots/orders, channel-pilot/orders",
            "channelpilotorders, channel-pilot/orders",
            "channel-pilot, channel-pilot/<rule-name>"})
    void shouldSuggestTheRightSpellingWhenAKeyOnlyLooksLikeOurs(String key, String expected) {
        assertThat(TagKeyHints.suggestion(key)).contains(expected);
        TagProblem hint = TagKeyHints.check(key).orElseThrow();
        assertThat(hint.code()).isEqualTo(SpecError.TAG_KEY_LOOKALIKE);
        assertThat(hint.tag()).isEqualTo(key);
        assertThat(hint.remediation()).contains("Rename the tag to '" + expected + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"channel-pilot/orders", "channel-pilot/defaults", "team", "owner", "aws:cloudformation:stack-name",
            "pilot/x", "channel/x", "kafka-pilot/x", "cost-center"})
    void shouldSayNothingWhenTheKeyIsOursOrUnrelated(String key) {
        assertThat(TagKeyHints.check(key)).isEmpty();
    }

    @Test
    void shouldNameTheColonWhenTheKeyUsesOne() {
        assertThat(TagKeyHints.check("channel-pilot:orders").orElseThrow().message()).contains("a colon, which MSK tag keys do not allow");
    }

    @Test
    void shouldCollectHintsWithoutBlockingTheValidRulesWhenParsingClusterTags() {
        ClusterRules rules = TagParser.parseCluster(Map.of(
                "channel-pilot/orders", "topic=orders schema=reg/orders partition=ts",
                "channelpilot/payments", "topic=payments schema=reg/payments partition=ts",
                "team", "commerce"));

        assertThat(rules.clusterProblems()).isEmpty();
        assertThat(rules.rules()).extracting(TagRule::tag).containsExactly("channel-pilot/orders");
        assertThat(rules.hints()).extracting(TagProblem::tag).containsExactly("channelpilot/payments");
        assertThat(new SpecResolver(TestSpecs.stack()).resolve(TestSpecs.CLUSTER_ARN, rules, "orders", java.util.Optional.empty())
                .specs()).hasSize(1);
    }
}
