package io.channelpilot.local.sfn.asl;

/** Where a state goes after it succeeds: "Next" or "End": true. */
public sealed interface Transition permits Transition.Next, Transition.End {

    record Next(String state) implements Transition {
    }

    record End() implements Transition {
    }
}
