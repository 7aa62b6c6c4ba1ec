package io.channelpilot.alarm;

import io.channelpilot.dlq.DlqCause;
import io.channelpilot.model.RedrivePolicy;
import io.channelpilot.model.RepairRule;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which causes a redrive can fix (DESIGN §7): schema-resolution failures (replayable once the schema/serializer is
 * fixed), and causes whose every field path seen is covered by one of the channel's repair rules — {@code default} or
 * a {@code rename} onto the path for a missing field; {@code coerce} or a {@code drop} of the path (or an ancestor)
 * for a type mismatch; a {@code drop} of an ancestor for nesting. Malformed JSON and unknown causes never are.
 *
 * @param replayable causes a redrive can fix
 * @param stuck      causes seen that need a producer/schema fix first
 */
record RedrivePlan(RedrivePolicy policy, Set<DlqCause> replayable, Set<DlqCause> stuck) {

    public RedrivePlan {
        replayable = replayable.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(replayable));
        stuck = stuck.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(stuck));
    }

    static RedrivePlan of(TriageReport report, RedrivePolicy policy, List<RepairRule> rules) {
        Set<DlqCause> replayable = EnumSet.noneOf(DlqCause.class);
        Set<DlqCause> stuck = EnumSet.noneOf(DlqCause.class);
        for (TriageReport.CauseCount c : report.causes()) {
            (replayable(c, rules) ? replayable : stuck).add(c.cause());
        }
        return new RedrivePlan(policy, replayable, stuck);
    }

    /** {@code redrive=auto} and something is replayable. */
    public boolean startsAutomatically() {
        return policy == RedrivePolicy.AUTO && !replayable.isEmpty();
    }

    static boolean replayable(TriageReport.CauseCount c, List<RepairRule> rules) {
        if (c.cause() == DlqCause.SCHEMA_RESOLUTION) {
            return true;
        }
        if (c.cause() == DlqCause.MALFORMED_JSON || c.cause() == DlqCause.UNKNOWN || c.fieldPaths().isEmpty()) {
            return false;
        }
        return c.fieldPaths().stream().allMatch(path -> rules.stream().anyMatch(rule -> covers(c.cause(), path, rule)));
    }

    private static boolean covers(DlqCause cause, String path, RepairRule rule) {
        return switch (cause) {
            case MISSING_REQUIRED_FIELD -> rule instanceof RepairRule.Default d && d.pointer().equals(path)
                    || rule instanceof RepairRule.Rename r && r.to().equals(path);
            case TYPE_MISMATCH -> rule instanceof RepairRule.Coerce c && c.pointer().equals(path)
                    || rule instanceof RepairRule.Drop d && within(path, d.pointer());
            case NESTING_TOO_DEEP -> rule instanceof RepairRule.Drop d && within(path, d.pointer());
            default -> false;
        };
    }

    private static boolean within(String path, String ancestor) {
        return path.equals(ancestor) || path.startsWith(ancestor + "/");
    }
}
