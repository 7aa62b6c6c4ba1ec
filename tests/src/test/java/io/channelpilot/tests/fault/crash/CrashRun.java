package io.channelpilot.tests.fault.crash;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The mutating calls the functions make during one run, in order, and the one armed crash point. Fed by
 * {@link CrashHook} (SDK calls) and {@link CrashingConnector} (Kafka produces); the crash fires once.
 */
final class CrashRun {

    /** The function whose invocation runs on this thread (set around every in-process invoke by {@link CrashWorld}). */
    static final ThreadLocal<String> FUNCTION = new ThreadLocal<>();
    private static volatile CrashRun current;

    private final String scenario;
    private final CrashPoint armed;
    private final List<CrashPoint> calls = new ArrayList<>();
    private final Map<String, Integer> occurrences = new HashMap<>();
    private boolean reached;
    /** Set by {@link Killed} itself: the crash was thrown, not merely the point reached. */
    private volatile boolean killed;

    private CrashRun(String scenario, CrashPoint armed) {
        this.scenario = scenario;
        this.armed = armed;
    }

    /** Starts recording (armed = null: a clean run that only records). */
    static CrashRun begin(String scenario, CrashPoint armed) {
        CrashRun run = new CrashRun(scenario, armed);
        current = run;
        return run;
    }

    static void end() {
        current = null;
    }

    /**
     * Records that the function on this thread made a mutating call that took effect; true when this is the armed
     * point, i.e. the caller must now kill the function before the answer is used. Calls outside a function (the
     * test's own clients, the operator CLI) are not points.
     */
    static boolean tookEffect(String operation) {
        CrashRun run = current;
        String function = FUNCTION.get();
        return run != null && function != null && run.record(function, operation);
    }

    private synchronized boolean record(String function, String operation) {
        int n = occurrences.merge(function + " " + operation, 1, Integer::sum);
        CrashPoint point = new CrashPoint(scenario, calls.size() + 1, function, operation, n);
        calls.add(point);
        if (armed != null && !reached && armed.sameCall(function, operation, n)) {
            reached = true;
            return true;
        }
        return false;
    }

    synchronized List<CrashPoint> calls() {
        return List.copyOf(calls);
    }

    /** Called by every {@link Killed}: the armed crash was actually thrown into the function. */
    static void killed() {
        CrashRun run = current;
        if (run != null) {
            run.killed = true;
        }
    }

    boolean fired() {
        return killed;
    }

    CrashPoint armed() {
        return armed;
    }
}
