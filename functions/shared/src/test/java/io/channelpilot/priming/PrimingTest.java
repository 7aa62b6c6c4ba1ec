package io.channelpilot.priming;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sns.SnsClient;

class PrimingTest {

    private static final Map<String, String> ENV = Map.of("AWS_REGION", "eu-west-1");

    @Test
    void shouldStopTheSdkRequestAtTransmissionWhenPrimed() {
        // given
        Priming priming = Priming.forFunction("test", ENV)
                .sdk("sns:Publish", SnsClient::builder, c -> c.publish(r -> r.topicArn("arn:aws:sns:eu-west-1:123456789012:t").message("m")))
                .build();

        // when
        PrimingReport report = priming.prime();

        // then
        assertThat(report.steps()).singleElement().satisfies(step -> {
            assertThat(step.outcome()).isEqualTo(PrimingStep.Outcome.PRIMED);
            assertThat(step.detail()).isEqualTo("marshalled and signed, stopped before transmission");
        });
        assertThat(report.classesAfter()).isGreaterThanOrEqualTo(report.classesBefore());
    }

    @Test
    void shouldReportAFailingStepAndRunTheNextWhenAPathThrows() {
        // given
        Priming priming = Priming.forFunction("test", ENV)
                .json("broken", () -> {
                    throw new IllegalStateException("no sample");
                })
                .json("fine", () -> "ok")
                .build();

        // when
        PrimingReport report = priming.prime();

        // then
        assertThat(report.steps()).extracting(PrimingStep::outcome)
                .containsExactly(PrimingStep.Outcome.FAILED, PrimingStep.Outcome.PRIMED);
        assertThat(report.steps().get(0).detail()).isEqualTo("java.lang.IllegalStateException: no sample");
        assertThat(report.allPrimed()).isFalse();
    }

    @Test
    void shouldKeepTheReportAndCountRestoresWhenCheckpointedAndRestored() throws Exception {
        // given
        Priming priming = Priming.forFunction("test", ENV).json("fine", () -> "ok").build().register();

        // when
        priming.beforeCheckpoint(null);
        priming.afterRestore(null);

        // then
        assertThat(Priming.registered()).contains(priming);
        assertThat(priming.lastReport()).hasValueSatisfying(r -> assertThat(r.names()).containsExactly("fine"));
        assertThat(priming.restores()).isEqualTo(1);
    }

    @Test
    void shouldFailLoudlyWhenAPrimingResourceIsMissing() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Priming.resource("priming/none.json"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("priming resource priming/none.json is not on the classpath");
    }
}
