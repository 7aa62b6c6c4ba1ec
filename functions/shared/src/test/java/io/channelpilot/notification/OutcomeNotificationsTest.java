package io.channelpilot.notification;

import io.channelpilot.workflow.WorkflowJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Fingerprint;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.Operations;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.TestSpecs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OutcomeNotificationsTest {

    private static final ObjectMapper MAPPER = WorkflowJson.mapper();
    private static final String MARKER = "PAYLOAD-MARKER-7731";

    static ItemState event(String name) throws IOException {
        return ItemState.parse(MAPPER.readTree(Files.readString(Path.of("../../events/notify/" + name))), MAPPER);
    }

    @ParameterizedTest
    @CsvSource({
            "channel-active.json, CHANNEL_ACTIVE, INFO",
            "channel-updated.json, CHANNEL_UPDATED, INFO",
            "channel-deleted.json, CHANNEL_DELETED, INFO",
            "channel-replaced.json, CHANNEL_REPLACED, INFO",
            "channel-released.json, CHANNEL_RELEASED, INFO",
            "validation-refused.json, VALIDATION_REFUSED, WARNING",
            "approval-required.json, APPROVAL_REQUIRED, WARNING",
            "channel-failed.json, CHANNEL_FAILED, CRITICAL",
            "channel-timeout.json, CHANNEL_TIMEOUT, CRITICAL",
            "provisioning-error.json, PROVISIONING_ERROR, CRITICAL"})
    void shouldChooseKindAndSeverityWhenGivenEachOutcomeEvent(String file, NotificationKind kind, NotificationSeverity severity)
            throws IOException {
        // given
        ItemState state = event(file);
        // when
        Notification n = OutcomeNotifications.from(state);
        // then
        assertThat(n.kind()).isEqualTo(kind);
        assertThat(n.severity()).isEqualTo(severity);
        assertThat(n.correlationId()).isEqualTo(state.correlationId());
        assertThat(n.actions()).isNotEmpty();
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).startsWith("channel-pilot status --cluster "
                + state.intent().clusterArn()));
    }

    @Test
    void shouldDescribeTableLogGroupAlarmsAndNoBackfillWhenChannelActive() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-active.json"));

        assertThat(n.facts()).containsEntry("table", "sales.orders")
                .containsEntry("logGroup", "/aws/msk/channel-pilot/orders-94bb38de00")
                .containsEntry("freshnessSeconds", "600")
                .containsEntry("adopted", "false")
                .containsEntry("grants", "2");
        assertThat(n.facts().get("alarms")).contains("channel-pilot-orders-94bb38de00-DataFreshness",
                "channel-pilot-orders-94bb38de00-FailedRowCount", "channel-pilot-orders-94bb38de00-DLQDeliverySuccess");
        assertThat(n.summary()).contains("after the freshness interval (600 s)").contains("no backfill of earlier records");
        assertThat(n.owner()).isEqualTo("team-sales");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).startsWith("aws s3tables get-table --table-bucket-arn"));
    }

    /** A channel created on table generation 2 because the rule's table exists: the split, exact names, the view. */
    static ItemState movedToNewTable() throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(Path.of("../../events/notify/channel-active.json")));
        ObjectNode intent = (ObjectNode) root.get("intent");
        intent.put("reason", "NEW_TABLE_GENERATION").put("tableKey", "sales.orders");
        ((ObjectNode) intent.get("desired")).put("table", "orders_v2");
        return ItemState.parse(root, MAPPER);
    }

    @Test
    void shouldStateTheTableSplitWithExactTablesAndAUnionViewWhenTheChannelMovedToANewTable() throws IOException {
        Notification n = OutcomeNotifications.from(movedToNewTable());

        assertThat(n.kind()).isEqualTo(NotificationKind.CHANNEL_ACTIVE);
        assertThat(n.severity()).isEqualTo(NotificationSeverity.WARNING);
        assertThat(n.title()).contains("on NEW table sales.orders_v2 (table split)");
        assertThat(n.facts()).containsEntry("table", "sales.orders_v2").containsEntry("previousTables", "sales.orders");
        assertThat(n.facts().get("tableSplit")).contains("old table sales.orders kept with its rows")
                .contains("new table sales.orders_v2 starts empty").contains("no backfill");
        assertThat(n.summary()).contains("The old table sales.orders keeps every row already delivered")
                .contains("nothing is backfilled")
                .contains("CREATE OR REPLACE VIEW sales.orders_all AS SELECT * FROM sales.orders UNION ALL SELECT * FROM sales.orders_v2");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command())
                .isEqualTo("CREATE OR REPLACE VIEW sales.orders_all AS SELECT * FROM sales.orders UNION ALL SELECT * FROM sales.orders_v2"));
    }

    @Test
    void shouldNotMentionASplitWhenTheChannelKeptTheRulesTable() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-active.json"));

        assertThat(n.facts()).doesNotContainKeys("tableSplit", "previousTables");
        assertThat(n.severity()).isEqualTo(NotificationSeverity.INFO);
    }

    @Test
    void shouldSayAFailedChannelIsDeletedToBeCreatedAgain() throws IOException {
        ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(Path.of("../../events/notify/channel-deleted.json")));
        ((ObjectNode) root.get("intent")).put("reason", "FAILED_RECREATE");

        Notification n = OutcomeNotifications.from(ItemState.parse(root, MAPPER));

        assertThat(n.summary()).contains("was FAILED").contains("created again by the next trigger or sweep")
                .contains("CHANNEL_PILOT_FAILED_RECREATE_LIMIT").contains("table, its data");
        assertThat(n.facts()).containsEntry("reason", "FAILED_RECREATE");
    }

    @Test
    void shouldSayTableIsKeptWhenChannelDeletedAndRouteToOwnerTag() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-deleted.json"));

        assertThat(n.title()).contains("table is kept");
        assertThat(n.summary()).contains("table, its data and its Lake Formation grants are kept");
        assertThat(n.facts()).containsEntry("reason", "NO_LONGER_DESIRED");
        // desired is absent for DELETE: the owner comes from the channel's channel-pilot/owner tag
        assertThat(n.owner()).isEqualTo("team-sales");
    }

    @Test
    void shouldSayChannelKeepsRunningWhenReleased() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-released.json"));

        assertThat(n.title()).endsWith("released; Channel Pilot no longer manages it");
        assertThat(n.summary()).contains("managed=false").contains("keeps running");
        assertThat(n.facts()).containsEntry("reason", "RELEASE_REQUESTED");
        assertThat(n.facts().get("alarmsDeleted")).contains("-DataFreshness");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).startsWith("aws kafka list-tags-for-resource --resource-arn arn:aws:kafka:"));
    }

    @Test
    void shouldGiveOldAndNewFreshnessWhenUpdated() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-updated.json"));

        assertThat(n.facts()).containsEntry("freshnessSeconds", "300").containsEntry("previousFreshnessSeconds", "600");
    }

    @Test
    void shouldNameReplacedChannelAndWarnNoBackfillWhenReplaced() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-replaced.json"));

        assertThat(n.facts().get("replacedChannelArn")).contains("/orders-94bb38de00/");
        assertThat(n.facts()).containsEntry("table", "sales.orders_v2");
        assertThat(n.summary()).contains("no backfill");
    }

    @Test
    void shouldListEveryErrorCodeRemediationAndAlternativeWhenValidationRefused() throws IOException {
        Notification n = OutcomeNotifications.from(event("validation-refused.json"));

        assertThat(n.facts()).containsEntry("error.1", "CLUSTER_EXPRESS").containsEntry("error.2", "PARTITION_COLUMN")
                .containsEntry("errors", "2")
                .containsEntry("alternative.1", "DATA_FIREHOSE_MSK_SOURCE,KAFKA_CONNECT_S3_SINK,MANAGED_SERVICE_FOR_APACHE_FLINK")
                .doesNotContainKey("error.3");
        // facts carry codes only; messages and remediations go to the summary and the actions
        assertThat(n.facts().values()).allSatisfy(v -> assertThat(v).matches("[A-Z0-9_,]+|\\d+"));
        assertThat(n.summary()).contains("Nothing was created").contains("kafka.m5.large").contains("Amazon Data Firehose with an MSK source, delivering to Apache Iceberg tables");
        assertThat(n.actions()).extracting(NextAction::label)
                .anySatisfy(l -> assertThat(l).startsWith("CLUSTER_EXPRESS: Use an MSK Provisioned cluster with express.* brokers"))
                .anySatisfy(l -> assertThat(l).startsWith("PARTITION_COLUMN: Point partition= at a top-level string"))
                .anySatisfy(l -> assertThat(l).contains("Amazon Managed Service for Apache Flink writing the Iceberg table"));
        assertThat(n.title()).endsWith("refused: CLUSTER_EXPRESS");
    }

    @Test
    void shouldGiveFingerprintsChangedFieldsAndExactApprovalTagWhenApprovalRequired() throws IOException {
        // given: the old channel's recorded spec (table orders) and the new intent (table orders_v2); the DLQ prefix and
        // log group derive from the channel name, so they change with the table
        ItemState state = event("approval-required.json");
        ChannelSpec previous = withTable(state.intent().desired(), "orders");
        // when
        Notification n = OutcomeNotifications.from(state, Optional.of(previous));
        // then
        String prefix = Fingerprint.approvalPrefix(state.intent().fingerprint());
        assertThat(n.facts()).containsEntry("newFingerprint", state.intent().fingerprint())
                .containsEntry("oldFingerprint", previous.fingerprint())
                .containsEntry("changedFields", "table, dlq, logGroup")
                .containsEntry("approveTag", "approve=" + prefix);
        assertThat(n.summary()).contains("NEW table").contains("no backfill").contains("approve=" + prefix);
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command())
                .isEqualTo("aws kafka tag-resource --resource-arn " + state.intent().clusterArn()
                        + " --tags 'channel-pilot/<rule>=<current settings> approve=" + prefix + "'"));
    }

    @Test
    void shouldSayChangedFieldsUnknownWhenNoRecordedSpec() throws IOException {
        Notification n = OutcomeNotifications.from(event("approval-required.json"));

        assertThat(n.facts().get("changedFields")).startsWith("unknown");
    }

    @Test
    void shouldCarryStateInfoAndRemediationWhenChannelFailed() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-failed.json"));

        assertThat(n.facts()).containsEntry("status", "FAILED").containsEntry("stateCode", "SchemaResolutionFailure")
                .containsEntry("stateMessage", "Unable to resolve schema arn:aws:glue:us-east-1:123456789012:schema/sales-registry/orders");
        assertThat(n.title()).isEqualTo("Channel orders-94bb38de00 is FAILED: SchemaResolutionFailure");
        assertThat(n.actions().get(0).label()).contains("FAILED is terminal").contains("delete the channel");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).isEqualTo("aws logs tail /aws/msk/channel-pilot/orders-94bb38de00 --since 1h"));
    }

    @Test
    void shouldAdviseNewChannelWhenSuspended() throws IOException {
        ItemState failed = event("channel-failed.json");
        ItemState suspended = new ItemState(failed.intent(), failed.correlationId(), null, failed.provision(), null, null,
                new ItemState.Failure(OutcomeNotifications.CHANNEL_FAILED_ERROR, "CHANNEL_SUSPENDED: : "));

        Notification n = OutcomeNotifications.from(suspended);

        assertThat(n.facts()).containsEntry("status", "SUSPENDED").containsEntry("stateCode", "");
        assertThat(n.summary()).contains("not resumable").contains("destination table was deleted");
    }

    @Test
    void shouldPointAtClusterOperationAndSupportWhenStuckCreating() throws IOException {
        Notification n = OutcomeNotifications.from(event("channel-timeout.json"));

        assertThat(n.title()).isEqualTo("Channel orders-94bb38de00 stuck CREATING");
        assertThat(n.facts()).containsEntry("lastStatus", "CREATING");
        assertThat(n.facts().get("clusterOperationArn")).contains(":cluster-operation/orders-express/");
        assertThat(n.actions()).anySatisfy(a -> assertThat(a.command()).startsWith("aws kafka describe-cluster-operation-v2 --cluster-operation-arn arn:"))
                .anySatisfy(a -> assertThat(a.label()).contains("contact AWS Support"));
    }

    @Test
    void shouldNameErrorCodeAndRemediationWhenProvisioningRefused() throws IOException {
        Notification n = OutcomeNotifications.from(event("provisioning-error.json"));

        assertThat(n.facts()).containsEntry("error", "io.channelpilot.workflow.ProvisioningRefused")
                .containsEntry("code", "CHANNEL_NAME_TAKEN_UNMANAGED");
        assertThat(n.title()).endsWith("failed: CHANNEL_NAME_TAKEN_UNMANAGED");
        assertThat(n.actions().get(0).label()).startsWith("Leave it to whoever manages it");
    }

    @Test
    void shouldUseSimpleErrorNameWhenFailureHasNoCode() throws IOException {
        ItemState base = event("channel-active.json");
        ItemState state = new ItemState(base.intent(), "x", null, null, null, null,
                new ItemState.Failure("States.Timeout", "Task timed out after 60.00 seconds"));

        Notification n = OutcomeNotifications.from(state);

        assertThat(n.kind()).isEqualTo(NotificationKind.PROVISIONING_ERROR);
        assertThat(n.facts()).containsEntry("code", "Timeout").containsEntry("error", "States.Timeout");
    }

    @Test
    void shouldNeverRenderMarkerFromUnrelatedIntentFieldsInAnyOutcome() throws IOException {
        NotificationRenderer renderer = new NotificationRenderer(MAPPER);
        for (String file : List.of("channel-active.json", "channel-updated.json", "channel-deleted.json",
                "channel-replaced.json", "channel-released.json", "validation-refused.json", "approval-required.json", "channel-failed.json",
                "channel-timeout.json", "provisioning-error.json")) {
            // given: a marker in the intent's free-text message, trigger and a repair rule's default value
            ObjectNode root = (ObjectNode) MAPPER.readTree(Files.readString(Path.of("../../events/notify/" + file)));
            ObjectNode intent = (ObjectNode) root.get("intent");
            intent.put("message", "record " + MARKER).put("trigger", MARKER);
            if (intent.hasNonNull("desired")) {
                ((ObjectNode) intent.get("desired").get("operations")).putArray("repair").add("default:/card=\"" + MARKER + "\"");
            }
            ItemState state = ItemState.parse(root, MAPPER);
            // when
            RenderedNotification rendered = renderer.render(OutcomeNotifications.from(state));
            // then
            assertThat(rendered.message()).as(file).doesNotContain(MARKER);
            assertThat(rendered.email()).as(file).doesNotContain(MARKER);
            assertThat(rendered.subject()).as(file).doesNotContain(MARKER);
        }
    }

    @Test
    void shouldReportIncompleteStateWhenNoStepResultAndNoFailure() throws IOException {
        ItemState base = event("channel-active.json");
        ItemState state = new ItemState(base.intent(), "x", null, null, null, null, null);

        Notification n = OutcomeNotifications.from(state);

        assertThat(n.kind()).isEqualTo(NotificationKind.PROVISIONING_ERROR);
        assertThat(n.facts()).containsEntry("error", "INCOMPLETE_ITEM_STATE");
    }

    @Test
    void shouldNameNonUpdatableFieldsThatDiffer() {
        ChannelSpec a = TestSpecs.orders();
        ChannelSpec b = new ChannelSpec(a.clusterArn(), a.topic(), a.namespace(), a.table(), a.schema(), a.format(),
                "created_at", 300, io.channelpilot.model.Compression.SNAPPY, a.infrastructure(),
                new Operations("other", RedrivePolicy.AUTO, List.of(RepairRule.parse("drop:/x")), false, true, ""));

        // freshness and operations are updatable or ours: never listed
        assertThat(ChangedFields.between(a, b)).containsExactly("partition", "compression");
    }

    @Test
    void shouldKeepOnlyErrorMessageWhenCauseIsLambdaErrorJson() throws IOException {
        ItemState state = event("channel-timeout.json");

        assertThat(state.failure().errorMessage()).isEqualTo("CHANNEL_NOT_READY(CREATING): in flight (waiting for ACTIVE)");
        assertThat(state.failure().code()).isEqualTo("CHANNEL_NOT_READY");
    }

    static ChannelSpec withTable(ChannelSpec s, String table) {
        String name = io.channelpilot.model.ChannelNames.of(s.topic(), s.namespace(), table);
        Infrastructure i = s.infrastructure();
        String prefix = i.logGroup().substring(0, i.logGroup().lastIndexOf('/') + 1);
        String dlq = i.dlqPrefix().substring(0, i.dlqPrefix().length() - s.channelName().length() - 1);
        return new ChannelSpec(s.clusterArn(), s.topic(), s.namespace(), table, s.schema(), s.format(), s.partitionColumn(),
                s.freshnessSeconds(), s.compression(), new Infrastructure(i.tableBucketArn(), i.dlqBucketArn(),
                dlq + name + "/", i.serviceRoleArn(), i.kmsKeyArn(), prefix + name), s.operations());
    }
}
