package io.channelpilot.plan;

import java.util.List;

/** What the planner decided: intents (one per channel) and skips (why nothing was planned somewhere). */
public record PlanOutcome(List<Intent> intents, List<Skip> skipped) {

    public PlanOutcome {
        intents = List.copyOf(intents);
        skipped = List.copyOf(skipped);
    }
}
