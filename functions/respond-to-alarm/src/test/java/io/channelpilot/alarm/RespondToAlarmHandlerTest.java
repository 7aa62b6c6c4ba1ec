package io.channelpilot.alarm;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import io.channelpilot.store.RecordedAlarm;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.dlq.DlqCause;
import io.channelpilot.redrive.RedriveRequest;
import io.channelpilot.redrive.RedriveStart;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.Operations;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;
import io.channelpilot.model.SchemaRef;
import io.channelpilot.retention.InMemoryOutstandingStore;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.InMemoryStatusStore;
import io.channelpilot.time.VirtualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import io.channelpilot.alarm.gateway.AlarmPorts;

import static org.assertj.core.api.Assertions.assertThat;

class RespondToAlarmHandlerTest {

    private static final Path EVENTS = Path.of("../../events/respond-to-alarm");
    private static final String CLUSTER_ARN =
            "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/7f3b2c1d-4e5a-4b6c-8d7e-9f0a1b2c3d4e-3";
    private static final String CHANNEL = "orders.created-sales-orders_created-3f9a1c2b7e";
    private static final String PREFIX = "channel-pilot/dlq/" + CHANNEL + "/";

    private final ObjectMapper mapper = WorkflowJson.mapper();
    private final VirtualClock clock = VirtualClock.startingAt(Instant.parse("2026-11-29T16:21:30Z"));
    private final Fakes.Msk msk = new Fakes.Msk();
    private final Fakes.Bucket bucket = new Fakes.Bucket();
    private final Fakes.Triage triage = new Fakes.Triage();
    private final Fakes.Publisher publisher = new Fakes.Publisher();
    private final InMemoryStatusStore store = new InMemoryStatusStore(clock);
    private final InMemoryOutstandingStore outstanding = new InMemoryOutstandingStore(clock);
    private final List<RedriveRequest> redrives = new ArrayList<>();
    private RespondToAlarmHandler handler;

    @BeforeEach
    void setUp() {
        msk.clusters.put("orders-express", CLUSTER_ARN);
        msk.channel = new AlarmPorts.ChannelState("arn:aws:kafka:us-east-1:123456789012:channel/orders-express/x/y",
                "ACTIVE", 300, "", "");
        AlarmConfig config = new AlarmConfig("arn:aws:sns:us-east-1:123456789012:channel-pilot", "status",
                "channel-pilot-dlq", "channel-pilot/dlq/", null);
        handler = new RespondToAlarmHandler(AlarmWiring.of(config, msk, msk, bucket, triage, store, outstanding, publisher, r -> {
                    redrives.add(r);
                    return new RedriveStart.Started("task-1", "");
                }, clock));
    }

    @Test
    void shouldTriageDlqObjectsWithCountsPerCauseWhenDlqDeliveryAlarmFires() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/a.jsonl.gz", gzip(lines(3, "MISSING_REQUIRED_FIELD", "/id") + lines(2, "TYPE_MISMATCH", "/amount")));

        JsonNode out = invoke("dlq-delivery-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("TRIAGED");
        assertThat(out.at("/counts/MISSING_REQUIRED_FIELD").asLong()).isEqualTo(3);
        assertThat(out.at("/counts/TYPE_MISMATCH").asLong()).isEqualTo(2);
        JsonNode message = sentJson(0);
        assertThat(message.path("kind").asText()).isEqualTo("DLQ_TRIAGE");
        assertThat(message.at("/facts/cause.MISSING_REQUIRED_FIELD").asText()).startsWith("3 at /id; e.g. 0:0, 0:1, 0:2");
        assertThat(message.at("/facts/offsets").asText()).isEqualTo("p0:0-4");
        assertThat(message.path("actions").toString()).contains("channel-pilot redrive start --cluster " + CLUSTER_ARN
                + " --channel " + CHANNEL + " --cause MISSING_REQUIRED_FIELD,TYPE_MISMATCH --dry-run");
        assertThat(redrives).isEmpty();
        assertThat(store.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().condition(ConditionType.DEGRADED)
                .orElseThrow().status()).isEqualTo(ConditionStatus.TRUE);
    }

