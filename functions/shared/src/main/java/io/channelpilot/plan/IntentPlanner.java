package io.channelpilot.plan;

import io.channelpilot.model.ClusterArn;
import io.channelpilot.model.StackSettings;
import io.channelpilot.spec.ClusterRules;
import io.channelpilot.spec.Resolution;
import io.channelpilot.spec.SpecResolver;
import io.channelpilot.spec.TagParser;
import io.channelpilot.spec.TagProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Desired (cluster and topic tags, via {@link SpecResolver}) against actual (the channels now) → one {@link Intent}
 * per channel, plus {@link Skip}s saying why nothing was planned elsewhere. Pure: no AWS types, no clock, no I/O, so
 * the event-driven resolver and the reconcile sweep share it and tests are tables of states.
 *
 * <p>Order of decisions: guardrail (cluster allowed) → cluster-wide tag problems (nothing at all is planned, not even
 * deletes: a half-understood contract must not remove channels) → per topic in name order: topic gone → delete our
 * channels; tag problems → skip the topic (its channels are left alone); otherwise {@link TopicPlanner}.
 */
public final class IntentPlanner {

    private final StackSettings stack;
    private final SpecResolver resolver;

    public IntentPlanner(StackSettings stack) {
        this.stack = stack;
        this.resolver = new SpecResolver(stack);
    }

    public PlanOutcome plan(ClusterState state, PlanScope scope, String trigger) {
        String arn = state.clusterArn();
        Optional<Skip> refused = guardrail(arn);
        if (refused.isPresent()) {
            return new PlanOutcome(List.of(), List.of(refused.get()));
        }
        ClusterRules rules = TagParser.parseCluster(state.clusterTags());
        List<Skip> hints = rules.hints().stream().map(h -> Skip.ofProblems(SkipReason.TAG_KEY_LOOKALIKE, arn, "",
                h.message(), List.of(h), TagParser.ownerToken(state.clusterTags().getOrDefault(h.tag(), "")))).toList();
        if (!rules.clusterProblems().isEmpty()) {
            List<Skip> skips = new ArrayList<>(hints);
            skips.add(0, Skip.ofProblems(SkipReason.TAG_PROBLEMS, arn, "",
                    "the cluster's tag set has problems; nothing is planned until they are fixed", rules.clusterProblems(),
                    rules.ownerOf(List.of())));
            return new PlanOutcome(List.of(), skips);
        }
        ChannelIndex index = new ChannelIndex(state.channels(), stack.managedBy());
        Intents intents = new Intents(arn, stack.managedBy(), trigger);
        TopicPlanner topics = new TopicPlanner(stack, intents, state.tables(), state.failures(), state.claims(), state.incomplete());
        boolean named = scope instanceof PlanScope.Topics;
        List<Intent> out = new ArrayList<>();
        List<Skip> skipped = new ArrayList<>(hints);
        for (String topic : topicsInScope(state, scope, index)) {
            List<ObservedChannel> ours = index.managed(topic);
            Map<String, String> topicTags = state.topics().get(topic);
            if (topicTags == null) {
                // paused=true means no action at all, even when the topic is gone (the rule still names it).
                Resolution rule = resolver.resolve(arn, rules, topic, Optional.empty());
                boolean paused = !rule.hasProblems() && rule.specs().stream().anyMatch(s -> s.operations().paused());
                ours.forEach(c -> out.add(paused ? intents.pausedChannel(c, topic)
                        : intents.delete(c, topic, PlanReason.TOPIC_DELETED, "topic '" + topic + "' no longer exists")));
                if (ours.isEmpty() && named) {
                    skipped.add(Skip.of(SkipReason.TOPIC_NOT_FOUND, arn, topic, "topic '" + topic
                            + "' does not exist on the cluster (now) and no channel of ours serves it"));
                }
                continue;
            }
            Resolution resolution = resolver.resolve(arn, rules, topic, TagParser.parseTopic(topicTags));
            if (resolution.hasProblems()) {
                skipped.add(Skip.ofProblems(SkipReason.TAG_PROBLEMS, arn, topic, "tags that apply to topic '" + topic
                        + "' have problems; its channels are neither created, changed nor deleted", resolution.problems(),
                        rules.ownerOf(tagKeys(resolution.problems()))));
                continue;
            }
            if (resolution.specs().isEmpty() && ours.isEmpty()) {
                if (named) {
                    skipped.add(Skip.of(SkipReason.NO_RULE_MATCHES, arn, topic, "no rule selects topic '" + topic
                            + "'; add a cluster tag channel-pilot/<rule>=\"topic=" + topic + " ...\" or a prefix rule"));
                }
                continue;
            }
            out.addAll(topics.plan(topic, resolution.specs(), ours, index.foreign(topic)));
        }
        return new PlanOutcome(out, skipped);
    }

    /** The allowed-clusters guardrail alone, so callers can refuse before reading anything. */
    public Optional<Skip> guardrail(String clusterArn) {
        if (stack.allowsCluster(ClusterArn.parse(clusterArn))) {
            return Optional.empty();
        }
        return Optional.of(Skip.of(SkipReason.CLUSTER_NOT_ALLOWED, clusterArn, "", "cluster " + clusterArn
                + " is not in the allowed clusters " + stack.allowedClusters()
                + "; add it to the AllowedClusters stack parameter to let Channel Pilot act on it"));
    }

    private static Set<String> topicsInScope(ClusterState state, PlanScope scope, ChannelIndex index) {
        if (scope instanceof PlanScope.Topics named) {
            return new TreeSet<>(named.names());
        }
        Set<String> all = new TreeSet<>(state.topics().keySet());
        all.addAll(index.managedTopics());
        return all;
    }

    /** The tag keys the problems name; a conflict names both as {@code a | b}. */
    private static Set<String> tagKeys(List<TagProblem> problems) {
        Set<String> keys = new TreeSet<>();
        problems.forEach(p -> keys.addAll(List.of(p.tag().split(" \\| "))));
        return keys;
    }
}
