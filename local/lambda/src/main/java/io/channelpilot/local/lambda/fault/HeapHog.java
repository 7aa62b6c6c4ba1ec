package io.channelpilot.local.lambda.fault;

import java.util.ArrayList;
import java.util.List;

/**
 * The out-of-memory fault of the runtime mode: a Java agent the local Lambda service attaches to a function's JVM
 * (JDK attach API) just before handing it an event. It takes the heap up to its limit and holds it, leaving a sliver
 * so the runtime client can still read the event; the handler's own allocations then fail as they would when the
 * function's working set outgrows its MemorySize. It never runs in a deployed function (it is not in any zip; the
 * runtime layout writes it to its own jar).
 */
public final class HeapHog {

    /** Reachable from a static root, so the collector cannot give the heap back. */
    private static final List<Object> HELD = new ArrayList<>(1 << 16);
    /** What is handed back after the heap is full: enough for the runtime to take the event, not to run a handler. */
    private static final int SLACK_BLOCKS = 16;

    private HeapHog() {
    }

    public static void agentmain(String args) {
        hold(1 << 20);
        hold(1 << 10);
        for (int i = 0; i < SLACK_BLOCKS && !HELD.isEmpty(); i++) {
            HELD.remove(HELD.size() - 1);
        }
    }

    private static void hold(int blockSize) {
        try {
            while (true) {
                HELD.add(new byte[blockSize]);
            }
        } catch (OutOfMemoryError full) {
            // the heap is at its limit for blocks of this size
        }
    }
}
