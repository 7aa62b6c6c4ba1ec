package io.channelpilot.resolve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Plan;
import io.channelpilot.store.ChannelKey;
import io.channelpilot.store.ConditionStatus;
import io.channelpilot.store.ConditionType;
import io.channelpilot.store.StatusStore;
import java.time.Clock;
import java.util.List;

/**
 * Records what is desired as soon as it is known, so the status table answers "what should this channel be" even
 * while an execution is still validating, and a replacement waiting for approval is visible as condition
 * {@code ReplacementPending=True} (cleared once the channel is in sync again). Observed state, Validated/Provisioned
 * conditions and the last execution are written by the later steps, which know them.
 *
 * <p>Idempotent by construction: {@code withDesired} bumps the generation only when the spec or fingerprint changed and
 * the store skips writes that change nothing but timestamps, so a duplicate delivery that re-plans writes nothing.
 */
final class DesiredStatusRecorder {

    private final StatusStore store;
    private final ObjectMapper json;
    private final Clock clock;

    DesiredStatusRecorder(StatusStore store, ObjectMapper json, Clock clock) {
        this.store = store;
        this.json = json;
        this.clock = clock;
    }

    void record(List<Intent> intents) {
        for (Intent intent : intents) {
            if (intent.desired() == null) {
                continue;
            }
            String desired = toJson(intent);
            store.update(new ChannelKey(intent.clusterArn(), intent.channelName()), intent.topic(), status -> {
                var next = status.withDesired(desired, intent.fingerprint());
                if (intent.plan() == Plan.REPLACE_NEEDS_APPROVAL) {
                    return next.withCondition(ConditionType.REPLACEMENT_PENDING, ConditionStatus.TRUE, intent.reason(),
                            intent.message(), clock.instant());
                }
                boolean pending = next.condition(ConditionType.REPLACEMENT_PENDING).map(c -> c.status() == ConditionStatus.TRUE)
                        .orElse(false);
                return pending ? next.withCondition(ConditionType.REPLACEMENT_PENDING, ConditionStatus.FALSE, intent.reason(),
                        intent.message(), clock.instant()) : next;
            });
        }
    }

    private String toJson(Intent intent) {
        try {
            return json.writeValueAsString(intent.desired());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a ChannelSpec always serialises; failed for " + intent.channelName(), e);
        }
    }
}
