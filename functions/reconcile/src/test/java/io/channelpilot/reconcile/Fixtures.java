package io.channelpilot.reconcile;

import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.StackSettings;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.spec.SpecResolver;
import java.util.Map;

/** Shared test data: one rule {@code prefix=orders.} on a demo cluster, the stack, channel builders. */
final class Fixtures {

    static final String CLUSTER = "arn:aws:kafka:us-east-1:123456789012:cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    static final String OTHER = "arn:aws:kafka:us-east-1:123456789012:cluster/other/2b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    static final String ORDERS_RULE = "prefix=orders. namespace=sales schema=sales-registry/orders partition=event_time";
    static final Map<String, String> TAGS = Map.of("channel-pilot/orders", ORDERS_RULE);
    static final Map<String, String> ENV = Map.of(
            "CHANNEL_PILOT_TABLE_BUCKET_ARN", "arn:aws:s3tables:us-east-1:123456789012:bucket/lake",
            "CHANNEL_PILOT_DLQ_BUCKET", "channel-dlq",
            "CHANNEL_PILOT_SERVICE_ROLE_ARN", "arn:aws:iam::123456789012:role/channel-pilot-channel",
            "CHANNEL_PILOT_STACK_NAME", "channel-pilot-test");
    static final StackSettings STACK = StackSettings.from(ENV);

    private Fixtures() {
    }

    static ChannelSpec spec(String cluster, Map<String, String> tags, String topic) {
        return new SpecResolver(STACK).resolve(cluster, tags, topic, Map.of()).specs().get(0);
    }

    static ObservedChannel ours(String cluster, String topic, int freshness, String status) {
        ChannelSpec spec = spec(cluster, TAGS, topic);
        return new ObservedChannel(cluster.replace(":cluster/", ":channel/") + "/" + spec.channelName(), spec.channelName(),
                status, freshness, OwnershipTags.of(spec, STACK.managedBy()), topic, spec.namespace(), spec.table());
    }

    static ObservedChannel unmanaged(String cluster, String name, String topic) {
        return new ObservedChannel(cluster.replace(":cluster/", ":channel/") + "/" + name, name, "ACTIVE", 600,
                Map.of("team", "iac"), topic, "sales", topic.replace('.', '_'));
    }
}
