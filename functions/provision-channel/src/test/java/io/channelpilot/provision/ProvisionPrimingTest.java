package io.channelpilot.provision;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.priming.Priming;
import io.channelpilot.priming.PrimingReport;
import io.channelpilot.priming.PrimingStep;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvisionPrimingTest {

    @Test
    void shouldPrimeJacksonAndEveryClientWithoutReachingAServiceWhenCheckpointed() throws Exception {
        // given
        Priming priming = ProvisionPriming.create(Map.of("AWS_REGION", "us-east-1"));

        // when
        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        // then
        PrimingReport report = priming.lastReport().orElseThrow();
        assertThat(report.function()).isEqualTo("provision-channel");
        assertThat(report.names()).containsExactly(
                "ProvisionRequest from events/provision-channel/create.json",
                "ProvisionResult to JSON",
                "kafka:ListChannels",
                "logs:DescribeLogGroups",
                "cloudwatch:DescribeAlarms",
                "lakeformation:GetDataLakeSettings",
                "s3tables:GetNamespace",
                "dynamodb:GetItem");
        assertThat(report.steps()).allSatisfy(step ->
                assertThat(step.outcome()).as(step.name() + ": " + step.detail()).isEqualTo(PrimingStep.Outcome.PRIMED));
        // every SDK request went through marshalling and signing and was stopped before a byte left the JVM
        assertThat(report.steps()).filteredOn(step -> step.name().contains(":")).hasSize(6)
                .allSatisfy(step -> assertThat(step.detail()).isEqualTo("marshalled and signed, stopped before transmission"));
        assertThat(priming.restores()).isEqualTo(1);
    }
}
