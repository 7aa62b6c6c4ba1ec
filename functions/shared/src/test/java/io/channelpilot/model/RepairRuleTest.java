package io.channelpilot.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RepairRuleTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "default:/currency=\"EUR\"     | default@/currency=EUR",
        "default:/amount=0             | default@/amount=0",
        "default:/flag=\"true\"        | default@/flag=b64.InRydWUi",
        "default:/meta={\"a\":1}       | default@/meta=b64.eyJhIjoxfQ",
        "coerce:/qty=integer           | coerce@/qty=integer",
        "rename:/ts=/event_time        | rename@/ts=/event_time",
        "drop:/debug                   | drop@/debug",
        "drop:/a~1b                    | drop@b64.L2F+MWI"})
    void shouldRoundTripBetweenCanonicalAndTagForm(String canonical, String tagForm) {
        RepairRule rule = RepairRule.parse(canonical);
        assertThat(rule.tagForm()).isEqualTo(tagForm);
        assertThat(RepairRule.fromTagForm(tagForm)).isEqualTo(rule);
        assertThat(rule.canonical()).isEqualTo(canonical);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "explode:/a", "drop:/a=1", "default:/a", "default:/a=not json", "coerce:/a=date",
        "rename:/a=/a", "drop:a"})
    void shouldRejectMalformedRulesWithAReason(String text) {
        assertThatThrownBy(() -> RepairRule.parse(text)).isInstanceOf(IllegalArgumentException.class).hasMessageNotContaining("null");
    }

    @ParameterizedTest
    @ValueSource(strings = {"default@/a=b64.!!!", "default:/a=1", "coerce@/a"})
    void shouldRejectMalformedTagForms(String text) {
        assertThatThrownBy(() -> RepairRule.fromTagForm(text)).isInstanceOf(IllegalArgumentException.class);
    }
}
