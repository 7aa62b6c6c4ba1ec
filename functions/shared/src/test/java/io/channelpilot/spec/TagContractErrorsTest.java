package io.channelpilot.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.TestSpecs;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every tag-contract error class: exact code, the tag and setting named, and a remediation that names the fix. */
class TagContractErrorsTest {

    private static final String DEFAULTS = "schema=sales-registry/orders partition=event_time";
    private final SpecResolver resolver = new SpecResolver(TestSpecs.stack());

    static Stream<Arguments> cases() {
        Map<String, String> many = new HashMap<>();
        for (int i = 0; i < 51; i++) {
            many.put("team/tag" + i, "x");
        }
        many.put("channel-pilot/orders", "topic=orders");
        return Stream.of(
                cluster("channel-pilot/or:ders", "topic=orders", SpecError.TAG_KEY_INVALID, "channel-pilot/or:ders", "", "letters, digits"),
                cluster("channel-pilot/" + "r".repeat(120), "topic=orders", SpecError.TAG_KEY_INVALID, "channel-pilot/" + "r".repeat(120), "", "Shorten the key"),
                cluster("channel-pilot/orders", "topic=orders owner=" + "o".repeat(129), SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "owner", "owner=team-payments"),
                cluster("channel-pilot/orders", "topic=orders " + "namespace=sales ".repeat(17), SpecError.TAG_VALUE_INVALID, "channel-pilot/orders", "", "Split the settings"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS), Map.of("channel-pilot/enabled", "true", "channel-pilot/repair", "drop@/a explode@/b"),
                        SpecError.REPAIR_RULE_INVALID, "channel-pilot/repair", "repair", "coerce@/ptr=integer"),
                cluster("channel-pilot/orders", "topic=orders repair=default:/a=1", SpecError.TAG_VALUE_INVALID, "channel-pilot/orders", "", "tag form"),
                Arguments.of(many, Map.of(), SpecError.TAG_LIMIT_EXCEEDED, "(cluster)", "", "prefix= selectors"),
                cluster("channel-pilot/orders", "topic=orders schema", SpecError.SETTING_MALFORMED, "channel-pilot/orders", "", "key=value"),
                cluster("channel-pilot/orders", "topic=orders scheme=a/b", SpecError.SETTING_UNKNOWN, "channel-pilot/orders", "scheme", "schema"),
                cluster("channel-pilot/orders", "topic=orders partition=a partition=b", SpecError.SETTING_DUPLICATE, "channel-pilot/orders", "partition", "Keep one partition="),
                cluster("channel-pilot/orders", "topic=orders format=avro", SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "format", "Flink"),
                cluster("channel-pilot/orders", "topic=orders compression=gzip", SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "compression", "compression=snappy"),
                cluster("channel-pilot/orders", "topic=orders redrive=always", SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "redrive", "redrive=manual"),
                cluster("channel-pilot/orders", "topic=orders paused=yes", SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "paused", "paused=true"),
                cluster("channel-pilot/orders", "topic=orders partition=event-time", SpecError.SETTING_VALUE_INVALID, "channel-pilot/orders", "partition", "partition=event_time"),
                cluster("channel-pilot/orders", "topic=orders freshness=300.5", SpecError.FRESHNESS_OUT_OF_RANGE, "channel-pilot/orders", "freshness", "between 300 and 900"),
                cluster("channel-pilot/orders", "topic=orders freshness=ten", SpecError.FRESHNESS_OUT_OF_RANGE, "channel-pilot/orders", "freshness", "freshness=<seconds>"),
                cluster("channel-pilot/orders", "topic=orders namespace=Sales-EU", SpecError.NAMESPACE_INVALID, "channel-pilot/orders", "namespace", "namespace=sales_eu"),
                cluster("channel-pilot/orders", "topic=orders namespace=aws_data", SpecError.NAMESPACE_INVALID, "channel-pilot/orders", "namespace", "namespace=ns_aws_data"),
                cluster("channel-pilot/orders", "topic=orders table=Orders.V1", SpecError.TABLE_INVALID, "channel-pilot/orders", "table", "table=orders_v1"),
                cluster("channel-pilot/orders", "topic=orders schema=orders", SpecError.SCHEMA_REF_INVALID, "channel-pilot/orders", "schema", "schema=<registry>/<schema>"),
                cluster("channel-pilot/orders", "topic=orders repair=explode@/a", SpecError.REPAIR_RULE_INVALID, "channel-pilot/orders", "repair", "drop@/ptr"),
                cluster("channel-pilot/orders", "topic=orders approve=XYZ", SpecError.APPROVE_INVALID, "channel-pilot/orders", "approve", "first 8 characters"),
                cluster("channel-pilot/orders", "namespace=sales", SpecError.SELECTOR_MISSING, "channel-pilot/orders", "topic/prefix", "topic=<name>"),
                cluster("channel-pilot/orders", "topic=orders prefix=ord", SpecError.SELECTOR_MULTIPLE, "channel-pilot/orders", "topic/prefix", "second rule tag"),
                cluster("channel-pilot/orders", "prefix=orders/", SpecError.SELECTOR_INVALID, "channel-pilot/orders", "prefix", "letters, digits"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS + " prefix=ord", "channel-pilot/orders", "topic=orders"), Map.of(),
                        SpecError.SELECTOR_NOT_ALLOWED, "channel-pilot/defaults", "prefix", "own rule tag"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS), Map.of("channel-pilot/enabled", "true", "channel-pilot/topic", "orders"),
                        SpecError.SELECTOR_NOT_ALLOWED, "channel-pilot/topic", "topic", "Remove"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS), Map.of("channel-pilot/enabled", "yes"),
                        SpecError.SETTING_VALUE_INVALID, "channel-pilot/enabled", "enabled", "channel-pilot/enabled=true"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS), Map.of("channel-pilot/enabled", "true", "channel-pilot/partiton", "x"),
                        SpecError.SETTING_UNKNOWN, "channel-pilot/partiton", "partiton", "partition"),
                Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS, "channel-pilot/a", "topic=orders freshness=300",
                                "channel-pilot/b", "topic=orders freshness=900"), Map.of(),
                        SpecError.RULE_CONFLICT, "channel-pilot/a | channel-pilot/b", "freshness", "more specific selector"),
                Arguments.of(Map.of("channel-pilot/orders", "topic=orders partition=event_time"), Map.of(),
                        SpecError.SETTING_REQUIRED, "channel-pilot/orders", "schema", "schema=<registry>/<schema>"));
    }

    private static Arguments cluster(String key, String value, SpecError code, String tag, String setting, String fix) {
        return Arguments.of(Map.of("channel-pilot/defaults", DEFAULTS, key, value), Map.of(), code, tag, setting, fix);
    }

    @ParameterizedTest(name = "{2} from {0}")
    @MethodSource("cases")
    void shouldReportTheTagSettingAndFixWhenTagsAreWrong(Map<String, String> clusterTags, Map<String, String> topicTags,
                                                         SpecError code, String tag, String setting, String fix) {
        // when
        Resolution resolution = resolver.resolve(TestSpecs.CLUSTER_ARN, clusterTags, "orders", topicTags);
        // then
        assertThat(resolution.specs()).isEmpty();
        assertThat(resolution.problems()).anySatisfy(p -> {
            assertThat(p.code()).isEqualTo(code);
            assertThat(p.tag()).isEqualTo(tag);
            assertThat(p.setting()).isEqualTo(setting);
            assertThat(p.message()).contains(tag.split(" \\| ")[0]);
            assertThat(p.remediation()).contains(fix);
        });
    }
}
