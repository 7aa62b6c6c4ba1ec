package io.channelpilot.local.world.msk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One channel and its lifecycle. The status is a pure function of the virtual clock: every read first calls
 * {@link #advance(Instant)}, which applies a due transition (no background threads, no timers). Not thread-safe: the
 * emulator serialises access.
 */
final class Channel {

    final String arn;
    final String clusterArn;
    final String clusterName;
    final ChannelSpec spec;
    final ObjectNode echo;
    final Instant creationTime;
    final ChannelTimings.Resolved timings;
    final Map<String, String> tags;

    private ChannelStatus status = ChannelStatus.CREATING;
    private StateInfo stateInfo;
    private Instant phaseEnd;
    private ChannelStatus next;
    private StateInfo nextStateInfo;
    private ClusterOperation operation;
    private int freshness;
    private boolean delivered;
    private boolean gone;
    private String schemaDefinition;

    Channel(String arn, String clusterArn, String clusterName, ChannelSpec spec, ObjectNode echo, Instant now,
            ChannelTimings.Resolved timings, ClusterOperation createOperation, Optional<StateInfo> createFailure) {
        this.arn = arn;
        this.clusterArn = clusterArn;
        this.clusterName = clusterName;
        this.spec = spec;
        this.echo = echo;
        this.creationTime = now;
        this.timings = timings;
        this.tags = new LinkedHashMap<>(spec.tags());
        this.freshness = spec.dataFreshnessInSeconds();
        this.operation = createOperation;
        this.phaseEnd = createOperation.end();
        this.next = createFailure.isPresent() ? ChannelStatus.FAILED : ChannelStatus.ACTIVE;
        this.nextStateInfo = createFailure.orElse(null);
    }

    /** Applies the transition that is due at {@code now}, if any. */
    void advance(Instant now) {
        if (phaseEnd == null || now.isBefore(phaseEnd)) {
            return;
        }
        phaseEnd = null;
        operation = null;
        if (status == ChannelStatus.DELETING) {
            gone = true;
            return;
        }
        status = next;
        stateInfo = nextStateInfo;
    }

    void startUpdate(Instant now, int newFreshness, ClusterOperation op) {
        status = ChannelStatus.UPDATING;
        // ASSUMPTION: Describe shows the requested freshness as soon as the update is accepted.
        freshness = newFreshness;
        operation = op;
        phaseEnd = op.end();
        next = ChannelStatus.ACTIVE;
        nextStateInfo = null;
    }

    void startDelete(ClusterOperation op) {
        status = ChannelStatus.DELETING;
        operation = op;
        phaseEnd = op.end();
    }

    /** Reference §2: ACTIVE → SUSPENDED when the destination table is deleted after delivery had worked. */
    boolean suspendIfDelivered(StateInfo reason) {
        if (status != ChannelStatus.ACTIVE || !delivered) {
            return false;
        }
        status = ChannelStatus.SUSPENDED;
        stateInfo = reason;
        return true;
    }

    void captureSchema(String definition) {
        schemaDefinition = definition;
    }

    void markDelivered() {
        delivered = true;
    }

    Duration deleting() {
        return timings.deleting();
    }

    ChannelStatus status() {
        return status;
    }

    Optional<StateInfo> stateInfo() {
        return Optional.ofNullable(stateInfo);
    }

    /** Reference §1.1: "returned only while CREATING, UPDATING, or DELETING". */
    Optional<ClusterOperation> operationInFlight() {
        return status.inFlight() ? Optional.ofNullable(operation) : Optional.empty();
    }

    int freshness() {
        return freshness;
    }

    boolean isGone() {
        return gone;
    }

    boolean delivered() {
        return delivered;
    }

    ChannelView view() {
        return new ChannelView(arn, clusterArn, clusterName, spec, status, stateInfo(), creationTime, freshness,
                Map.copyOf(tags), delivered, Optional.ofNullable(schemaDefinition));
    }
}
