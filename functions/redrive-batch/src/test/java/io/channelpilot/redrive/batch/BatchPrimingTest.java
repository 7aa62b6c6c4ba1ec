package io.channelpilot.redrive.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.priming.Priming;
import io.channelpilot.priming.PrimingReport;
import io.channelpilot.priming.PrimingStep;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BatchPrimingTest {

    @Test
    void shouldPrimeJacksonAndEveryClientWithoutReachingAServiceWhenCheckpointed() throws Exception {
        // given
        Priming priming = BatchPriming.create(Map.of("AWS_REGION", "us-east-1"));

        // when
        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        // then
        PrimingReport report = priming.lastReport().orElseThrow();
        assertThat(report.function()).isEqualTo("redrive-batch");
        assertThat(report.names()).containsExactly(
                "BatchInput from events/redrive-batch/batch.json",
                "BatchResult to JSON",
                "dynamodb:GetItem",
                "s3:ListObjectsV2",
                "kafka:GetBootstrapBrokers");
        assertThat(report.steps()).allSatisfy(step ->
                assertThat(step.outcome()).as(step.name() + ": " + step.detail()).isEqualTo(PrimingStep.Outcome.PRIMED));
        // every SDK request went through marshalling and signing and was stopped before a byte left the JVM
        assertThat(report.steps()).filteredOn(step -> step.name().contains(":")).hasSize(3)
                .allSatisfy(step -> assertThat(step.detail()).isEqualTo("marshalled and signed, stopped before transmission"));
        assertThat(priming.restores()).isEqualTo(1);
    }
}
