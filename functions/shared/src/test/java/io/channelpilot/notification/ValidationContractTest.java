package io.channelpilot.notification;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.TestSpecs;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import io.channelpilot.model.Alternative;
import io.channelpilot.validation.Finding;
import io.channelpilot.validation.RuleCode;
import io.channelpilot.validation.Severity;
import io.channelpilot.validation.Status;
import io.channelpilot.validation.ValidationReport;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real ValidationReport, serialised as the Validate task returns it, read back by the notification mapping. */
class ValidationContractTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();
    private final ChannelSpec spec = TestSpecs.orders();

    private ItemState stateWith(ValidationReport report) {
        Intent intent = new Intent(spec.clusterArn(), spec.topic(), spec.channelName(), Plan.CREATE, "CHANNEL_MISSING", "",
                spec, spec.fingerprint(), null, false, null, "evt");
        ObjectNode root = MAPPER.createObjectNode().put("correlationId", "exec-1");
        root.set("intent", MAPPER.valueToTree(intent));
        root.set("validation", MAPPER.valueToTree(report));
        return ItemState.parse(root, MAPPER);
    }

    @Test
    void shouldListBlockingFindingsOfARealReportWithTheirAlternatives() {
        ValidationReport report = ValidationReport.of(spec.clusterArn(), spec.topic(), spec.channelName(), spec.fingerprint(), List.of(
                new Finding(RuleCode.CLUSTER_EXPRESS, Severity.ERROR, Status.FAIL, "standard brokers", "use Express",
                        List.of(Alternative.DATA_FIREHOSE_MSK_SOURCE, Alternative.MANAGED_SERVICE_FOR_APACHE_FLINK)),
                new Finding(RuleCode.DLQ_ACCESS_LOGGING, Severity.WARN, Status.FAIL, "no access logging", "enable it", List.of()),
                new Finding(RuleCode.FRESHNESS_RANGE, Severity.ERROR, Status.PASS, "ok", "", List.of())));

        Notification n = OutcomeNotifications.from(stateWith(report));

        assertThat(n.kind()).isEqualTo(NotificationKind.VALIDATION_REFUSED);
        assertThat(n.facts()).containsEntry("error.1", "CLUSTER_EXPRESS").containsEntry("errors", "1")
                .containsEntry("alternative.1", "DATA_FIREHOSE_MSK_SOURCE,MANAGED_SERVICE_FOR_APACHE_FLINK")
                .doesNotContainKey("error.2");
        assertThat(n.summary()).contains(Alternative.DATA_FIREHOSE_MSK_SOURCE.description());
    }

    @Test
    void shouldNameUncheckedRulesWhenReportIsIncomplete() {
        ValidationReport report = ValidationReport.of(spec.clusterArn(), spec.topic(), spec.channelName(), spec.fingerprint(), List.of(
                new Finding(RuleCode.ROLE_PERMISSIONS, Severity.ERROR, Status.UNKNOWN, "iam SimulatePrincipalPolicy was denied",
                        "Grant iam:SimulatePrincipalPolicy to the validate-channel function's role", List.of())));

        ItemState state = stateWith(report);
        Notification n = OutcomeNotifications.from(state);

        assertThat(state.validation().passed()).isFalse();
        assertThat(n.title()).endsWith("refused: ROLE_PERMISSIONS");
        assertThat(n.facts()).containsEntry("unchecked.1", "ROLE_PERMISSIONS").containsEntry("errors", "0");
        assertThat(n.actions().get(0).label()).isEqualTo(
                "ROLE_PERMISSIONS (not checked): Grant iam:SimulatePrincipalPolicy to the validate-channel function's role");
    }
}
