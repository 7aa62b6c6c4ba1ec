package io.channelpilot.local.sfn.asl;

import java.util.List;

/** One Catch entry: "ErrorEquals", "Next" and "ResultPath" (default "$"). */
public record Catcher(List<String> errorEquals, String next, ResultPath resultPath) {

    public Catcher {
        errorEquals = List.copyOf(errorEquals);
    }
}
