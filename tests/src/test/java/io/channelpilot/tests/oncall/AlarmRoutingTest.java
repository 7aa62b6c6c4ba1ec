package io.channelpilot.tests.oncall;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.alarm.AlarmEvent;
import io.channelpilot.gateway.AlarmGateway;
import io.channelpilot.local.sfn.routing.EventRouter;
import io.channelpilot.local.sfn.routing.RouteTarget;
import io.channelpilot.local.sfn.template.SamTemplate;
import io.channelpilot.model.Home;
import io.channelpilot.model.NameScope;
import io.channelpilot.provision.AlarmSettings;
import io.channelpilot.provision.ChannelAlarms;
import io.channelpilot.tests.Repo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The template's alarm rule, matched with Event Ruler as deployed: the alarms provisioning creates reach respond-to-alarm,
 * which reads them as ours; other teams' alarms reach nothing; a look-alike named like ours is the responder's to refuse.
 */
class AlarmRoutingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static EventRouter router;

    @BeforeAll
    static void load() {
        SamTemplate template = SamTemplate.load(Repo.root().resolve("template.yaml"),
                Map.of("TableBucketArn", "arn:aws:s3tables:us-east-1:123456789012:bucket/analytics",
                        "DlqBucketName", "channel-pilot-dlq"), "us-east-1", "123456789012");
        router = EventRouter.fromTemplate(template, "us-east-1", "123456789012");
    }

    @ParameterizedTest
    @ValueSource(strings = {"dlq-delivery-alarm.json", "dlq-delivery-ok.json", "failed-rows-alarm.json",
            "failed-rows-ok.json", "data-freshness-alarm.json", "data-freshness-ok.json", "malformed-missing-dimensions.json"})
    void shouldRouteOurAlarmStateChangesToRespondToAlarmOnly(String file) throws IOException {
        assertThat(router.route(read(file))).extracting(RouteTarget::targetLogicalId).containsExactly("RespondToAlarmFunction");
    }

    @Test
    void shouldNotRouteOtherTeamsAlarms() throws IOException {
        assertThat(router.route(read("not-ours.json"))).isEmpty();
    }

    @Test
    void shouldNotRouteOurAlarmNameFromAnotherSource() throws IOException {
        ObjectNode event = (ObjectNode) read("dlq-delivery-alarm.json");
        event.put("source", "custom.cloudwatch");

        assertThat(router.route(event)).isEmpty();
    }

    private static final String CLUSTER_ARN =
            "arn:aws:kafka:us-east-1:123456789012:cluster/orders-express/0a1b2c3d-0000-4000-8000-000000000001-1";
    private static final String CHANNEL = "orders.created-sales-orders_created-3f9a1c2b7e";
    private static final Home HOME = new Home("aws", "us-east-1", "123456789012");

    /**
     * The alarms provision-channel really creates (names, ARNs, metrics, dimensions from {@link ChannelAlarms}, under
     * both name scopes), as CloudWatch reports their state changes: each reaches respond-to-alarm, and the responder
     * reads it as one of ours for that channel and signal, not merely because its name starts like ours.
     */
    @ParameterizedTest
    @EnumSource(NameScope.class)
    void shouldRouteEveryAlarmProvisioningCreatesToTheResponderThatReadsItAsOurs(NameScope scope) {
        List<AlarmGateway.AlarmSpec> alarms = new ChannelAlarms(AlarmSettings.defaults())
                .all(CLUSTER_ARN, CHANNEL, "orders.created", 600, scope);
        assertThat(alarms).hasSize(3);
        for (AlarmGateway.AlarmSpec alarm : alarms) {
            JsonNode event = stateChange(alarm, "ALARM");

            assertThat(router.route(event)).as(alarm.name()).extracting(RouteTarget::targetLogicalId)
                    .containsExactly("RespondToAlarmFunction");
            AlarmEvent.Input input = AlarmEvent.parse(event, HOME);
            assertThat(input).as("%s read by the responder", alarm.name()).isInstanceOf(AlarmEvent.Input.Ours.class);
            AlarmEvent ours = ((AlarmEvent.Input.Ours) input).event();
            assertThat(List.of(ours.clusterName(), ours.channelName(), ours.topic(), ours.metricName()))
                    .containsExactly("orders-express", CHANNEL, "orders.created", alarm.metricName());
        }
    }

    /** The fixtures above are alarms provisioning would name so for their dimensions (they cannot drift from the product). */
    @ParameterizedTest
    @ValueSource(strings = {"dlq-delivery-alarm.json", "failed-rows-alarm.json", "data-freshness-alarm.json"})
    void shouldNameEveryOursFixtureAsProvisioningNamesItsAlarms(String file) throws IOException {
        JsonNode detail = read(file).path("detail");
        JsonNode dims = detail.at("/configuration/metrics/0/metricStat/metric/dimensions");
        String clusterArn = CLUSTER_ARN.replace("orders-express", dims.path("ClusterName").asText());
        List<String> names = new ArrayList<>();
        for (NameScope scope : NameScope.values()) {
            names.addAll(ChannelAlarms.names(clusterArn, dims.path("ChannelName").asText(), scope));
        }
        assertThat(names).contains(detail.path("alarmName").asText());
    }

    /**
     * The rule filters by name prefix only (EventBridge cannot know what we recorded): an alarm of someone else named
     * like ours is routed, and the responder, not the rule, refuses it.
     */
    @Test
    void shouldLeaveALookAlikeNamedLikeOursToTheResponderToRefuse() {
        AlarmGateway.AlarmSpec ours = new ChannelAlarms(AlarmSettings.defaults()).failedRows(CLUSTER_ARN, CHANNEL, "orders.created",
                NameScope.CLUSTER);
        AlarmGateway.AlarmSpec lookAlike = new AlarmGateway.AlarmSpec(ours.name().replace("FailedRowCount", "CpuUser"),
                ours.description(), ours.namespace(), "CpuUser", ours.dimensions(), ours.statistic(), ours.periodSeconds(),
                ours.evaluationPeriods(), ours.datapointsToAlarm(), ours.threshold(), ours.comparison(), ours.treatMissingData());
        JsonNode event = stateChange(lookAlike, "ALARM");

        assertThat(router.route(event)).extracting(RouteTarget::targetLogicalId).containsExactly("RespondToAlarmFunction");
        assertThat(AlarmEvent.parse(event, HOME)).isInstanceOfSatisfying(AlarmEvent.Input.Ignored.class,
                i -> assertThat(i.code()).isEqualTo("UNKNOWN_METRIC"));
    }

    /** A "CloudWatch Alarm State Change" event as EventBridge delivers it for {@code alarm} (fixture shape). */
    private static JsonNode stateChange(AlarmGateway.AlarmSpec alarm, String state) {
        ObjectNode e = JSON.createObjectNode().put("version", "0").put("id", "e-" + alarm.name().hashCode())
                .put("detail-type", "CloudWatch Alarm State Change").put("source", "aws.cloudwatch")
                .put("account", HOME.account()).put("time", "2026-11-29T16:21:00Z").put("region", HOME.region());
        e.putArray("resources").add("arn:aws:cloudwatch:us-east-1:123456789012:alarm:" + alarm.name());
        ObjectNode detail = e.putObject("detail").put("alarmName", alarm.name());
        detail.putObject("state").put("value", state).put("reason", "Threshold Crossed").put("timestamp", "2026-11-29T16:21:00.000+0000");
        detail.putObject("previousState").put("value", "OK").put("reason", "previous").put("timestamp", "2026-11-29T16:00:00.000+0000");
        ObjectNode config = detail.putObject("configuration").put("description", alarm.description());
        ObjectNode stat = config.putArray("metrics").addObject().put("id", "m1").put("returnData", true).putObject("metricStat");
        ObjectNode metric = stat.put("period", alarm.periodSeconds()).put("stat", alarm.statistic()).putObject("metric")
                .put("name", alarm.metricName()).put("namespace", alarm.namespace());
        alarm.dimensions().forEach(metric.putObject("dimensions")::put);
        return e;
    }

    private static JsonNode read(String file) throws IOException {
        return JSON.readTree(Repo.root().resolve("events/respond-to-alarm").resolve(file).toFile());
    }
}
