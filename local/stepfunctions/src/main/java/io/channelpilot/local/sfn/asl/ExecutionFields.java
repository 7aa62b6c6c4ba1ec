package io.channelpilot.local.sfn.asl;

import java.util.List;

/** The fields Task, Parallel and Map share; {@code parameters}/{@code resultSelector} are null when absent. */
public record ExecutionFields(PayloadTemplate parameters, PayloadTemplate resultSelector, ResultPath resultPath,
        List<Retrier> retry, List<Catcher> catchers) {

    public ExecutionFields {
        retry = List.copyOf(retry);
        catchers = List.copyOf(catchers);
    }
}
