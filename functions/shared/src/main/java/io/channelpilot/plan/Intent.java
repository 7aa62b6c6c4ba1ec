package io.channelpilot.plan;

import io.channelpilot.model.ChannelSpec;
import java.util.Objects;

/**
 * One unit of work for the provisioning workflow: the channel identity, the plan, why, and the desired spec. It is the
 * Map item of {@code statemachine/provision-channel.asl.json} ({@code $.intent}) and travels as JSON between the
 * Lambdas, so field names are part of the contract ({@code $.intent.plan}, {@code $.intent.approved},
 * {@code $.intent.replaces} are read by the ASL).
 *
 * @param clusterArn   cluster
 * @param topic        source topic
 * @param channelName  the channel this intent acts on (for CREATE: the name to create)
 * @param plan         what to do
 * @param reason       stable code explaining the plan (e.g. {@code CHANNEL_MISSING}, {@code FRESHNESS_DRIFT})
 * @param message      human sentence explaining the plan
 * @param desired      desired spec; null for DELETE and UNMANAGED
 * @param fingerprint  fingerprint of {@code desired} ("" when none)
 * @param existing     the managed/unmanaged channel found for this topic/table, or null
 * @param approved     for REPLACE_NEEDS_APPROVAL: the rule's {@code approve=} matches the new fingerprint
 * @param replaces     for an approved replacement: the old channel to delete once the new one is ACTIVE, else null
 * @param trigger      what produced it: an event id, a sweep id, or "manual"
 */
public record Intent(String clusterArn, String topic, String channelName, Plan plan, String reason, String message,
                     ChannelSpec desired, String fingerprint, ObservedChannel existing, boolean approved,
                     ObservedChannel replaces, String trigger) {

    public Intent {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(channelName, "channelName");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(reason, "reason");
        message = message == null ? "" : message;
        fingerprint = fingerprint == null ? "" : fingerprint;
        trigger = trigger == null ? "" : trigger;
        if ((plan == Plan.CREATE || plan == Plan.UPDATE_FRESHNESS) && desired == null) {
            throw new IllegalArgumentException("plan " + plan + " needs a desired spec for " + channelName);
        }
    }

    public boolean needsWork() {
        return switch (plan) {
            case CREATE, UPDATE_FRESHNESS, DELETE -> true;
            case REPLACE_NEEDS_APPROVAL -> true;
            case NOOP, UNMANAGED, PAUSED -> false;
        };
    }
}
