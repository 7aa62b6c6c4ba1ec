package io.channelpilot.local.world.cloudwatch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.EmulatorServer;
import io.channelpilot.local.world.http.FaultInjector;
import io.channelpilot.time.VirtualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatch.model.ComparisonOperator;
import software.amazon.awssdk.services.cloudwatch.model.DescribeAlarmsResponse;
import software.amazon.awssdk.services.cloudwatch.model.Dimension;
import software.amazon.awssdk.services.cloudwatch.model.GetMetricDataResponse;
import software.amazon.awssdk.services.cloudwatch.model.MetricAlarm;
import software.amazon.awssdk.services.cloudwatch.model.MetricDataResult;
import software.amazon.awssdk.services.cloudwatch.model.ResourceNotFoundException;
import software.amazon.awssdk.services.cloudwatch.model.ScanBy;
import software.amazon.awssdk.services.cloudwatch.model.StandardUnit;
import software.amazon.awssdk.services.cloudwatch.model.StateValue;
import software.amazon.awssdk.services.cloudwatch.model.StatusCode;

/** CloudWatch operations through the unmodified CloudWatchClient (Smithy RPC v2 CBOR). */
class CloudWatchEmulatorTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private static final Dimension CHANNEL = Dimension.builder().name("ChannelName").value("orders").build();

    private final VirtualClock clock = VirtualClock.startingAt(T0);
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private EmulatorServer server;
    private CloudWatchEmulator emulator;
    private CloudWatchClient cw;

    @BeforeEach
    void start() throws Exception {
        server = EmulatorServer.start(new FaultInjector(1, d -> { }));
        emulator = new CloudWatchEmulator(clock, events::add, "123456789012", "us-east-1");
        server.register(emulator);
        cw = SdkTestClients.client(CloudWatchClient.builder(), server);
    }

    @AfterEach
    void stop() {
        cw.close();
        server.close();
    }

    @Test
    void shouldStoreEveryDatumShapeWhenPuttingMetricData() {
        cw.putMetricData(r -> r.namespace("ChannelPilot").metricData(
                m -> m.metricName("Records").dimensions(CHANNEL).value(5.0).unit(StandardUnit.COUNT)
                        .timestamp(T0.minusSeconds(30)),
                m -> m.metricName("Records").dimensions(CHANNEL).values(1.0, 2.0).counts(3.0, 1.0)
                        .timestamp(T0.minusSeconds(20)),
                m -> m.metricName("Latency").statisticValues(s -> s.sampleCount(4.0).sum(10.0).minimum(1.0).maximum(4.0))));

        MetricKey records = MetricKey.of("ChannelPilot", "Records", Map.of("ChannelName", "orders"));
        assertThat(emulator.metrics().datapoints(records)).extracting(Datapoint::sampleCount, Datapoint::sum)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1.0, 5.0),
                        org.assertj.core.groups.Tuple.tuple(3.0, 3.0), org.assertj.core.groups.Tuple.tuple(1.0, 2.0));
        assertThat(emulator.metrics().datapoints(records).get(0).timestamp()).isEqualTo(T0.minusSeconds(30));
        assertThat(emulator.metrics().datapoints(records).get(0).unit()).isEqualTo("Count");
        assertThat(emulator.metrics().datapoints(MetricKey.of("ChannelPilot", "Latency", Map.of())).get(0).timestamp())
                .isEqualTo(T0);
    }

    @Test
    void shouldAcceptGzipCompressedPutMetricData() {
        // over 10 KiB the SDK sends PutMetricData with Content-Encoding: gzip (requestCompression trait; probed)
        List<software.amazon.awssdk.services.cloudwatch.model.MetricDatum> data = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            data.add(software.amazon.awssdk.services.cloudwatch.model.MetricDatum.builder().metricName("Big")
                    .dimensions(Dimension.builder().name("Partition").value("partition-" + i).build())
                    .value((double) i).build());
        }
        cw.putMetricData(r -> r.namespace("ChannelPilot").metricData(data));

        assertThat(server.calls().count("cloudwatch:PutMetricData")).isEqualTo(1);
        assertThat(emulator.metrics().metrics()).hasSize(1000);
    }

    @Test
    void shouldRejectAwsNamespaceAndConflictingValues() {
        assertThatThrownBy(() -> cw.putMetricData(r -> r.namespace("AWS/Kafka").metricData(m -> m.metricName("x").value(1.0))))
                .isInstanceOfSatisfying(AwsServiceException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue");
                    assertThat(e.statusCode()).isEqualTo(400);
                });
        assertThatThrownBy(() -> cw.putMetricData(r -> r.namespace("N").metricData(
                m -> m.metricName("x").value(1.0).values(2.0))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterCombination"));
        assertThat(emulator.metrics().metrics()).isEmpty();
    }

    @Test
    void shouldAggregatePerAlignedPeriodNewestFirstWhenGettingMetricData() {
        putValue("Bytes", 10, T0.minusSeconds(170));
        putValue("Bytes", 5, T0.minusSeconds(150));
        putValue("Bytes", 7, T0.minusSeconds(50));

        GetMetricDataResponse res = cw.getMetricData(r -> r.startTime(T0.minusSeconds(300)).endTime(T0)
                .metricDataQueries(q -> q.id("sum").metricStat(s -> s.period(60).stat("Sum")
                                .metric(m -> m.namespace("ChannelPilot").metricName("Bytes").dimensions(CHANNEL))),
                        q -> q.id("avg").label("average").metricStat(s -> s.period(60).stat("Average")
                                .metric(m -> m.namespace("ChannelPilot").metricName("Bytes").dimensions(CHANNEL))),
                        q -> q.id("cnt").metricStat(s -> s.period(300).stat("SampleCount")
                                .metric(m -> m.namespace("ChannelPilot").metricName("Bytes").dimensions(CHANNEL)))));

        MetricDataResult sum = res.metricDataResults().get(0);
        assertThat(sum.id()).isEqualTo("sum");
        assertThat(sum.label()).isEqualTo("Bytes");
        assertThat(sum.statusCode()).isEqualTo(StatusCode.COMPLETE);
        assertThat(sum.timestamps()).containsExactly(T0.minusSeconds(60), T0.minusSeconds(180));
        assertThat(sum.values()).containsExactly(7.0, 15.0);
        assertThat(res.metricDataResults().get(1).values()).containsExactly(7.0, 7.5);
        assertThat(res.metricDataResults().get(1).label()).isEqualTo("average");
        assertThat(res.metricDataResults().get(2).values()).containsExactly(3.0);
    }

    @Test
    void shouldPaginateAndScanAscendingWhenAsked() {
        for (int i = 1; i <= 5; i++) {
            putValue("Bytes", i, T0.minusSeconds(60L * i));
        }
        GetMetricDataResponse first = cw.getMetricData(r -> r.startTime(T0.minusSeconds(600)).endTime(T0)
                .maxDatapoints(3).scanBy(ScanBy.TIMESTAMP_ASCENDING)
                .metricDataQueries(q -> q.id("m1").metricStat(s -> s.period(60).stat("Maximum")
                        .metric(m -> m.namespace("ChannelPilot").metricName("Bytes").dimensions(CHANNEL)))));
        assertThat(first.metricDataResults().get(0).values()).containsExactly(5.0, 4.0, 3.0);
        assertThat(first.metricDataResults().get(0).statusCode()).isEqualTo(StatusCode.PARTIAL_DATA);
        assertThat(first.nextToken()).isNotNull();

        GetMetricDataResponse second = cw.getMetricData(r -> r.startTime(T0.minusSeconds(600)).endTime(T0)
                .maxDatapoints(3).scanBy(ScanBy.TIMESTAMP_ASCENDING).nextToken(first.nextToken())
                .metricDataQueries(q -> q.id("m1").metricStat(s -> s.period(60).stat("Maximum")
                        .metric(m -> m.namespace("ChannelPilot").metricName("Bytes").dimensions(CHANNEL)))));
        assertThat(second.metricDataResults().get(0).values()).containsExactly(2.0, 1.0);
        assertThat(second.nextToken()).isNull();
    }

    @Test
    void shouldRejectBadQueriesWhenGettingMetricData() {
        assertThatThrownBy(() -> cw.getMetricData(r -> r.startTime(T0).endTime(T0.minusSeconds(60))
                .metricDataQueries(q -> q.id("m1").metricStat(s -> s.period(60).stat("Sum")
                        .metric(m -> m.namespace("N").metricName("M"))))))
                .isInstanceOfSatisfying(AwsServiceException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue");
                    assertThat(e.getMessage()).contains("StartTime must be less than");
                });
        assertThatThrownBy(() -> cw.getMetricData(r -> r.startTime(T0.minusSeconds(60)).endTime(T0)
                .metricDataQueries(q -> q.id("Upper").metricStat(s -> s.period(60).stat("Sum")
                        .metric(m -> m.namespace("N").metricName("M"))))))
                .hasMessageContaining("must start with a lowercase letter");
    }

    @Test
    void shouldListMetricsFilteredByNamespaceNameAndDimension() {
        putValue("Bytes", 1, T0);
        cw.putMetricData(r -> r.namespace("Other").metricData(m -> m.metricName("Bytes").value(1.0)));

        List<software.amazon.awssdk.services.cloudwatch.model.Metric> listed = cw.listMetrics(r -> r
                .namespace("ChannelPilot").dimensions(d -> d.name("ChannelName"))).metrics();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).metricName()).isEqualTo("Bytes");
        assertThat(listed.get(0).dimensions()).containsExactly(CHANNEL);
        assertThat(cw.listMetrics(r -> r.dimensions(d -> d.name("ChannelName").value("other"))).metrics()).isEmpty();
        assertThat(cw.listMetrics(r -> r.metricName("Bytes")).metrics()).hasSize(2);
    }

    @Test
    void shouldCreateDescribeAndOverwriteAlarmsKeepingState() {
        putAlarm("cp-orders-freshness", "first");
        cw.tagResource(r -> r.resourceARN(arn("cp-orders-freshness")).tags(t -> t.key("owner").value("team-a")));

        MetricAlarm alarm = cw.describeAlarms(r -> r.alarmNames("cp-orders-freshness")).metricAlarms().get(0);
        assertThat(alarm.alarmArn()).isEqualTo(arn("cp-orders-freshness"));
        assertThat(alarm.stateValue()).isEqualTo(StateValue.INSUFFICIENT_DATA);
        assertThat(alarm.stateReason()).isEqualTo("Unchecked: Initial alarm creation");
        assertThat(alarm.alarmDescription()).isEqualTo("first");
        assertThat(alarm.dimensions()).containsExactly(CHANNEL);
        assertThat(alarm.comparisonOperator()).isEqualTo(ComparisonOperator.GREATER_THAN_THRESHOLD);
        assertThat(alarm.evaluationPeriods()).isEqualTo(3);
        assertThat(alarm.datapointsToAlarm()).isEqualTo(2);
        assertThat(alarm.threshold()).isEqualTo(100.0);
        assertThat(alarm.treatMissingData()).isEqualTo("notBreaching");
        assertThat(alarm.alarmActions()).containsExactly("arn:aws:sns:us-east-1:123456789012:alerts");
        assertThat(alarm.stateUpdatedTimestamp()).isEqualTo(T0);
        assertThat(alarm.alarmConfigurationUpdatedTimestamp()).isEqualTo(T0);

        cw.setAlarmState(r -> r.alarmName("cp-orders-freshness").stateValue(StateValue.ALARM).stateReason("test"));
        clock.advance(Duration.ofMinutes(1));
        putAlarm("cp-orders-freshness", "second");

        MetricAlarm updated = cw.describeAlarms(r -> r.alarmNames("cp-orders-freshness")).metricAlarms().get(0);
        assertThat(updated.alarmDescription()).isEqualTo("second");
        assertThat(updated.stateValue()).isEqualTo(StateValue.ALARM);
        assertThat(updated.alarmConfigurationUpdatedTimestamp()).isEqualTo(T0.plusSeconds(60));
        assertThat(cw.listTagsForResource(r -> r.resourceARN(arn("cp-orders-freshness"))).tags())
                .extracting(t -> t.key() + "=" + t.value()).containsExactly("owner=team-a");

        cw.tagResource(r -> r.resourceARN(arn("cp-orders-freshness")).tags(t -> t.key("tier").value("gold")));
        cw.untagResource(r -> r.resourceARN(arn("cp-orders-freshness")).tagKeys("owner"));
        assertThat(emulator.tags(arn("cp-orders-freshness")).orElseThrow()).containsExactly(Map.entry("tier", "gold"));
    }

    @Test
    void shouldFilterAndPaginateDescribeAlarms() {
        for (String name : List.of("cp-a", "cp-b", "cp-c", "other")) {
            putAlarm(name, null);
        }
        cw.setAlarmState(r -> r.alarmName("cp-b").stateValue(StateValue.OK).stateReason("manual"));

        DescribeAlarmsResponse page1 = cw.describeAlarms(r -> r.alarmNamePrefix("cp-").maxRecords(2));
        assertThat(page1.metricAlarms()).extracting(MetricAlarm::alarmName).containsExactly("cp-a", "cp-b");
        DescribeAlarmsResponse page2 = cw.describeAlarms(r -> r.alarmNamePrefix("cp-").maxRecords(2)
                .nextToken(page1.nextToken()));
        assertThat(page2.metricAlarms()).extracting(MetricAlarm::alarmName).containsExactly("cp-c");
        assertThat(page2.nextToken()).isNull();
        assertThat(cw.describeAlarms(r -> r.stateValue(StateValue.OK)).metricAlarms())
                .extracting(MetricAlarm::alarmName).containsExactly("cp-b");
        assertThat(cw.describeAlarmsPaginator(r -> r.maxRecords(1)).metricAlarms().stream().count()).isEqualTo(4);
    }

    @Test
    void shouldDeleteNamedAlarmsEvenWhenSomeNamesAreUnknown() {
        putAlarm("cp-a", null);
        putAlarm("cp-b", null);

        cw.deleteAlarms(r -> r.alarmNames("cp-a", "missing"));

        assertThat(emulator.alarms()).extracting(io.channelpilot.local.world.cloudwatch.MetricAlarm::alarmName)
                .containsExactly("cp-b");
        assertThatThrownBy(() -> cw.listTagsForResource(r -> r.resourceARN(arn("cp-a"))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFoundException"));
        assertThatThrownBy(() -> cw.deleteAlarms(r -> r.alarmNames(java.util.Collections.nCopies(101, "x"))))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue"));
    }

    @Test
    void shouldPublishStateChangeEventWhenSettingAlarmState() {
        putAlarm("cp-a", "desc");
        cw.setAlarmState(r -> r.alarmName("cp-a").stateValue(StateValue.ALARM).stateReason("forced")
                .stateReasonData("{\"k\":1}"));

        assertThat(events).hasSize(1);
        JsonNode detail = events.get(0).get("detail");
        assertThat(detail.at("/state/value").asText()).isEqualTo("ALARM");
        assertThat(detail.at("/state/reason").asText()).isEqualTo("forced");
        assertThat(detail.at("/state/reasonData").asText()).isEqualTo("{\"k\":1}");
        assertThat(detail.at("/previousState/value").asText()).isEqualTo("INSUFFICIENT_DATA");
        assertThatThrownBy(() -> cw.setAlarmState(r -> r.alarmName("cp-a").stateValue(StateValue.OK)
                .stateReason("x").stateReasonData("not json")))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidFormat"));
        assertThatThrownBy(() -> cw.setAlarmState(r -> r.alarmName("nope").stateValue(StateValue.OK).stateReason("x")))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    @Test
    void shouldRejectInvalidAlarmDefinitions() {
        assertThatThrownBy(() -> cw.putMetricAlarm(r -> r.alarmName("a").namespace("N").metricName("M")
                .statistic("Sum").period(60).evaluationPeriods(2).datapointsToAlarm(3).threshold(1.0)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidParameterValue"));
        assertThatThrownBy(() -> cw.putMetricAlarm(r -> r.alarmName("a").namespace("N").metricName("M")
                .statistic("Sum").period(60).evaluationPeriods(1).threshold(1.0)))
                .isInstanceOfSatisfying(AwsServiceException.class,
                        e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("MissingParameter"));
        assertThat(emulator.alarms()).isEmpty();
    }

    private void putValue(String name, double value, Instant at) {
        cw.putMetricData(r -> r.namespace("ChannelPilot").metricData(
                m -> m.metricName(name).dimensions(CHANNEL).value(value).timestamp(at)));
    }

    private void putAlarm(String name, String description) {
        cw.putMetricAlarm(r -> r.alarmName(name).alarmDescription(description).namespace("ChannelPilot")
                .metricName("DataFreshness").dimensions(CHANNEL).statistic("Maximum").period(60)
                .evaluationPeriods(3).datapointsToAlarm(2).threshold(100.0)
                .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD).treatMissingData("notBreaching")
                .alarmActions("arn:aws:sns:us-east-1:123456789012:alerts")
                .tags(t -> t.key("owner").value("team-a")));
    }

    private static String arn(String name) {
        return "arn:aws:cloudwatch:us-east-1:123456789012:alarm:" + name;
    }
}
