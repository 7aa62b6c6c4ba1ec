package io.channelpilot.resolve;

import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Skip;
import java.util.List;

/**
 * The task result the state machine stores at {@code $.resolution}; {@code intents} feeds the Map
 * ({@code ItemsPath: $.resolution.intents}). Bad input never throws: it yields zero intents and an error.
 */
public record ResolveResult(List<Intent> intents, List<Skip> skipped, List<ResolveError> errors, String triggerId) {

    public ResolveResult {
        intents = List.copyOf(intents);
        skipped = List.copyOf(skipped);
        errors = List.copyOf(errors);
        triggerId = triggerId == null ? "" : triggerId;
    }

    static ResolveResult failed(ResolveError error, String triggerId) {
        return new ResolveResult(List.of(), List.of(), List.of(error), triggerId);
    }

    static ResolveResult skipped(Skip skip, String triggerId) {
        return new ResolveResult(List.of(), List.of(skip), List.of(), triggerId);
    }
}
