package io.channelpilot.model;

import java.util.List;
import java.util.Map;

/** Shared fixtures: one stack and one valid spec, in account 123456789012, us-east-1. */
public final class TestSpecs {

    public static final String ACCOUNT = "123456789012";
    public static final String CLUSTER_ARN = "arn:aws:kafka:us-east-1:" + ACCOUNT + ":cluster/demo/1b2c3d4e-5f60-7182-93a4-b5c6d7e8f901-1";
    public static final String TABLE_BUCKET_ARN = "arn:aws:s3tables:us-east-1:" + ACCOUNT + ":bucket/lake";
    public static final String ROLE_ARN = "arn:aws:iam::" + ACCOUNT + ":role/channel-pilot-channel";
    public static final String KMS_ARN = "arn:aws:kms:us-east-1:" + ACCOUNT + ":key/11111111-2222-3333-4444-555555555555";

    private TestSpecs() {
    }

    public static Map<String, String> env() {
        return Map.of("CHANNEL_PILOT_TABLE_BUCKET_ARN", TABLE_BUCKET_ARN, "CHANNEL_PILOT_DLQ_BUCKET", "channel-dlq",
                "CHANNEL_PILOT_DLQ_PREFIX", "dlq/", "CHANNEL_PILOT_SERVICE_ROLE_ARN", ROLE_ARN, "CHANNEL_PILOT_KMS_KEY_ARN", KMS_ARN,
                "CHANNEL_PILOT_DEFAULT_NAMESPACE", "streaming", "CHANNEL_PILOT_STACK_NAME", "channel-pilot-test");
    }

    public static StackSettings stack() {
        return StackSettings.from(env());
    }

    public static ChannelSpec orders() {
        String name = ChannelNames.of("orders", "sales", "orders");
        return new ChannelSpec(CLUSTER_ARN, "orders", "sales", "orders", new SchemaRef("sales-registry", "orders"),
                RecordFormat.JSON, "event_time", 600, Compression.ZSTD, Infrastructure.of(stack(), CLUSTER_ARN, name),
                new Operations("team-sales", RedrivePolicy.MANUAL, List.of(RepairRule.parse("drop:/debug")), false, true, ""));
    }
}
