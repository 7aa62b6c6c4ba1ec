package io.channelpilot.tests.oncall;

import io.channelpilot.workflow.WorkflowJson;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.channelpilot.gateway.ChannelRequests;
import io.channelpilot.gateway.SdkAlarmGateway;
import io.channelpilot.local.world.LocalClients;
import io.channelpilot.local.world.LocalWorld;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.StackSettings;
import io.channelpilot.notification.ItemState;
import io.channelpilot.provision.AlarmSettings;
import io.channelpilot.provision.ChannelAlarms;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.gateway.DynamoDbStatusStore;
import io.channelpilot.store.RecordedAlarm;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.cloudwatch.CloudWatchClient;
import software.amazon.awssdk.services.cloudwatchlogs.CloudWatchLogsClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.kafka.KafkaClient;
import software.amazon.awssdk.services.kafka.model.Cluster;

/**
 * A channel as provisioning leaves it, for the on-call tests: resolved from the cluster's tags, its log group, the
 * channel, its three alarms put and recorded (respond-to-alarm acts only on recorded alarms), and its desired spec
 * and observed state in the status table. The channel is CREATING; advance the world to make it ACTIVE.
 */
public final class AlarmedChannels {

    private AlarmedChannels() {
    }

    public static ChannelSpec create(LocalWorld world, String clusterName, String topic) {
        String region = world.file().region();
        try (KafkaClient kafka = LocalClients.build(KafkaClient.builder(), world.server().endpoint(), region);
             CloudWatchLogsClient logs = LocalClients.build(CloudWatchLogsClient.builder(), world.server().endpoint(), region);
             CloudWatchClient cw = LocalClients.build(CloudWatchClient.builder(), world.server().endpoint(), region);
             DynamoDbClient dynamo = LocalClients.build(DynamoDbClient.builder(), world.server().endpoint(), region)) {
            Cluster cluster = kafka.listClustersV2(r -> { }).clusterInfoList().stream()
                    .filter(c -> c.clusterName().equals(clusterName)).findFirst().orElseThrow();
            ChannelSpec spec = new SpecResolver(StackSettings.from(world.functionEnvironment()))
                    .resolve(cluster.clusterArn(), cluster.tags(), topic, Map.of()).specs().get(0);
            logs.createLogGroup(r -> r.logGroupName(spec.infrastructure().logGroup()));
            String channelArn = kafka.createChannel(ChannelRequests.create(spec, "channel-pilot-local")).channelArn();
            SdkAlarmGateway alarms = new SdkAlarmGateway(cw);
            List<RecordedAlarm> recorded = new ArrayList<>();
            new ChannelAlarms(AlarmSettings.defaults()).all(spec.clusterArn(), spec.channelName(), topic,
                    spec.freshnessSeconds(), spec.infrastructure().names()).forEach(a -> {
                        alarms.put(a);
                        recorded.add(ChannelAlarms.record(spec.clusterArn(), a));
                    });
            String desired = WorkflowJson.mapper().writeValueAsString(spec);
            new DynamoDbStatusStore(dynamo, world.stack().statusTable(), world.clock())
                    .update(new ChannelKey(spec.clusterArn(), spec.channelName()), topic,
                            s -> s.withDesired(desired, spec.fingerprint()).withObserved(channelArn, "ACTIVE").withAlarms(recorded));
            return spec;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
