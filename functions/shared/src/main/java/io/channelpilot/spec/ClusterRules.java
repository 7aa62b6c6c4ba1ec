package io.channelpilot.spec;

import java.util.List;
import java.util.Optional;

/** Every Channel Pilot tag of a cluster, parsed: selector rules, the defaults tag, and cluster-wide problems. */
public record ClusterRules(List<TagRule> rules, Optional<TagRule> defaults, List<TagProblem> clusterProblems) {

    public ClusterRules {
        rules = List.copyOf(rules);
        clusterProblems = List.copyOf(clusterProblems);
    }
}
