package io.channelpilot.resolve;

import io.channelpilot.plan.PlanScope;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Every shape that can start a provisioning execution, reduced to what resolving needs: which cluster, which topics,
 * and whether the event id must be claimed. The event's own copy of tags is deliberately not kept — state is always
 * re-read (CloudTrail and aws.tag events are best effort, duplicated and reordered).
 */
public sealed interface Trigger permits Trigger.TopicEvent, Trigger.TagEvent, Trigger.Sweep, Trigger.Manual {

    /** Correlation id: the EventBridge event id, the sweep id or the manual request id. */
    String id();

    String clusterArn();

    PlanScope scope();

    /**
     * The EventBridge event id to claim, for rule-started executions only. EventBridge cannot name Step Functions
     * executions (it starts them with generated names), so a duplicate delivery starts a second execution; claiming
     * the id collapses it to zero intents. Sweeps and the CLI start executions with deterministic names instead, and
     * Step Functions itself refuses a second execution of the same name, so they claim nothing.
     */
    default Optional<String> claimId() {
        return Optional.empty();
    }

    /** CloudTrail CreateTopic/DeleteTopic, control plane ({@code kafka.amazonaws.com}) or data plane ({@code kafka-cluster}). */
    record TopicEvent(String id, String clusterArn, String topic, String eventName, String eventSource) implements Trigger {
        public PlanScope scope() {
            return PlanScope.topics(Set.of(topic));
        }

        public Optional<String> claimId() {
            return Optional.of(id);
        }
    }

    /**
     * A tag change on a cluster, topic or channel: CloudTrail TagResource/UntagResource or aws.tag "Tag Change on
     * Resource". {@code changedKeys} is empty when the event does not say which keys changed.
     */
    record TagEvent(String id, String clusterArn, String resourceArn, String resourceType, String topic,
                    List<String> changedKeys, String origin, String errorCode) implements Trigger {
        public TagEvent {
            changedKeys = List.copyOf(changedKeys);
            topic = topic == null ? "" : topic;
            errorCode = errorCode == null ? "" : errorCode;
        }

        /** A tag change that succeeded (the shape before {@code errorCode}). */
        public TagEvent(String id, String clusterArn, String resourceArn, String resourceType, String topic,
                        List<String> changedKeys, String origin) {
            this(id, clusterArn, resourceArn, resourceType, topic, changedKeys, origin, "");
        }

        /** Rules live on the cluster, so a cluster or channel tag change may affect any topic; a topic's only itself. */
        public PlanScope scope() {
            return topic.isEmpty() ? PlanScope.all() : PlanScope.topics(Set.of(topic));
        }

        public Optional<String> claimId() {
            return Optional.of(id);
        }

        /** False only when the keys are known and none is a Channel Pilot key. */
        public boolean touchesChannelPilotKeys() {
            return changedKeys.isEmpty() || changedKeys.stream().anyMatch(k -> k.startsWith("channel-pilot/"));
        }

        /** Some changed key looks like a Channel Pilot key but is not one ({@link io.channelpilot.spec.TagKeyHints}). */
        public boolean touchesLookalikeKeys() {
            return changedKeys.stream().anyMatch(k -> io.channelpilot.spec.TagKeyHints.suggestion(k).isPresent());
        }
    }

    /** {@code {"source":"channel-pilot.sweep","sweepId":..,"clusterArn":..,"topics":[..]?}}; no topics = the whole cluster. */
    record Sweep(String id, String clusterArn, List<String> topics) implements Trigger {
        public Sweep {
            topics = List.copyOf(topics);
        }

        public PlanScope scope() {
            return topics.isEmpty() ? PlanScope.all() : PlanScope.topics(Set.copyOf(topics));
        }
    }

    /** {@code {"source":"channel-pilot.manual","clusterArn":..,"topic":..?,"requestId":..}}; no topic = the whole cluster. */
    record Manual(String id, String clusterArn, String topic) implements Trigger {
        public Manual {
            topic = topic == null ? "" : topic;
        }

        public PlanScope scope() {
            return topic.isEmpty() ? PlanScope.all() : PlanScope.topics(Set.of(topic));
        }
    }
}
