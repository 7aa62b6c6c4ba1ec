package io.channelpilot.local.world.eventbridge;

import io.channelpilot.local.sfn.routing.EventRule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The template's enabled schedule rules on the virtual clock: each rule's next firing, computed from its
 * {@link ScheduleExpression}; {@link #due} hands out every firing the clock has passed, oldest first (a clock that
 * jumped over two firings gets both, as EventBridge would have sent both). Rate schedules count from {@code created},
 * the world's start (the rule's creation): our choice, EventBridge documents no phase for rate().
 */
public final class ScheduledRules {

    /** One firing of a schedule rule. */
    public record Firing(String ruleId, Instant time) {
    }

    private final Instant created;
    private final Map<String, ScheduleExpression> schedules = new LinkedHashMap<>();
    private final Map<String, Instant> next = new LinkedHashMap<>();

    public ScheduledRules(List<EventRule> rules, Instant created) {
        this.created = created;
        for (EventRule r : rules) {
            if (r.enabled() && r.schedule() != null) {
                ScheduleExpression e;
                try {
                    e = ScheduleExpression.parse(r.schedule());
                } catch (IllegalArgumentException invalid) {
                    throw new IllegalArgumentException("rule " + r.id() + ": " + invalid.getMessage(), invalid);
                }
                schedules.put(r.id(), e);
                next.put(r.id(), e.nextAfter(created, created));
            }
        }
    }

    /** Rule ids with a schedule, in template order. */
    public List<String> ruleIds() {
        return List.copyOf(schedules.keySet());
    }

    /** Every firing at or before {@code now} not handed out yet, by time then template order. */
    public synchronized List<Firing> due(Instant now) {
        List<Firing> out = new ArrayList<>();
        while (true) {
            Firing earliest = null;
            for (Map.Entry<String, Instant> e : next.entrySet()) {
                if (!e.getValue().isAfter(now) && (earliest == null || e.getValue().isBefore(earliest.time()))) {
                    earliest = new Firing(e.getKey(), e.getValue());
                }
            }
            if (earliest == null) {
                return out;
            }
            out.add(earliest);
            next.put(earliest.ruleId(), schedules.get(earliest.ruleId()).nextAfter(earliest.time(), created));
        }
    }
}
