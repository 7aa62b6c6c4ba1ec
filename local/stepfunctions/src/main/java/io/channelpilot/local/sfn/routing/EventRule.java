package io.channelpilot.local.sfn.routing;

import java.util.List;

/**
 * One EventBridge rule read from the template: an event pattern or a schedule, and its targets.
 * {@code pattern} is null for schedule rules; {@code schedule} null for pattern rules.
 */
public record EventRule(String id, String pattern, String schedule, boolean enabled, List<Target> targets) {

    public EventRule {
        targets = List.copyOf(targets);
    }

    /** A target resource and its input shaping. */
    public record Target(String logicalId, RouteTarget.Kind kind, TargetInput input) {
    }
}
