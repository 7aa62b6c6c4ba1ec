package io.channelpilot.validation;

import io.channelpilot.gateway.GatewayResult;
import java.util.List;
import java.util.Optional;

/**
 * Channel quotas, read from Service Quotas by name and compared with ListChannels counts. Never hard-coded: when no
 * quota of that name exists the rule is UNKNOWN and names the setting to fix.
 */
final class QuotaChecks {

    private QuotaChecks() {
    }

    static List<Check> all() {
        return List.of(perCluster(), perTopic());
    }

    static Check perCluster() {
        return Check.of(RuleCode.QUOTA_CHANNELS_PER_CLUSTER, ctx -> evaluate(RuleCode.QUOTA_CHANNELS_PER_CLUSTER, ctx,
                ctx.settings().channelsPerClusterQuota(), "QUOTA_NAME_CHANNELS_PER_CLUSTER",
                ctx.channelsOnCluster(), ctx.clusterChannelQuota(), "cluster " + ctx.cluster().name()));
    }

    static Check perTopic() {
        return Check.of(RuleCode.QUOTA_CHANNELS_PER_TOPIC, ctx -> evaluate(RuleCode.QUOTA_CHANNELS_PER_TOPIC, ctx,
                ctx.settings().channelsPerTopicQuota(), "QUOTA_NAME_CHANNELS_PER_TOPIC",
                ctx.channelsOnTopic(), ctx.topicChannelQuota(), "topic " + ctx.spec().topic()));
    }

    private static Finding evaluate(RuleCode rule, ValidationContext ctx, String quotaName, String setting,
                                    GatewayResult<Integer> count, GatewayResult<Optional<Double>> quotaLookup, String scope) {
        return quotaLookup.fold(quota -> {
            if (quota.isEmpty()) {
                return rule.unknown("Service Quotas has no quota named '" + quotaName + "' for service "
                                + ctx.settings().quotaServiceCode() + ".",
                        "Set " + setting + " to the quota's exact name as listed by 'aws service-quotas list-service-quotas --service-code "
                                + ctx.settings().quotaServiceCode() + "'.");
            }
            double limit = quota.get();
            return count.fold(n -> n + 1 <= limit
                            ? rule.pass(scope + " has " + n + " channel(s); quota '" + quotaName + "' is " + (long) limit + ".")
                            : rule.fail(scope + " already has " + n + " channel(s); quota '" + quotaName + "' is " + (long) limit + ".",
                                    "Delete unused channels on " + scope + ", or request a quota increase for '" + quotaName + "' in Service Quotas."),
                    rule::unknown);
        }, rule::unknown);
    }
}
