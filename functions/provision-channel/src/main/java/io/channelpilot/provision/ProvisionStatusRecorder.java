package io.channelpilot.provision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.ChannelSpec;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ChannelStatus;
import io.channelpilot.store.RecordedAlarm;
import io.channelpilot.plan.TableClaim;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * Writes what provisioning did into the status store: the desired spec and fingerprint (notify diffs it when a
 * replacement needs approval), the channel ARN, the {@code Provisioned} condition and the execution.
 */
final class ProvisionStatusRecorder {

    private final StatusStore store;
    private final Clock clock;
    private final ObjectMapper mapper;

    public ProvisionStatusRecorder(StatusStore store, Clock clock, ObjectMapper mapper) {
        this.store = store;
        this.clock = clock;
        this.mapper = mapper;
    }

    /** @param alarms the alarms just created (recorded for the alarm responder's identity check); null keeps the recorded ones */
    void provisioned(ProvisionRequest request, ChannelSpec spec, String channelArn, String reason, String message,
                     List<RecordedAlarm> alarms) {
        String desired = json(spec);
        store.update(new ChannelKey(spec.clusterArn(), spec.channelName()), spec.topic(), s -> (alarms == null ? s : s.withAlarms(alarms))
                .withDesired(desired, spec.fingerprint())
                .withObserved(channelArn, s.observedStatus())
                .withLastExecution(request.correlationId())
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.TRUE, reason, message, clock.instant()));
    }

    /** What provisioning recorded for the channel (its spec and alarms), if anything. */
    Optional<ChannelStatus> recorded(String clusterArn, String channelName) {
        return store.find(new ChannelKey(clusterArn, channelName));
    }

    /** The recorded desired spec of a status, if it parses. */
    Optional<ChannelSpec> spec(ChannelStatus status) {
        try {
            return status.desiredJson().isEmpty() ? Optional.empty() : Optional.of(mapper.readValue(status.desiredJson(), ChannelSpec.class));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** Deleting the channel ends its claim on its table (the table itself is kept, README "Tenancy"). */
    void releaseTable(TableClaim claim) {
        store.releaseTable(claim);
    }

    /** Deleted: the alarms are gone too, so nothing is recorded for them any more (an event naming one is refused). */
    void deprovisioned(ProvisionRequest request, String channelName, String channelArn, String reason, String message) {
        store.update(new ChannelKey(request.intent().clusterArn(), channelName), request.intent().topic(), s -> s
                .withAlarms(List.of())
                .withObserved(channelArn.isEmpty() ? s.channelArn() : channelArn, channelArn.isEmpty() ? "DELETED" : "DELETING")
                .withLastExecution(request.correlationId())
                .withCondition(ConditionType.PROVISIONED, ConditionStatus.FALSE, reason, message, clock.instant()));
    }

    void released(ProvisionRequest request, String channelArn) {
        store.update(new ChannelKey(request.intent().clusterArn(), request.intent().channelName()), request.intent().topic(), s -> s
                .withAlarms(List.of())
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
