package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 13 item 3: the checks every boundary shares — topic names, ASCII numbers, echo-safe text, bounded keys. */
class BoundaryValuesTest {

    @ParameterizedTest
    @ValueSource(strings = {".", "..", "orders\u200b", "\u202eorders", "orders/x", "órders", "orders ", ""})
    void shouldRefuseWhatKafkaRefusesAsATopicName(String name) {
        assertThat(TopicNames.isValid(name)).as("'%s'", name).isFalse();
        assertThat(TopicNames.problem(name)).isPresent();
    }

    @Test
    void shouldAcceptKafkaTopicNamesUpTo249Characters() {
        assertThat(TopicNames.isValid("orders.created_v2-x")).isTrue();
        assertThat(TopicNames.isValid("...")).isTrue();
        assertThat(TopicNames.isValid("a".repeat(249))).isTrue();
        assertThat(TopicNames.isValid("a".repeat(250))).isFalse();
        assertThat(TopicNames.isValidPrefix("..")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"٣٠٠", "３００", "+300", "300 ", "3e2", "", "-", "99999999999999999999"})
    void shouldReadOnlyAsciiDigitsAsNumbers(String text) {
        assertThat(AsciiNumbers.parseInt(text)).as("'%s'", text).isEmpty();
    }

    @Test
    void shouldReadAsciiNumbers() {
        assertThat(AsciiNumbers.parseInt("300")).hasValue(300);
        assertThat(AsciiNumbers.parseInt("-1")).hasValue(-1);
        assertThat(AsciiNumbers.parseLong("604800000")).hasValue(604800000L);
        assertThat(AsciiNumbers.parseInt("2147483648")).isEmpty();
    }

    @Test
    void shouldEscapeControlBidiAndInvisibleCharactersAndCutLongText() {
        String hostile = "req-1\nFAKE LOG LINE\u202egnp.exe\u200b\u0000";
        String safe = SafeText.of(hostile);
        assertThat(safe).doesNotContain("\n", "\u202e", "\u200b", "\u0000")
                .contains("\\u{000A}", "\\u{202E}", "\\u{200B}", "\\u{0000}").startsWith("req-1");
        assertThat(SafeText.of("x".repeat(10_000))).hasSizeLessThan(600).contains("10000 characters, cut");
        assertThat(SafeText.of("orders.created é ü 日本")).isEqualTo("orders.created é ü 日本");
        assertThat(SafeText.isSafe("a\u2028b")).isFalse();
    }

    @Test
    void shouldHashLongOrUnsafeIdsIntoKeysThatFitDynamoDb() {
        String longId = "e".repeat(3000);
        String key = BoundedKeys.of(longId);
        assertThat(key).startsWith("sha256:").hasSize(71);
        assertThat(key.getBytes(StandardCharsets.UTF_8).length).isLessThan(1024);
        assertThat(BoundedKeys.of(longId)).isEqualTo(key);
        assertThat(BoundedKeys.of("e".repeat(2999))).isNotEqualTo(key);
        assertThat(BoundedKeys.of("id\nx")).startsWith("sha256:");
        assertThat(BoundedKeys.of("2b7e1516-28ae-d2a6-abf7-158809cf4f3c")).isEqualTo("2b7e1516-28ae-d2a6-abf7-158809cf4f3c");
        // a verbatim id can never collide with a hashed one
        assertThat(BoundedKeys.of(key)).isNotEqualTo(key);
    }

    /** Issue 13: the verbatim limit is in UTF-8 bytes, at the limit, one over, and with multi-byte characters. */
    @Test
    void shouldBoundKeysByUtf8BytesAtTheLimit() {
        String atLimit = "k".repeat(BoundedKeys.MAX_VERBATIM_BYTES);
        assertThat(BoundedKeys.of(atLimit)).isEqualTo(atLimit);
        assertThat(BoundedKeys.of(atLimit + "k")).startsWith("sha256:");
        String twoByte = "é".repeat(BoundedKeys.MAX_VERBATIM_BYTES / 2); // exactly the limit in bytes
        assertThat(BoundedKeys.of(twoByte)).isEqualTo(twoByte);
        String threeByte = "€".repeat(BoundedKeys.MAX_VERBATIM_BYTES / 3 + 1); // 171 characters, 513 bytes
        assertThat(BoundedKeys.of(threeByte)).startsWith("sha256:");
    }

    @Test
    void shouldLetAClusterUseOnlyTheNamespacesItsPatternsAllow() {
        NamespacePolicy policy = NamespacePolicy.parse("orders-*=sales,sales_eu; billing-express=billing");
        assertThat(policy.refusal("orders-express", "sales")).isEmpty();
        assertThat(policy.refusal("orders-express", "billing")).hasValue(List.of("sales", "sales_eu"));
        assertThat(policy.refusal("billing-express", "sales")).hasValue(List.of("billing"));
        assertThat(policy.refusal("clicks", "sales")).hasValue(List.of());
        assertThat(NamespacePolicy.parse("").refusal("anything", "any")).isEmpty();
        assertThatThrownBy(() -> NamespacePolicy.parse("orders-*")).hasMessageContaining("CHANNEL_PILOT_NAMESPACE_POLICY");
        assertThatThrownBy(() -> NamespacePolicy.parse("orders-*=Sales!")).hasMessageContaining("orders-*=Sales!");
    }

    @Test
    void shouldRefuseRepairRulesThatTouchThePartitionColumn() {
        assertThat(RepairRule.parse("default:/event_time=\"2026-01-01T00:00:00Z\"").touches("event_time")).isTrue();
        assertThat(RepairRule.parse("rename:/ts=/event_time").touches("event_time")).isTrue();
        assertThat(RepairRule.parse("rename:/event_time=/ts").touches("event_time")).isTrue();
        assertThat(RepairRule.parse("drop:/event_time").touches("event_time")).isTrue();
        assertThat(RepairRule.parse("coerce:/event_time/x=string").touches("event_time")).isTrue();
        assertThat(RepairRule.parse("drop:/event_time_raw").touches("event_time")).isFalse();
        assertThat(RepairRule.parse("default:/amount=0").touches("event_time")).isFalse();
    }
}
