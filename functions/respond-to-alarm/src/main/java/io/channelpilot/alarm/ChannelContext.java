package io.channelpilot.alarm;

import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;

import java.util.List;
import java.util.Objects;

/**
 * Everything the responder knows about the alarmed channel: identity (cluster ARN, channel ARN), where its DLQ objects
 * are, and the operations settings from its desired spec (owner, redrive policy, repair rules, freshness).
 *
 * @param specKnown false when no desired spec was recorded (e.g. an adopted channel): defaults were used
 */
record ChannelContext(String clusterArn, String clusterName, String channelName, String channelArn, String topic,
                             String owner, RedrivePolicy redrive, List<RepairRule> repairRules, int freshnessSeconds,
                             String dlqBucket, String dlqPrefix, boolean specKnown) {

    public ChannelContext {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(channelName, "channelName");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(redrive, "redrive");
        channelArn = channelArn == null ? "" : channelArn;
        owner = owner == null ? "" : owner;
        repairRules = List.copyOf(repairRules == null ? List.of() : repairRules);
        dlqBucket = dlqBucket == null ? "" : dlqBucket;
        dlqPrefix = dlqPrefix == null ? "" : dlqPrefix;
    }
}
