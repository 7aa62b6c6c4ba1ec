package io.channelpilot.store;

import io.channelpilot.model.AsciiNumbers;
import io.channelpilot.model.OwnershipTags;
import io.channelpilot.plan.ClusterState;
import io.channelpilot.plan.FailureHistory;
import io.channelpilot.plan.ObservedChannel;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Gives the planner the FAILED history of this stack's FAILED channels (issue 5 follow-up): each FAILED instance is
 * recorded once by its ARN under (cluster, channel name, fingerprint) and counted, so recreating a channel that fails
 * every time stops after {@code limit} recreates instead of looping every sweep. One write and one Query per FAILED
 * channel — none when nothing is FAILED. Used by resolve-intents and the reconcile sweep before they plan, which is
 * also where the planner gets the store's table claims (a lookup, read only for desired channels without a channel).
 */
public final class FailureLedger {

    /** How long a failure counts: long enough to span many sweeps, short enough that a fixed cause is forgotten. */
    public static final Duration DEFAULT_WINDOW = Duration.ofDays(7);

    private static final com.fasterxml.jackson.databind.ObjectMapper CLAIM_READER = new com.fasterxml.jackson.databind.ObjectMapper();

    private final StatusStore store;
    private final String managedBy;
    private final int limit;
    private final Duration window;

    public FailureLedger(StatusStore store, String managedBy, int limit, Duration window) {
        this.store = store;
        this.managedBy = managedBy;
        this.limit = limit;
        this.window = window;
    }

    /** {@code CHANNEL_PILOT_FAILED_RECREATE_LIMIT} (default {@link FailureHistory#DEFAULT_LIMIT}, 0 = never recreate). */
    public static int limitFrom(Map<String, String> env) {
        String raw = env.getOrDefault(FailureHistory.LIMIT_VARIABLE, "");
        if (raw.isBlank()) {
            return FailureHistory.DEFAULT_LIMIT;
        }
        try {
            int value = AsciiNumbers.requireInt(raw.strip());
            if (value >= 0 && value <= 100) {
                return value;
            }
        } catch (NumberFormatException ignored) {
            // fall through
        }
        throw new IllegalArgumentException(FailureHistory.LIMIT_VARIABLE + " must be an integer 0..100, was '" + raw + "'");
    }

    public ClusterState enrich(ClusterState state) {
        Map<String, FailureHistory> history = new LinkedHashMap<>();
        for (ObservedChannel c : state.channels()) {
            if (!"FAILED".equals(c.status()) || !OwnershipTags.isManagedBy(c.tags(), managedBy)) {
                continue;
            }
            String fingerprint = OwnershipTags.fingerprint(c.tags()).orElse("");
            int failures = store.recordFailure(new ChannelKey(state.clusterArn(), c.channelName()), fingerprint, c.channelArn(), window);
            history.put(c.channelName(), new FailureHistory(Math.max(1, failures), limit));
        }
        ClusterState withClaims = state.withClaims(store::tableClaim).withIncomplete(incomplete(state));
        return history.isEmpty() ? withClaims : withClaims.withFailures(history);
    }

    /**
     * Our channels whose provisioning never finished (issue 16.1): provisioning claimed the channel's table (its first
     * write, before CreateChannel) but its status has no {@code Provisioned=True} — the provisioning function died
     * between the two. One status Query per cluster when we have channels on it, and one claim read per such
     * status. A status without the claim (a channel provisioned before claims or conditions existed, adopted by the
     * sweep's status correction) or with another channel's claim stays as planned.
     */
    private java.util.Set<String> incomplete(ClusterState state) {
        Map<String, ObservedChannel> ours = new LinkedHashMap<>();
        for (ObservedChannel c : state.channels()) {
            if (OwnershipTags.isManagedBy(c.tags(), managedBy) && !"FAILED".equals(c.status()) && !"DELETING".equals(c.status())) {
                ours.put(c.channelName(), c);
            }
        }
        if (ours.isEmpty()) {
            return java.util.Set.of();
        }
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (ChannelStatus s : store.list(state.clusterArn())) {
            ObservedChannel c = ours.get(s.key().channelName());
            boolean provisioned = s.condition(ConditionType.PROVISIONED).map(p -> p.status() == ConditionStatus.TRUE).orElse(false);
            if (c != null && !provisioned && s.fingerprint().equals(OwnershipTags.fingerprint(c.tags()).orElse(""))
                    && claimedBy(s, c)) {
                out.add(c.channelName());
            }
        }
        return out;
    }

    private boolean claimedBy(ChannelStatus status, ObservedChannel channel) {
        String bucket;
        try {
            bucket = CLAIM_READER.readTree(status.desiredJson()).path("infrastructure").path("tableBucketArn").asText("");
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            return false;
        }
        return !bucket.isEmpty() && store.tableClaim(bucket, channel.namespace(), channel.table())
                .map(claim -> claim.channelName().equals(channel.channelName())).orElse(false);
    }
}
