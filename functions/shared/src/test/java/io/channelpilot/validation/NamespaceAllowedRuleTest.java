package io.channelpilot.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.model.StackSettings;
import io.channelpilot.model.TestSpecs;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 13, tenancy guardrail: the optional stack parameter NamespacePolicy ({@code CHANNEL_PILOT_NAMESPACE_POLICY})
 * decides which namespaces a cluster's rules may name. The spec here is cluster {@code demo}, namespace {@code sales}.
 */
class NamespaceAllowedRuleTest {

    private static ValidationReport validate(String policy) {
        Map<String, String> env = new HashMap<>(TestSpecs.env());
        env.put("CHANNEL_PILOT_NAMESPACE_POLICY", policy);
        StackSettings stack = StackSettings.from(env);
        FakeAws aws = new FakeAws();
        return ValidationEngine.standard().run(new ValidationContext(TestSpecs.orders(), stack, Set.of(),
                ValidationSettings.from(Map.of()), aws.gateways()));
    }

    @Test
    void shouldRefuseANamespaceTheClustersEntryDoesNotListAndNameTheAllowedOnes() {
        ValidationReport report = validate("*=streaming;demo=finance,web");

        assertThat(report.findings(RuleCode.NAMESPACE_ALLOWED)).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.FAIL);
            assertThat(f.severity()).isEqualTo(Severity.ERROR);
            assertThat(f.message()).contains("Cluster demo may not use namespace sales").contains("streaming, finance, web");
            assertThat(f.remediation()).contains("Set namespace=streaming");
        });
        assertThat(report.verdict()).isEqualTo(ValidationReport.Verdict.FAIL);
        assertThat(report.passed()).isFalse();
    }

    @Test
    void shouldRefuseEveryNamespaceToAClusterNoEntryMatches() {
        ValidationReport report = validate("orders-*=sales;billing-express=billing");

        assertThat(report.findings(RuleCode.NAMESPACE_ALLOWED)).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.FAIL);
            assertThat(f.message()).contains("allows it no namespace");
            assertThat(f.remediation()).contains("add an entry for demo");
        });
        assertThat(report.passed()).isFalse();
    }

    @Test
    void shouldAllowANamespaceListedForAPatternTheClusterMatchesAndEverythingWithoutAPolicy() {
        assertThat(validate("de*o=sales;other=x").findings(RuleCode.NAMESPACE_ALLOWED)).singleElement()
                .satisfies(f -> assertThat(f.status()).isEqualTo(Status.PASS));
        assertThat(validate("").findings(RuleCode.NAMESPACE_ALLOWED)).singleElement().satisfies(f -> {
            assertThat(f.status()).isEqualTo(Status.PASS);
            assertThat(f.message()).contains("No NamespacePolicy is set");
        });
    }
}
