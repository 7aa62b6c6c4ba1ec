package io.channelpilot.plan;

import io.channelpilot.model.ChannelSpec;
import java.util.Map;
import java.util.Objects;

/**
 * One unit of work for the provisioning workflow: the channel identity, the plan, why, and the desired spec. It is the
 * Map item of {@code statemachine/provision-channel.asl.json} ({@code $.intent}) and travels as JSON between the
 * Lambdas, so field names are part of the contract ({@code $.intent.plan}, {@code $.intent.approved},
 * {@code $.intent.replaces} are read by the ASL).
 *
 * <p>{@code tableKey} and {@code channelTags} were added by the resolver: a replacement writes to a new physical table
 * ({@code desired.table()}) but must keep the logical table key of its predecessor, which {@code desired} alone cannot
 * express. Provision writes {@code channelTags} on the channel it creates (they equal
 * {@code OwnershipTags.of(desired, managedBy, tableKey)}).
 *
 * @param clusterArn   cluster
 * @param topic        source topic
 * @param channelName  the channel this intent acts on (for CREATE: the name to create)
 * @param plan         what to do
 * @param reason       stable code explaining the plan ({@link PlanReason} name, e.g. {@code CHANNEL_MISSING})
 * @param message      human sentence explaining the plan
 * @param desired      desired spec; null for DELETE, UNMANAGED and RELEASE
 * @param fingerprint  fingerprint of {@code desired}, or of the existing channel for DELETE/RELEASE ("" when none)
 * @param existing     the managed/unmanaged channel found for this topic/table, or null
 * @param approved     for REPLACE_NEEDS_APPROVAL: the rule's {@code approve=} matches the new fingerprint
 * @param replaces     for an approved replacement: the old channel to delete once the new one is ACTIVE, else null
 * @param trigger      what produced it: an event id, a sweep id, or a manual request id
 * @param tableKey     logical {@code <namespace>.<table>} this channel serves ("" when unknown)
 * @param channelTags  tags the channel must carry when created (empty when nothing is created)
 * @param tableOwner   for CREATE: another channel's claim on {@code desired}'s table found when planning (validation
 *                     refuses it, {@code TABLE_CLAIMED}); null when the table is free or ours
 */
public record Intent(String clusterArn, String topic, String channelName, Plan plan, String reason, String message,
                     ChannelSpec desired, String fingerprint, ObservedChannel existing, boolean approved,
                     ObservedChannel replaces, String trigger, String tableKey, Map<String, String> channelTags,
                     TableClaim tableOwner) {

    public Intent {
        Objects.requireNonNull(clusterArn, "clusterArn");
        Objects.requireNonNull(topic, "topic");
        Objects.requireNonNull(channelName, "channelName");
        Objects.requireNonNull(plan, "plan");
        Objects.requireNonNull(reason, "reason");
        message = message == null ? "" : message;
        fingerprint = fingerprint == null ? "" : fingerprint;
        trigger = trigger == null ? "" : trigger;
        tableKey = tableKey == null ? "" : tableKey;
        channelTags = Map.copyOf(channelTags == null ? Map.of() : channelTags);
        if ((plan == Plan.CREATE || plan == Plan.UPDATE_FRESHNESS || plan == Plan.REPLACE_NEEDS_APPROVAL) && desired == null) {
            throw new IllegalArgumentException("plan " + plan + " needs a desired spec for " + channelName);
        }
        if ((plan == Plan.DELETE || plan == Plan.RELEASE) && existing == null) {
            throw new IllegalArgumentException("plan " + plan + " needs the existing channel for " + channelName);
        }
    }

    public Intent(String clusterArn, String topic, String channelName, Plan plan, String reason, String message,
                  ChannelSpec desired, String fingerprint, ObservedChannel existing, boolean approved,
                  ObservedChannel replaces, String trigger, String tableKey, Map<String, String> channelTags) {
        this(clusterArn, topic, channelName, plan, reason, message, desired, fingerprint, existing, approved, replaces,
                trigger, tableKey, channelTags, null);
    }

    /** This intent, carrying another owner's claim on its table. */
    public Intent withTableOwner(TableClaim owner) {
        return new Intent(clusterArn, topic, channelName, plan, reason, message, desired, fingerprint, existing, approved,
                replaces, trigger, tableKey, channelTags, owner);
    }

    /** The original shape (before tableKey/channelTags were added). */
    public Intent(String clusterArn, String topic, String channelName, Plan plan, String reason, String message,
                  ChannelSpec desired, String fingerprint, ObservedChannel existing, boolean approved,
                  ObservedChannel replaces, String trigger) {
        this(clusterArn, topic, channelName, plan, reason, message, desired, fingerprint, existing, approved, replaces,
                trigger, "", Map.of());
    }

    public boolean needsWork() {
        return switch (plan) {
            case CREATE, UPDATE_FRESHNESS, DELETE, RELEASE -> true;
            case REPLACE_NEEDS_APPROVAL -> true;
            case NOOP, UNMANAGED, PAUSED -> false;
        };
    }
}
