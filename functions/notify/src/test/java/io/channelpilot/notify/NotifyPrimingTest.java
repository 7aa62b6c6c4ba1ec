package io.channelpilot.notify;

import io.channelpilot.notification.ItemState;
import static org.assertj.core.api.Assertions.assertThat;

import io.channelpilot.priming.Priming;
import io.channelpilot.priming.PrimingReport;
import io.channelpilot.priming.PrimingStep;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NotifyPrimingTest {

    @Test
    void shouldPrimeJacksonAndEveryClientWithoutReachingAServiceWhenCheckpointed() throws Exception {
        // given
        Priming priming = NotifyPriming.create(Map.of("AWS_REGION", "us-east-1"));

        // when
        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        // then
        PrimingReport report = priming.lastReport().orElseThrow();
        assertThat(report.function()).isEqualTo("notify");
        assertThat(report.names()).containsExactly(
                "ItemState from events/notify/channel-active.json",
                "NotifyResult to JSON",
                "sns:Publish",
                "dynamodb:GetItem");
        assertThat(report.steps()).allSatisfy(step ->
                assertThat(step.outcome()).as(step.name() + ": " + step.detail()).isEqualTo(PrimingStep.Outcome.PRIMED));
        // every SDK request went through marshalling and signing and was stopped before a byte left the JVM
        assertThat(report.steps()).filteredOn(step -> step.name().contains(":")).hasSize(2)
                .allSatisfy(step -> assertThat(step.detail()).isEqualTo("marshalled and signed, stopped before transmission"));
        assertThat(priming.restores()).isEqualTo(1);
    }
}
