package io.channelpilot.reconcile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.channelpilot.reconcile.gateway.Executions;

/** Step Functions' name rule in memory: a second start of a known name is ALREADY_STARTED. */
final class RecordingExecutions implements Executions {

    final Map<String, String> started = new LinkedHashMap<>();
    final List<String> attempts = new ArrayList<>();
    boolean throttle;

    @Override
    public synchronized StartResult start(String name, String inputJson) {
        attempts.add(name);
        if (throttle) {
            return StartResult.THROTTLED;
        }
        if (started.containsKey(name)) {
            return StartResult.ALREADY_STARTED;
        }
        started.put(name, inputJson);
        return StartResult.STARTED;
    }
}
