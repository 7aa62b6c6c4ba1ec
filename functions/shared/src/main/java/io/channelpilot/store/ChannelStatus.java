package io.channelpilot.store;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What Channel Pilot knows about one channel: the desired spec (as JSON) and its fingerprint, what was last observed
 * (status, ARN), the conditions, the generation of the desired spec, and the execution that last touched it.
 * {@code version} is the optimistic-concurrency counter of the stored item (0 = not stored yet). {@code transition} is
 * the last change of the observed status and whether its state-change event was published (null before the first).
 */
public record ChannelStatus(ChannelKey key, String topic, String channelArn, String desiredJson, String fingerprint,
                            String observedStatus, long generation, String lastExecution, List<Condition> conditions,
                            List<RecordedAlarm> alarms, Instant updatedAt, long version, StateTransition transition) {

    public ChannelStatus {
        Objects.requireNonNull(key, "key");
        topic = topic == null ? "" : topic;
        channelArn = channelArn == null ? "" : channelArn;
        desiredJson = desiredJson == null ? "" : desiredJson;
        fingerprint = fingerprint == null ? "" : fingerprint;
        observedStatus = observedStatus == null ? "" : observedStatus;
        lastExecution = lastExecution == null ? "" : lastExecution;
        conditions = List.copyOf(conditions == null ? List.of() : conditions);
        alarms = List.copyOf(alarms == null ? List.of() : alarms);
        Objects.requireNonNull(updatedAt, "updatedAt");
    }

    /** The shape before transitions. */
    public ChannelStatus(ChannelKey key, String topic, String channelArn, String desiredJson, String fingerprint,
                         String observedStatus, long generation, String lastExecution, List<Condition> conditions,
                         Instant updatedAt, long version) {
        this(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation, lastExecution, conditions, List.of(),
                updatedAt, version, null);
    }

    public static ChannelStatus fresh(ChannelKey key, String topic, Instant now) {
        return new ChannelStatus(key, topic, "", "", "", "", 0, "", List.of(), List.of(), now, 0, null);
    }

    public Optional<Condition> condition(ConditionType type) {
        return conditions.stream().filter(c -> c.type() == type).findFirst();
    }

    /**
     * Sets a condition. {@code lastTransitionTime} moves only when the status flips, so repeated observations of
     * the same state do not churn (style anchor 10).
     */
    public ChannelStatus withCondition(ConditionType type, ConditionStatus status, String reason, String message,
                                       Instant now) {
        List<Condition> next = new ArrayList<>();
        Condition previous = condition(type).orElse(null);
        Instant transition = previous != null && previous.status() == status ? previous.lastTransitionTime() : now;
        Condition updated = new Condition(type, status, reason, message, transition, generation);
        boolean placed = false;
        for (Condition c : conditions) {
            if (c.type() == type) {
                next.add(updated);
                placed = true;
            } else {
                next.add(c);
            }
        }
        if (!placed) {
            next.add(updated);
        }
        next.sort((a, b) -> a.type().compareTo(b.type()));
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                lastExecution, next, alarms, updatedAt, version, this.transition);
    }

    public ChannelStatus withObserved(String channelArn, String observedStatus) {
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                lastExecution, conditions, alarms, updatedAt, version, transition);
    }

    /** Records a new desired spec; bumps the generation only when the fingerprint or spec changed. */
    public ChannelStatus withDesired(String desiredJson, String fingerprint) {
        boolean changed = !this.desiredJson.equals(desiredJson) || !this.fingerprint.equals(fingerprint);
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus,
                changed ? generation + 1 : generation, lastExecution, conditions, alarms, updatedAt, version, transition);
    }

    public ChannelStatus withLastExecution(String execution) {
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                execution, conditions, alarms, updatedAt, version, transition);
    }

    /** The alarms provisioning created for this channel (replaces the recorded set). */
    public ChannelStatus withAlarms(List<RecordedAlarm> recorded) {
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                lastExecution, conditions, recorded, updatedAt, version, transition);
    }

    /** The recorded alarm of that name, if provisioning recorded one. */
    public Optional<RecordedAlarm> alarm(String name) {
        return alarms.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public ChannelStatus stored(Instant at, long newVersion) {
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                lastExecution, conditions, alarms, at, newVersion, transition);
    }

    /**
     * {@code next} as it will be stored as version {@code newVersion}: when the observed status changed from
     * {@code current}'s, it carries a new unpublished {@link StateTransition} (both stores call this in their write).
     */
    public static ChannelStatus withTransitionFrom(ChannelStatus current, ChannelStatus next, Instant at, long newVersion) {
        if (next.observedStatus.equals(current.observedStatus) || next.observedStatus.isEmpty()) {
            return next;
        }
        return next.withTransition(new StateTransition(current.observedStatus, next.observedStatus, at, Long.toString(newVersion), false));
    }

    public ChannelStatus withTransition(StateTransition t) {
        return new ChannelStatus(key, topic, channelArn, desiredJson, fingerprint, observedStatus, generation,
                lastExecution, conditions, alarms, updatedAt, version, t);
    }

    /** The transition whose event is still to be published, if any. */
    public java.util.Optional<StateTransition> pendingTransition() {
        return transition == null || transition.published() ? java.util.Optional.empty() : java.util.Optional.of(transition);
    }

    /** True when nothing but timestamps and the version differ: such a write is skipped (no status churn). */
    public boolean sameContentAs(ChannelStatus other) {
        if (other == null || !key.equals(other.key) || !topic.equals(other.topic)
                || !channelArn.equals(other.channelArn) || !desiredJson.equals(other.desiredJson)
                || !fingerprint.equals(other.fingerprint) || !observedStatus.equals(other.observedStatus)
                || generation != other.generation || !lastExecution.equals(other.lastExecution)
                || conditions.size() != other.conditions.size() || !Objects.equals(transition, other.transition)
                || !alarms.equals(other.alarms)) {
            return false;
        }
        for (int i = 0; i < conditions.size(); i++) {
            if (!conditions.get(i).sameAs(other.conditions.get(i))) {
                return false;
            }
        }
        return true;
    }
}
