package io.channelpilot.plan;

import java.util.Set;
import java.util.TreeSet;

/** Which topics a trigger asks the planner to look at. */
public sealed interface PlanScope permits PlanScope.AllTopics, PlanScope.Topics {

    /** Every current topic of the cluster plus every topic a channel of ours still names (cluster tag change, sweep). */
    record AllTopics() implements PlanScope {
    }

    /** Only these topics, existing or not (topic created/deleted, manual request for one topic, partial sweep). */
    record Topics(Set<String> names) implements PlanScope {
        public Topics {
            names = Set.copyOf(new TreeSet<>(names));
        }
    }

    static PlanScope all() {
        return new AllTopics();
    }

    static PlanScope topics(Set<String> names) {
        return new Topics(names);
    }
}