    @Test
    void shouldNotDoubleCountWhenTheSameAlarmEventArrivesTwice() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/a.jsonl", lines(4, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));

        invoke("failed-rows-alarm.json");
        JsonNode second = invoke("failed-rows-alarm.json");

        assertThat(second.path("outcome").asText()).isEqualTo("NOTHING_NEW");
        assertThat(publisher.sent).hasSize(1);
        assertThat(triage.reports).hasSize(1);
    }

    @Test
    void shouldTriageOnlyObjectsWrittenAfterTheWatermarkIncludingEarlierKeysInTheSameFolder() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/m.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        invoke("dlq-delivery-alarm.json");
        givenDlqObject("2026/11/29/16/b.jsonl", lines(2, "MALFORMED_JSON", "").getBytes(StandardCharsets.UTF_8));
        givenDlqObject("2026/11/29/17/c.jsonl", lines(5, "MALFORMED_JSON", "").getBytes(StandardCharsets.UTF_8));

        JsonNode out = invoke("failed-rows-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("TRIAGED");
        assertThat(out.at("/counts/objects").asLong()).isEqualTo(2);
        assertThat(out.at("/counts/MALFORMED_JSON").asLong()).isEqualTo(7);
        assertThat(out.at("/counts/TYPE_MISMATCH").isMissingNode()).isTrue();
    }

    @Test
    void shouldQuarantineAndReportAnUnknownObjectFormatWithoutFailingTheBatch() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/a.bin", new byte[]{0x50, 0x41, 0x52, 0x31, 0, 1, 2});
        givenDlqObject("2026/11/29/16/b.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));

        JsonNode out = invoke("dlq-delivery-alarm.json");

        assertThat(out.at("/counts/quarantined").asLong()).isEqualTo(1);
        assertThat(out.at("/counts/records").asLong()).isEqualTo(1);
        assertThat(bucket.copies).containsExactly("quarantine/" + PREFIX + "2026/11/29/16/a.bin");
        assertThat(sentJson(0).path("facts").toString()).contains("NOT_JSON " + PREFIX + "2026/11/29/16/a.bin");
        assertThat(sentJson(0).path("actions").toString()).contains("quarantine prefix");
    }

    @Test
    void shouldStartARedriveWhenPolicyIsAutoAndRepairRulesCoverTheCause() throws IOException {
        givenSpec(RedrivePolicy.AUTO, List.of(RepairRule.parse("default:/id=0")));
        givenDlqObject("2026/11/29/16/a.jsonl", (lines(2, "MISSING_REQUIRED_FIELD", "/id") + lines(1, "MALFORMED_JSON", ""))
                .getBytes(StandardCharsets.UTF_8));

        invoke("dlq-delivery-alarm.json");

        assertThat(redrives).singleElement().satisfies(r -> {
            assertThat(r.causes()).containsExactly(DlqCause.MISSING_REQUIRED_FIELD);
            assertThat(r.repairs()).extracting(RepairRule::canonical).containsExactly("default:/id=0");
            assertThat(r.clusterArn()).isEqualTo(CLUSTER_ARN);
        });
        assertThat(sentJson(0).at("/facts/redriveTask").asText()).isEqualTo("task-1");
        assertThat(sentJson(0).path("actions").toString()).contains("channel-pilot redrive status --task task-1\"");
    }

    @Test
    void shouldSendNothingWhenAConcurrentRunStoredTheSameReportFirst() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/a.jsonl", lines(2, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        triage.reports.put(CLUSTER_ARN + CHANNEL + "#1", "{}");

        JsonNode out = invoke("dlq-delivery-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("ALREADY_TRIAGED");
        assertThat(publisher.sent).isEmpty();
        assertThat(triage.watermark(CLUSTER_ARN, CHANNEL).version()).isZero();
    }

    @Test
    void shouldReportTheRefusalWhenTheAutomaticRedriveIsRefused() throws IOException {
        AlarmConfig config = new AlarmConfig("arn:aws:sns:us-east-1:123456789012:channel-pilot", "status",
                "channel-pilot-dlq", "channel-pilot/dlq/", null);
        handler = new RespondToAlarmHandler(AlarmWiring.of(config, msk, msk, bucket, triage, store, outstanding, publisher, r -> new RedriveStart.Refused("REDRIVE_TASK_ACTIVE", "task t-9 is running",
                        "Wait for task t-9 or cancel it.", java.util.Optional.of("t-9")), clock));
        givenSpec(RedrivePolicy.AUTO, List.of(RepairRule.parse("coerce:/amount=number")));
        givenDlqObject("2026/11/29/16/a.jsonl", lines(2, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));

        invoke("dlq-delivery-alarm.json");

        assertThat(sentJson(0).at("/facts/redriveRefused").asText()).isEqualTo("REDRIVE_TASK_ACTIVE");
        assertThat(sentJson(0).path("actions").toString()).contains("Wait for task t-9 or cancel it.");
    }

    @Test
    void shouldOnlyReportWhenRedriveIsOff() throws IOException {
        givenSpec(RedrivePolicy.OFF, List.of(RepairRule.parse("default:/id=0")));
        givenDlqObject("2026/11/29/16/a.jsonl", lines(2, "MISSING_REQUIRED_FIELD", "/id").getBytes(StandardCharsets.UTF_8));

        invoke("dlq-delivery-alarm.json");

        assertThat(redrives).isEmpty();
        assertThat(sentJson(0).path("summary").asText()).contains("Redrive is off for this channel");
    }

    @Test
    void shouldEscalateTheRetentionRaceWhenTheOldestEntryUsedMostOfRetention() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.retentionMs = java.util.Optional.of(10 * 3_600_000L);
        clock.advanceTo(Instant.parse("2026-11-29T16:20:00Z").plusSeconds(9 * 3600));
        givenDlqObject("2026/11/29/16/a.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));

        invoke("dlq-delivery-alarm.json");

        assertThat(sentJson(0).path("severity").asText()).isEqualTo("CRITICAL");
        assertThat(sentJson(0).at("/facts/retentionUsed").asText()).startsWith("90%");
        assertThat(sentJson(0).path("summary").asText()).contains("Retention race");
    }

    @Test
    void shouldMeasureTheRaceFromTheOldestOutstandingEntryOfAnEarlierBatchWhenALaterBatchIsNewer() throws IOException {
        // given a first triage of an entry written at 16:20 on a topic keeping 10 h
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.retentionMs = java.util.Optional.of(10 * 3_600_000L);
        givenDlqObject("2026/11/29/16/a.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        invoke("dlq-delivery-alarm.json");
        assertThat(sentJson(0).at("/facts/retentionLevel").asText()).isEqualTo("NONE");

        // when 6 h later a second batch holds only a fresh entry
        clock.advanceTo(Instant.parse("2026-11-29T22:20:00Z"));
        givenDlqObject("2026/11/29/22/b.jsonl", lines(1, "MISSING_REQUIRED_FIELD", "/id", "2026-11-29T22:19:00Z")
                .getBytes(StandardCharsets.UTF_8));
        JsonNode out = invoke("dlq-delivery-alarm.json");

        // then the race is measured from the older, never-redriven entry: 60 % used, 4 h left, WARN, one command
        assertThat(out.path("outcome").asText()).isEqualTo("TRIAGED");
        JsonNode second = sentJson(1);
        assertThat(second.at("/facts/records").asText()).isEqualTo("1");
        assertThat(second.at("/facts/retentionLevel").asText()).isEqualTo("WARN");
        assertThat(second.at("/facts/retentionUsed").asText()).isEqualTo("60% of 10 h");
        assertThat(second.at("/facts/retentionLeft").asText()).isEqualTo("4 h");
        assertThat(second.at("/facts/oldestOutstanding").asText()).isEqualTo("2026-11-29T16:20:00Z");
        assertThat(second.at("/actions/0/command").asText()).isEqualTo("channel-pilot redrive start --cluster " + CLUSTER_ARN
                + " --channel " + CHANNEL + " --cause MISSING_REQUIRED_FIELD,TYPE_MISMATCH");
        assertThat(second.toString()).doesNotContain("SECRET-MARKER");
        assertThat(outstanding.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().notifiedLevel().name()).isEqualTo("WARN");
        assertThat(store.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().condition(ConditionType.DEGRADED)
                .orElseThrow().reason()).isEqualTo("RetentionRaceWarning");
    }

    @Test
    void shouldNotCountOutstandingEntriesTwiceWhenACrashedTriageIsRetried() throws IOException {
        // given a triage that merged its entries, then crashed before storing the report and moving the watermark
        givenSpec(RedrivePolicy.MANUAL, List.of());
        givenDlqObject("2026/11/29/16/a.jsonl", lines(2, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        invoke("dlq-delivery-alarm.json");
        triage.marks.clear();
        triage.reports.clear();

        // when the same objects are triaged again under the same report number
        JsonNode out = invoke("dlq-delivery-alarm.json");

        // then the report is stored this time, but the outstanding entries are counted once
        assertThat(out.path("outcome").asText()).isEqualTo("TRIAGED");
        assertThat(outstanding.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().count()).isEqualTo(2);
    }

    @Test
    void shouldReportFreshnessWithTheDocumentedFloorWhenDataFreshnessAlarmFires() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.bytesPerSecond = java.util.Optional.of(500_000.0);

        JsonNode out = invoke("data-freshness-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("FRESHNESS_REPORTED");
        JsonNode message = sentJson(0);
        assertThat(message.path("kind").asText()).isEqualTo("DATA_FRESHNESS");
        assertThat(message.path("summary").asText()).contains("0.50 MB/s").contains("2.4 MB/s");
        assertThat(message.path("actions").toString()).contains("Loosen freshness").contains("producers").doesNotContain("MB/s at");
        assertThat(message.at("/facts/channelStatus").asText()).isEqualTo("ACTIVE");
    }

    @Test
    void shouldSayDeliveryIsStoppedWhenTheChannelIsSuspended() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.channel = new AlarmPorts.ChannelState("arn", "SUSPENDED", 300, "TABLE_DELETED", "table gone");

        invoke("data-freshness-alarm.json");

        assertThat(sentJson(0).path("severity").asText()).isEqualTo("CRITICAL");
        assertThat(sentJson(0).at("/facts/stateInfo").asText()).isEqualTo("TABLE_DELETED: table gone");
        assertThat(sentJson(0).path("summary").asText()).contains("SUSPENDED").contains("stopped");
    }

    @Test
    void shouldKeepARetentionRaceDegradedWhenTheAlarmReturnsToOk() throws IOException {
        // given the channel is degraded by a retention race (outstanding entries age whether the alarm fires or not)
        givenSpec(RedrivePolicy.MANUAL, List.of());
        store.update(new ChannelKey(CLUSTER_ARN, CHANNEL), "orders.created", s -> s.withCondition(ConditionType.DEGRADED,
                ConditionStatus.TRUE, "RetentionRaceWarning", "at least 50%", clock.instant()));

        // when
        assertThat(invoke("dlq-delivery-ok.json").path("outcome").asText()).isEqualTo("RESOLVED");

        // then the resolution is told, but the race stays on the status until the sweep clears it
        assertThat(publisher.sent).extracting(m -> m.attributes().get("kind")).containsExactly("ALARM_RESOLVED");
        assertThat(store.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().condition(ConditionType.DEGRADED)
                .orElseThrow().reason()).isEqualTo("RetentionRaceWarning");
    }

    @Test
    void shouldSendResolvedAndClearDegradedForEachOkEvent() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        for (String event : List.of("dlq-delivery-ok.json", "failed-rows-ok.json", "data-freshness-ok.json")) {
            assertThat(invoke(event).path("outcome").asText()).as(event).isEqualTo("RESOLVED");
        }

        assertThat(publisher.sent).extracting(m -> m.attributes().get("kind")).containsOnly("ALARM_RESOLVED");
        assertThat(store.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).orElseThrow().condition(ConditionType.DEGRADED)
                .orElseThrow().status()).isEqualTo(ConditionStatus.FALSE);
    }

    @Test
    void shouldNotResendWhenTheSameOkEventIsDeliveredTwice() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        invoke("failed-rows-ok.json");

        assertThat(invoke("failed-rows-ok.json").path("outcome").asText()).isEqualTo("DUPLICATE_EVENT");
        assertThat(publisher.sent).hasSize(1);
    }

    @Test
    void shouldIgnoreAlarmsThatAreNotOurs() throws IOException {
        JsonNode out = invoke("not-ours.json");

        assertThat(out.path("outcome").asText()).isEqualTo("IGNORED");
        assertThat(out.path("reason").asText()).isEqualTo("NOT_OUR_ALARM");
        assertThat(publisher.sent).isEmpty();
    }

    @Test
    void shouldIgnoreMalformedAlarmEventsWithoutThrowing() throws IOException {
        assertThat(invoke("malformed-missing-dimensions.json").path("reason").asText()).isEqualTo("MISSING_DIMENSIONS");
        assertThat(invokeRaw("not json".getBytes(StandardCharsets.UTF_8)).path("reason").asText()).isEqualTo("NOT_AN_ALARM_EVENT");
        assertThat(publisher.sent).isEmpty();
    }

    /** Issue 13: in a fresh world, alarms about a channel nobody provisioned sent notifications; now nothing happens. */
    @Test
    void shouldIgnoreAnAlarmAboutAChannelProvisioningNeverRecorded() throws IOException {
        givenDlqObject("2026/11/29/16/a.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));

        JsonNode out = invoke("dlq-delivery-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("IGNORED");
        assertThat(out.path("reason").asText()).isEqualTo("ALARM_NOT_RECORDED");
        nothingDone();
    }

    @Test
    void shouldIgnoreAForgedAlarmNamedLikeOursInAnotherNamespaceAndCountIt() throws IOException {
        // GIVEN a real channel of ours, and an alarm anyone could create: our name prefix, real dimensions, Custom/Forged
        givenSpec(RedrivePolicy.AUTO, List.of());
        givenDlqObject("2026/11/29/16/a.jsonl", lines(3, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        ObjectNode forged = event("dlq-delivery-alarm.json");
        ((ObjectNode) forged.at("/detail/configuration/metrics/0/metricStat/metric")).put("namespace", "Custom/Forged");

        // WHEN it fires (stdout carries the EMF the handler flushes)
        java.io.PrintStream original = System.out;
        ByteArrayOutputStream emf = new ByteArrayOutputStream();
        JsonNode out;
        System.setOut(new java.io.PrintStream(emf, true, StandardCharsets.UTF_8));
        try {
            out = invokeRaw(mapper.writeValueAsBytes(forged));
        } finally {
            System.setOut(original);
        }

        // THEN ignored with its code, counted, and nothing done: no triage, redrive, notification or status change
        assertThat(out.path("outcome").asText()).isEqualTo("IGNORED");
        assertThat(out.path("reason").asText()).isEqualTo("ALARM_IDENTITY_MISMATCH");
        assertThat(emf.toString(StandardCharsets.UTF_8)).contains("AlarmIgnoredAlarmIdentityMismatch");
        nothingDone();
    }

    @Test
    void shouldIgnoreAnAlarmNamingAnotherClusterWithThisClustersChannelName() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.clusters.put("billing-express", "arn:aws:kafka:us-east-1:123456789012:cluster/billing-express/0a1b2c3d-0000-4000-8000-000000000002-1");
        ObjectNode other = event("dlq-delivery-alarm.json");
        ((ObjectNode) other.at("/detail/configuration/metrics/0/metricStat/metric/dimensions")).put("ClusterName", "billing-express");

        JsonNode out = invokeRaw(mapper.writeValueAsBytes(other));

        assertThat(out.path("reason").asText()).isEqualTo("ALARM_NOT_RECORDED");
        nothingDone();
    }

    @Test
    void shouldActOnlyOnTheAlarmsProvisioningRecordedMatchingArnMetricAndDimensions() throws IOException {
        // GIVEN the alarms provisioning recorded for the channel (as ChannelAlarms.record writes them)
        givenSpec(RedrivePolicy.MANUAL, List.of());
        String name = "channel-pilot-orders-express-" + CHANNEL + "-DLQDeliverySuccess";
        store.update(new ChannelKey(CLUSTER_ARN, CHANNEL), "orders.created", s -> s.withAlarms(List.of(new RecordedAlarm(name,
                "arn:aws:cloudwatch:us-east-1:123456789012:alarm:" + name, "AWS/Kafka", "DeliveryToIceberg.DLQDeliverySuccess",
                Map.of("ClusterName", "orders-express", "ChannelName", CHANNEL, "Topic", "orders.created")))));
        givenDlqObject("2026/11/29/16/a.jsonl", lines(1, "TYPE_MISMATCH", "/amount").getBytes(StandardCharsets.UTF_8));
        ObjectNode ours = event("dlq-delivery-alarm.json");
        ours.withArray("resources").set(0, mapper.getNodeFactory().textNode("arn:aws:cloudwatch:us-east-1:123456789012:alarm:" + name));
        ((ObjectNode) ours.path("detail")).put("alarmName", name);

        // the old-rule name is no longer one of its alarms once alarms are recorded
        assertThat(invoke("dlq-delivery-alarm.json").path("reason").asText()).isEqualTo("ALARM_NOT_RECORDED");
        // a recorded name with another ARN (account/Region of the resource) is not ours either
        ObjectNode wrongArn = ours.deepCopy();
        wrongArn.withArray("resources").set(0, mapper.getNodeFactory().textNode("arn:aws:cloudwatch:us-east-1:123456789012:alarm:x"));
        assertThat(invokeRaw(mapper.writeValueAsBytes(wrongArn)).path("reason").asText()).isEqualTo("ALARM_IDENTITY_MISMATCH");
        // an extra dimension makes it another metric
        ObjectNode extraDimension = ours.deepCopy();
        ((ObjectNode) extraDimension.at("/detail/configuration/metrics/0/metricStat/metric/dimensions")).put("Broker", "1");
        assertThat(invokeRaw(mapper.writeValueAsBytes(extraDimension)).path("reason").asText()).isEqualTo("ALARM_IDENTITY_MISMATCH");
        assertThat(publisher.sent).isEmpty();

        // WHEN the recorded alarm itself fires THEN it is triaged
        assertThat(invokeRaw(mapper.writeValueAsBytes(ours)).path("outcome").asText()).isEqualTo("TRIAGED");
        assertThat(publisher.sent).hasSize(1);
    }

    /** A refused alarm leaves no trace but the log line and the metric. */
    private void nothingDone() {
        assertThat(publisher.sent).isEmpty();
        assertThat(redrives).isEmpty();
        assertThat(triage.reports).isEmpty();
        assertThat(store.find(new ChannelKey(CLUSTER_ARN, CHANNEL)).flatMap(s -> s.condition(ConditionType.DEGRADED))).isEmpty();
        assertThat(store.claimEvent("alarm#1d7a1f38-5a3e-4c5e-9e55-0b6c2d1f4aa1", java.time.Duration.ofMinutes(1)))
                .as("no event claim was written").isTrue();
    }

    private ObjectNode event(String name) throws IOException {
        return (ObjectNode) mapper.readTree(Files.readAllBytes(EVENTS.resolve(name)));
    }

    @Test
    void shouldKeepTheSubjectAsciiAndShortWhenTheChannelNameIsLong() {
        String longName = "c".repeat(64);

        String title = AlarmNotifications.title("DLQ triage: 123456 dead-lettered record(s) on " + longName);

        assertThat(("[Channel Pilot] CRITICAL " + title)).hasSizeLessThan(100).endsWith("...");
    }

    @Test
    void shouldWarnOnceWhenRowsFailButTheDlqIsEmpty() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());

        JsonNode out = invoke("failed-rows-alarm.json");
        JsonNode again = invoke("failed-rows-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("NO_DLQ_OBJECTS");
        assertThat(again.path("outcome").asText()).isEqualTo("NO_DLQ_OBJECTS");
        assertThat(publisher.sent).hasSize(1);
        assertThat(sentJson(0).path("actions").toString()).contains("DLQ bucket exists");
    }

    @Test
    void shouldIgnoreAnAlarmWhenItsClusterDoesNotExist() throws IOException {
        givenSpec(RedrivePolicy.MANUAL, List.of());
        msk.clusters.clear();

        JsonNode out = invoke("dlq-delivery-alarm.json");

        assertThat(out.path("outcome").asText()).isEqualTo("IGNORED");
        assertThat(out.path("reason").asText()).isEqualTo("ALARM_NOT_RECORDED");
        nothingDone();
    }

    private void givenSpec(RedrivePolicy policy, List<RepairRule> repairs) throws IOException {
        ChannelSpec spec = new ChannelSpec(CLUSTER_ARN, "orders.created", "sales", "orders_created",
                new SchemaRef("sales", "orders"), RecordFormat.JSON, "event_time", 300, Compression.ZSTD,
                new Infrastructure("arn:aws:s3tables:us-east-1:123456789012:bucket/analytics", "arn:aws:s3:::channel-pilot-dlq",
                        PREFIX, "arn:aws:iam::123456789012:role/svc", "", "/aws/msk/channel-pilot/x"),
                new Operations("team-orders", policy, repairs, false, true, ""));
        String json = mapper.writeValueAsString(spec);
        store.update(new ChannelKey(CLUSTER_ARN, CHANNEL), "orders.created", s -> s.withDesired(json, "fp"));
    }

    private void givenDlqObject(String suffix, byte[] body) {
        bucket.objects.put(PREFIX + suffix, body);
    }

    private int offset;

    private String lines(int n, String code, String pointer) {
        return lines(n, code, pointer, "2026-11-29T16:20:00Z");
    }

    private String lines(int n, String code, String pointer, String timestamp) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append("{\"topic\":\"orders.created\",\"partition\":0,\"offset\":").append(offset++)
                    .append(",\"timestamp\":\"").append(timestamp).append("\",\"errorCode\":\"").append(code)
                    .append("\",\"errorMessage\":\"value SECRET-MARKER rejected\",\"fieldPointer\":\"").append(pointer).append("\"}\n");
        }
        return b.toString();
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    private JsonNode invoke(String event) throws IOException {
        return invokeRaw(Files.readAllBytes(EVENTS.resolve(event)));
    }

    private JsonNode invokeRaw(byte[] event) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new java.io.ByteArrayInputStream(event)) {
            handler.handleRequest(in, out, new TestContext());
        }
        publisher.sent.forEach(m -> {
            assertThat(m.message()).doesNotContain("SECRET-MARKER");
            assertThat(m.subject()).hasSizeLessThan(100).matches("[\\x20-\\x7E]+"); // SNS: ASCII, under 100
        });
        return mapper.readTree(out.toByteArray());
    }

    private JsonNode sentJson(int i) throws IOException {
        return mapper.readTree(publisher.sent.get(i).defaultJson());
    }
}
