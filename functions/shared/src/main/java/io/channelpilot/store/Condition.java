package io.channelpilot.store;

import java.time.Instant;
import java.util.Objects;

/**
 * One observed condition of a channel. {@code reason} is a stable code (e.g. {@code ChannelActive},
 * {@code BROKER_NOT_EXPRESS}); {@code message} is for humans.
 */
public record Condition(ConditionType type, ConditionStatus status, String reason, String message,
                        Instant lastTransitionTime, long observedGeneration) {

    public Condition {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(reason, "reason");
        message = message == null ? "" : message;
        Objects.requireNonNull(lastTransitionTime, "lastTransitionTime");
    }

    public static Condition of(ConditionType type, ConditionStatus status, String reason, String message,
                               Instant now, long generation) {
        return new Condition(type, status, reason, message, now, generation);
    }

    /** True when both say the same thing, ignoring when (Strimzi StatusDiff ignores lastTransitionTime). */
    public boolean sameAs(Condition other) {
        return other != null && type == other.type && status == other.status && reason.equals(other.reason)
                && message.equals(other.message) && observedGeneration == other.observedGeneration;
    }
}
