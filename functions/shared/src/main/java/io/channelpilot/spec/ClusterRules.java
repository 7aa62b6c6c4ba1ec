package io.channelpilot.spec;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Every Channel Pilot tag of a cluster, parsed: selector rules, the defaults tag, cluster-wide problems, and hints
 * about keys that look like Channel Pilot's but are not read ({@link TagKeyHints}; hints never block a rule).
 */
public record ClusterRules(List<TagRule> rules, Optional<TagRule> defaults, List<TagProblem> clusterProblems,
                           List<TagProblem> hints) {

    public ClusterRules {
        rules = List.copyOf(rules);
        clusterProblems = List.copyOf(clusterProblems);
        hints = List.copyOf(hints == null ? List.of() : hints);
    }

    /** The shape before hints. */
    public ClusterRules(List<TagRule> rules, Optional<TagRule> defaults, List<TagProblem> clusterProblems) {
        this(rules, defaults, clusterProblems, List.of());
    }

    /** The {@code owner=} of the highest-ranked rule selecting {@code topic} that sets one, else the defaults' owner, else "". */
    public String ownerForTopic(String topic) {
        return rules.stream().filter(r -> r.selector().matches(topic) && !(r.selector() instanceof Selector.Broken))
                .sorted(java.util.Comparator.comparingInt((TagRule r) -> r.selector().rank()).reversed())
                .map(r -> r.settings().getOrDefault(Setting.OWNER, "")).filter(o -> !o.isEmpty()).findFirst()
                .orElse(defaults.map(d -> d.settings().getOrDefault(Setting.OWNER, "")).orElse(""));
    }

    /**
     * Who hears about a problem with {@code tagKeys}: the {@code owner=} of the first of those tags that sets one, else
     * the defaults' owner, else "" (the stack's default address).
     */
    public String ownerOf(Collection<String> tagKeys) {
        return rules.stream().filter(r -> tagKeys.contains(r.tag())).map(r -> r.settings().getOrDefault(Setting.OWNER, ""))
                .filter(o -> !o.isEmpty()).findFirst()
                .orElse(defaults.map(d -> d.settings().getOrDefault(Setting.OWNER, "")).orElse(""));
    }
}
