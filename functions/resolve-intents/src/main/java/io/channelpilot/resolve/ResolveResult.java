package io.channelpilot.resolve;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Skip;
import io.channelpilot.refusal.Refusal;
import java.util.List;

/**
 * The task result the state machine stores at {@code $.resolution}; {@code intents} feeds the Map
 * ({@code ItemsPath: $.resolution.intents}). Bad input never throws: it yields zero intents and an error.
 * {@code refusals} (issue 15) are what the owner must hear — tag problems, look-alike keys, unmanaged channels, a
 * rejected trigger — each with its codes and fix; the state machine's NotifyRefusals step sends them (deduplicated)
 * and a rejected trigger ({@code errors} not empty) then ends the execution FAILED ({@code TriggerRejected}).
 */
public record ResolveResult(List<Intent> intents, List<Skip> skipped, List<ResolveError> errors, String triggerId,
                            List<Refusal> refusals) {

    public ResolveResult {
        intents = List.copyOf(intents);
        skipped = List.copyOf(skipped);
        errors = List.copyOf(errors);
        triggerId = triggerId == null ? "" : triggerId;
        refusals = List.copyOf(refusals == null ? List.of() : refusals);
    }

    /** The shape before refusals. */
    public ResolveResult(List<Intent> intents, List<Skip> skipped, List<ResolveError> errors, String triggerId) {
        this(intents, skipped, errors, triggerId, List.of());
    }

    static ResolveResult failed(ResolveError error, String triggerId, Refusal refusal) {
        return new ResolveResult(List.of(), List.of(), List.of(error), triggerId, List.of(refusal));
    }

    static ResolveResult skipped(Skip skip, String triggerId) {
        return new ResolveResult(List.of(), List.of(skip), List.of(), triggerId);
    }

    /** Whether the NotifyRefusals step has anything to send ({@code $.resolution.notify}, a Choice in the ASL). */
    @JsonProperty("notify")
    public boolean notifyOwners() {
        return !refusals.isEmpty();
    }

    /** Whether the trigger could not be resolved: the execution then ends FAILED ({@code $.resolution.rejected}). */
    @JsonProperty("rejected")
    public boolean rejected() {
        return !errors.isEmpty();
    }

    ResolveResult withRefusals(List<Refusal> all) {
        return new ResolveResult(intents, skipped, errors, triggerId, all);
    }
}
