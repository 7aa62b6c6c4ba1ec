package io.channelpilot.resolve;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.channelpilot.plan.Intent;
import io.channelpilot.plan.Skip;
import io.channelpilot.refusal.Refusal;
import java.util.List;
import java.util.Map;

/**
 * The task result the state machine stores at {@code $.resolution}; {@code intents} feeds the Map
 * ({@code ItemsPath: $.resolution.intents}). Bad input never throws: it yields zero intents and an error.
 * {@code refusals} (issue 15) are what the owner must hear — tag problems, look-alike keys, unmanaged channels, a
 * rejected trigger — each with its codes and fix; the state machine's NotifyRefusals step sends them (deduplicated)
 * from the last Map item ({@link #mapItems}), and a rejected trigger ({@code errors} not empty) then fails the execution
 * ({@code TriggerRejected}).
 */
record ResolveResult(@JsonIgnore List<Intent> intents, List<Skip> skipped, List<ResolveError> errors, String triggerId,
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

    /**
     * The Map's items ({@code $.resolution.intents} in JSON): the intents, then — only when there are refusals — one
     * refusal notice {@code {plan: NOTIFY_REFUSALS, refusals, rejected, errors}} that the ASL routes to NotifyRefusals,
     * so an execution without refusals costs no extra state transition (DESIGN §10 budget).
     */
    @JsonProperty("intents")
    public List<Object> mapItems() {
        List<Object> items = new java.util.ArrayList<>(intents);
        if (!refusals.isEmpty()) {
            Map<String, Object> notice = new java.util.LinkedHashMap<>();
            notice.put("plan", REFUSAL_NOTICE);
            notice.put("rejected", !errors.isEmpty());
            notice.put("refusals", refusals);
            notice.put("errors", errors);
            items.add(notice);
        }
        return items;
    }

    /** The plan name of the refusal notice item (a Choice of statemachine/provision-channel.asl.json). */
    public static final String REFUSAL_NOTICE = "NOTIFY_REFUSALS";

    ResolveResult withRefusals(List<Refusal> all) {
        return new ResolveResult(intents, skipped, errors, triggerId, all);
    }
}
