package io.channelpilot.validation;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.gateway.AwsErrorKind;
import io.channelpilot.gateway.GatewayFailure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When an INCOMPLETE report is worth running again (issue 8.3: throttling must not read as a refusal). */
class ValidationReportTest {

    private static ValidationReport report(Finding... findings) {
        return ValidationReport.of("arn", "orders", "orders-1", "fp", List.of(findings));
    }

    @Test
    void shouldMarkAnUnknownRetryableWhenItsLookupWasThrottledOrUnavailable() {
        Finding throttled = RuleCode.CLUSTER_EXPRESS.unknown(FakeAws.throttled("kafka", "DescribeClusterV2", "kafka:DescribeClusterV2"));
        Finding unavailable = RuleCode.CLUSTER_EXPRESS.unknown(new GatewayFailure(AwsErrorKind.UNAVAILABLE, "kafka",
                "DescribeClusterV2", "kafka:DescribeClusterV2", "InternalServerError", "HTTP 500"));
        Finding denied = RuleCode.CLUSTER_EXPRESS.unknown(FakeAws.denied("kafka", "DescribeClusterV2", "kafka:DescribeClusterV2"));

        assertThat(throttled.retryable()).isTrue();
        assertThat(unavailable.retryable()).isTrue();
        assertThat(denied.retryable()).isFalse();
        assertThat(RuleCode.CLUSTER_EXPRESS.unknown("derived", "see CLUSTER_EXPRESS").retryable()).isFalse();
    }

    @Test
    void shouldBeWorthRetryingWhenAnUncheckedErrorRuleWasThrottledEvenWithDependentUnknowns() {
        ValidationReport r = report(
                RuleCode.SCHEMA_EXISTS.unknown(FakeAws.throttled("glue", "GetSchemaVersion", "glue:GetSchemaVersion")),
                RuleCode.SCHEMA_DATA_FORMAT.unknown("Cannot check the data format", "see SCHEMA_EXISTS"));

        assertThat(r.verdict()).isEqualTo(ValidationReport.Verdict.INCOMPLETE);
        assertThat(r.incompleteForTransientFailures()).isTrue();
    }

    @Test
    void shouldBeFinalWhenTheOnlyUncheckedRuleWasDeniedOrTheReportFailed() {
        Finding denied = RuleCode.CLUSTER_EXPRESS.unknown(FakeAws.denied("kafka", "DescribeClusterV2", "kafka:DescribeClusterV2"));
        Finding throttled = RuleCode.SCHEMA_EXISTS.unknown(FakeAws.throttled("glue", "GetSchemaVersion", "glue:GetSchemaVersion"));

        assertThat(report(denied).incompleteForTransientFailures()).isFalse();
        // a rule that FAILED is an answer: the refusal stands whatever could not be checked beside it
        assertThat(report(throttled, RuleCode.FRESHNESS_RANGE.fail("freshness 120", "use 300..900"))
                .incompleteForTransientFailures()).isFalse();
    }
}
