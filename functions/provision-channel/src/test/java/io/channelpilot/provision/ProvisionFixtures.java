package io.channelpilot.provision;

import io.channelpilot.model.ChannelNames;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Compression;
import io.channelpilot.model.Infrastructure;
import io.channelpilot.model.Operations;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.model.RecordFormat;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.SchemaRef;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.ObservedChannel;
import io.channelpilot.plan.Plan;
import java.util.List;
import java.util.Map;

/** One cluster, one orders spec and intents for every action. */
final class ProvisionFixtures {

    static final String ACCOUNT = "123456789012";
    static final String CLUSTER = "arn:aws:kafka:us-east-1:" + ACCOUNT + ":cluster/orders-express/7f3b2c1d-4e5a-4b6c-8d7e-9f0a1b2c3d4e-3";
    static final String BUCKET = "arn:aws:s3tables:us-east-1:" + ACCOUNT + ":bucket/analytics-lake";
    static final String KMS = "arn:aws:kms:us-east-1:" + ACCOUNT + ":key/11111111-2222-3333-4444-555555555555";
    static final String MANAGED_BY = "channel-pilot";

    private ProvisionFixtures() {
    }

    static ChannelSpec spec(String table, int freshness) {
        String name = ChannelNames.of("orders", "sales", table);
        return new ChannelSpec(CLUSTER, "orders", "sales", table, new SchemaRef("sales-registry", "orders"), RecordFormat.JSON,
                "event_time", freshness, Compression.ZSTD,
                new Infrastructure(BUCKET, "arn:aws:s3:::channel-dlq", "dlq/" + name + "/",
                        "arn:aws:iam::" + ACCOUNT + ":role/channel-role", KMS, "/aws/msk/channel-pilot/" + name),
                new Operations("team-sales", RedrivePolicy.MANUAL, List.of(), false, true, ""));
    }

    static Intent create(ChannelSpec spec) {
        return new Intent(CLUSTER, spec.topic(), spec.channelName(), Plan.CREATE, "CHANNEL_MISSING", "", spec,
                spec.fingerprint(), null, false, null, "evt-1");
    }

    static Intent update(ChannelSpec spec, ObservedChannel existing) {
        return new Intent(CLUSTER, spec.topic(), spec.channelName(), Plan.UPDATE_FRESHNESS, "FRESHNESS_DRIFT", "", spec,
                spec.fingerprint(), existing, false, null, "sweep-1");
    }

    static Intent delete(String channelName, ObservedChannel existing) {
        return new Intent(CLUSTER, "orders", channelName, Plan.DELETE, "NO_LONGER_DESIRED", "", null, "", existing, false,
                null, "evt-2");
    }

    static Intent release(String channelName, ObservedChannel existing) {
        return new Intent(CLUSTER, "orders", channelName, Plan.RELEASE, "RELEASE_REQUESTED", "", null, "", existing, false,
                null, "evt-4");
    }

    static Intent replace(ChannelSpec next, ObservedChannel old) {
        return new Intent(CLUSTER, next.topic(), next.channelName(), Plan.REPLACE_NEEDS_APPROVAL, "NON_UPDATABLE_CHANGE", "",
                next, next.fingerprint(), old, true, old, "evt-3");
    }

    static Map<String, String> ours(ChannelSpec spec) {
        return OwnershipTags.of(spec, MANAGED_BY);
    }

    static ProvisionConfig config(List<String> principals) {
        return ProvisionConfig.from(Map.of("CHANNEL_PILOT_LOG_RETENTION_DAYS", "14", "CHANNEL_PILOT_QUERY_PRINCIPALS",
                String.join(",", principals), "CHANNEL_PILOT_STACK_NAME", MANAGED_BY));
    }
}
