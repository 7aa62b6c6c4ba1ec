package io.channelpilot.spec;

import io.channelpilot.model.ChannelSpec;
import java.util.List;

/**
 * The channels one topic should have, or why it cannot be decided. All or nothing: when any tag that applies to the
 * topic has a problem, {@code specs} is empty, so a half-understood contract never creates a channel.
 */
public record Resolution(String topic, List<ChannelSpec> specs, List<TagProblem> problems) {

    public Resolution {
        specs = List.copyOf(specs);
        problems = List.copyOf(problems);
    }

    public boolean isSelected() {
        return !specs.isEmpty() || !problems.isEmpty();
    }

    public boolean hasProblems() {
        return !problems.isEmpty();
    }
}
