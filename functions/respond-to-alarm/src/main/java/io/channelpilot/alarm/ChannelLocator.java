package io.channelpilot.alarm;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.model.Operations;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.StatusStore;

import java.util.Optional;
import io.channelpilot.alarm.gateway.AlarmPorts;

/**
 * Alarm dimensions → the channel: cluster ARN by name (MSK), then the desired spec recorded by provisioning (owner,
 * redrive policy, repair rules, DLQ prefix, freshness). A channel without a recorded spec gets the stack defaults
 * (redrive manual, DLQ prefix {@code <stack prefix><channel>/}), which the notification says.
 */
final class ChannelLocator {

    private final AlarmPorts.Msk msk;
    private final StatusStore store;
    private final ObjectMapper mapper;
    private final String dlqBucket;
    private final String dlqPrefix;

    ChannelLocator(AlarmPorts.Msk msk, StatusStore store, ObjectMapper mapper, String dlqBucket, String dlqPrefix) {
        this.msk = msk;
        this.store = store;
        this.mapper = mapper;
        this.dlqBucket = dlqBucket;
        this.dlqPrefix = dlqPrefix.isEmpty() || dlqPrefix.endsWith("/") ? dlqPrefix : dlqPrefix + "/";
    }

    Optional<ChannelContext> locate(AlarmEvent e) {
        Optional<String> clusterArn = msk.clusterArn(e.clusterName());
        if (clusterArn.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(locate(e, clusterArn.get(), store.find(new ChannelKey(clusterArn.get(), e.channelName()))));
    }

    /** The context of a channel whose cluster and status {@link AlarmIdentity} already read. */
    ChannelContext locate(AlarmEvent e, String clusterArnOf, Optional<ChannelStatus> status) {
        Optional<String> clusterArn = Optional.of(clusterArnOf);
        Optional<ChannelSpec> spec = status.map(ChannelStatus::desiredJson).filter(j -> !j.isEmpty()).flatMap(this::spec);
        String recorded = status.map(ChannelStatus::channelArn).orElse("");
        String channelArn = !recorded.isEmpty() ? recorded : msk.channel(clusterArn.get(), e.topic(), e.channelName())
                .map(AlarmPorts.ChannelState::channelArn).orElse("");
        if (spec.isPresent()) {
            ChannelSpec s = spec.get();
            Operations ops = s.operations();
            return new ChannelContext(clusterArn.get(), e.clusterName(), e.channelName(), channelArn, e.topic(),
                    ops.owner(), ops.redrive(), ops.repair(), s.freshnessSeconds(), s.infrastructure().dlqBucket(),
                    s.infrastructure().dlqPrefix(), true);
        }
        Operations ops = Operations.defaults();
        int freshness = msk.channel(clusterArn.get(), e.topic(), e.channelName()).map(AlarmPorts.ChannelState::freshnessSeconds)
                .filter(f -> f > 0).orElse(ChannelSpec.DEFAULT_FRESHNESS);
        return new ChannelContext(clusterArn.get(), e.clusterName(), e.channelName(), channelArn, e.topic(),
                ops.owner(), ops.redrive(), ops.repair(), freshness, dlqBucket, dlqPrefix + e.channelName() + "/", false);
    }

    private Optional<ChannelSpec> spec(String json) {
        try {
            return Optional.of(mapper.readValue(json, ChannelSpec.class));
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
