package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RedrivePlanTest {

    private static TriageReport report(TriageReport.CauseCount... causes) {
        return new TriageReport(1, 10, 0, List.of(causes), Map.of(), List.of(), Optional.empty(), "k");
    }

    private static TriageReport.CauseCount cause(DlqCause cause, String... paths) {
        return new TriageReport.CauseCount(cause, 3, List.of("0:1"), List.of(paths));
    }

    @Test
    void shouldReplayMissingFieldsWhenEveryPathHasADefaultOrRename() {
        RedrivePlan plan = RedrivePlan.of(report(cause(DlqCause.MISSING_REQUIRED_FIELD, "/id", "/currency")),
                RedrivePolicy.AUTO, List.of(RepairRule.parse("default:/id=0"), RepairRule.parse("rename:/cur=/currency")));

        assertThat(plan.replayable()).containsExactly(DlqCause.MISSING_REQUIRED_FIELD);
        assertThat(plan.startsAutomatically()).isTrue();
    }

    @Test
    void shouldNotReplayWhenOnePathIsUncovered() {
        RedrivePlan plan = RedrivePlan.of(report(cause(DlqCause.MISSING_REQUIRED_FIELD, "/id", "/currency")),
                RedrivePolicy.AUTO, List.of(RepairRule.parse("default:/id=0")));

        assertThat(plan.replayable()).isEmpty();
        assertThat(plan.stuck()).containsExactly(DlqCause.MISSING_REQUIRED_FIELD);
        assertThat(plan.startsAutomatically()).isFalse();
    }

    @Test
    void shouldReplayTypeMismatchWithCoerceOrDropOfAnAncestorAndNestingWithDrop() {
        RedrivePlan plan = RedrivePlan.of(report(cause(DlqCause.TYPE_MISMATCH, "/amount", "/meta/x"),
                        cause(DlqCause.NESTING_TOO_DEEP, "/meta/deep/a")),
                RedrivePolicy.MANUAL, List.of(RepairRule.parse("coerce:/amount=number"), RepairRule.parse("drop:/meta")));

        assertThat(plan.replayable()).containsExactlyInAnyOrder(DlqCause.TYPE_MISMATCH, DlqCause.NESTING_TOO_DEEP);
        assertThat(plan.startsAutomatically()).isFalse();
    }

    @Test
    void shouldReplaySchemaResolutionButNeverMalformedOrUnknown() {
        RedrivePlan plan = RedrivePlan.of(report(cause(DlqCause.SCHEMA_RESOLUTION), cause(DlqCause.MALFORMED_JSON, "/x"),
                cause(DlqCause.UNKNOWN, "/x")), RedrivePolicy.AUTO, List.of(RepairRule.parse("drop:/x")));

        assertThat(plan.replayable()).containsExactly(DlqCause.SCHEMA_RESOLUTION);
        assertThat(plan.stuck()).containsExactlyInAnyOrder(DlqCause.MALFORMED_JSON, DlqCause.UNKNOWN);
    }

    @Test
    void shouldNotReplayACauseWithoutFieldPathsWhenItNeedsARepair() {
        RedrivePlan plan = RedrivePlan.of(report(cause(DlqCause.TYPE_MISMATCH)), RedrivePolicy.AUTO,
                List.of(RepairRule.parse("coerce:/amount=number")));

        assertThat(plan.replayable()).isEmpty();
    }
}
