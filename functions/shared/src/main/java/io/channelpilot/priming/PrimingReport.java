package io.channelpilot.priming;

import java.util.List;

/** One priming run: its steps in order, and the JVM's loaded-class count before and after (what priming warmed). */
public record PrimingReport(String function, List<PrimingStep> steps, int classesBefore, int classesAfter) {

    public PrimingReport {
        steps = List.copyOf(steps);
    }

    public boolean allPrimed() {
        return steps.stream().allMatch(s -> s.outcome() == PrimingStep.Outcome.PRIMED);
    }

    public List<String> names() {
        return steps.stream().map(PrimingStep::name).toList();
    }
}
