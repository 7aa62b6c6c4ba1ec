package io.channelpilot.redrive;

/** Result of a redrive service call: the task, or a coded refusal. */
public sealed interface RedriveOutcome permits RedriveOutcome.Done, RedriveOutcome.Refused {

    record Done(RedriveTask task) implements RedriveOutcome {
    }

    record Refused(RedriveRefused refusal) implements RedriveOutcome {
        public static Refused of(RedriveCode code, String message) {
            return new Refused(new RedriveRefused(code, message));
        }
    }
}
