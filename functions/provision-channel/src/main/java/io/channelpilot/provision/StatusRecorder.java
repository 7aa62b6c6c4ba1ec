package io.channelpilot.provision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;

/**
 * Writes what provisioning did into the status store: the desired spec and fingerprint (notify diffs it when a
 * replacement needs approval), the channel ARN, the {@code Provisioned} condition and the execution.
 */
public final class StatusRecorder {

    private final StatusStore store;
    private final Clock clock;
    private final ObjectMapper mapper;

    public StatusRecorder(StatusStore store, Clock clock, ObjectMapper mapper) {
        this.store = store;
        this.clock = clock;
        this.mapper = mapper;
    }

    void provisioned(ProvisionRequest request, ChannelSpec spec, String channelArn, String reason, String message) {
        String desired = json(spec);
        store.update(new ChannelKey(spec.clusterArn(), spec.channelName()), spec.topic(), s -> s
                .withDesired(desired, spec.fingerprint())
                .withObserved(channelArn, s.observedStatus())
                .withLastExecution(request.correlationId())
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.TRUE, reason, message, clock.instant()));
    }

    void deprovisioned(ProvisionRequest request, String channelName, String channelArn, String reason, String message) {
        store.update(new ChannelKey(request.intent().clusterArn(), channelName), request.intent().topic(), s -> s
                .withObserved(channelArn.isEmpty() ? s.channelArn() : channelArn, channelArn.isEmpty() ? "DELETED" : "DELETING")
                .withLastExecution(request.correlationId())
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.FALSE, reason, message, clock.instant()));
    }

    void released(ProvisionRequest request, String channelArn) {
        store.update(new ChannelKey(request.intent().clusterArn(), request.intent().channelName()), request.intent().topic(), s -> s
                .withObserved(channelArn.isEmpty() ? s.channelArn() : channelArn, s.observedStatus())
                .withLastExecution(request.correlationId())
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.FALSE, "ChannelReleased",
                        "managed=false: ownership tags and alarms removed; the channel keeps running", clock.instant()));
    }

    private String json(ChannelSpec spec) {
        try {
            return mapper.writeValueAsString(spec);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("desired spec is not serialisable", e);
        }
    }
}
