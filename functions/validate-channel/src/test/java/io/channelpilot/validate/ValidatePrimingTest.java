package io.channelpilot.validate;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.priming.Priming;
import io.channelpilot.priming.PrimingReport;
import io.channelpilot.priming.PrimingStep;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValidatePrimingTest {

    @Test
    void shouldPrimeJacksonAndEveryClientWithoutReachingAServiceWhenCheckpointed() throws Exception {
        // given
        Priming priming = ValidatePriming.create(Map.of("AWS_REGION", "us-east-1"));

        // when
        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        // then
        PrimingReport report = priming.lastReport().orElseThrow();
        assertThat(report.function()).isEqualTo("validate-channel");
        assertThat(report.names()).containsExactly(
                "ValidateCommand from events/validate-channel/valid.json",
                "ValidationReport to the result map",
                "kafka:DescribeClusterV2",
                "glue:GetSchemaVersion",
                "s3tables:GetTableBucket",
                "logs:DescribeLogGroups",
                "s3:GetBucketEncryption",
                "iam:GetRole",
                "servicequotas:ListServiceQuotas",
                "cloudwatch:DescribeAlarms");
        assertThat(report.steps()).allSatisfy(step ->
                assertThat(step.outcome()).as(step.name() + ": " + step.detail()).isEqualTo(PrimingStep.Outcome.PRIMED));
        // every SDK request went through marshalling and signing and was stopped before a byte left the JVM
        assertThat(report.steps()).filteredOn(step -> step.name().contains(":")).hasSize(8)
                .allSatisfy(step -> assertThat(step.detail()).isEqualTo("marshalled and signed, stopped before transmission"));
        assertThat(priming.restores()).isEqualTo(1);
    }
}
