package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The history of one execution: events, the states visited in order, and the number of state transitions.
 * <p>Transition counting mirrors Step Functions Standard billing ("you are charged for each state transition ...
 * including retries"): +1 each time any state is entered (also inside Parallel branches and inline Map iterations),
 * +1 for each retry attempt. Distributed Map child workflow executions count their own transitions into the same total.
 * Thread-safe: Parallel branches and Map iterations record concurrently.
 */
final class History {

    private final Clock clock;
    private final List<HistoryEvent> events = new ArrayList<>();
    private final List<String> statesVisited = new ArrayList<>();
    private final AtomicLong transitions = new AtomicLong();

    public History(Clock clock) {
        this.clock = clock;
    }

    public synchronized void record(String type, String stateName, JsonNode details) {
        events.add(new HistoryEvent(events.size() + 1, type, clock.instant(), stateName, details));
    }

    public synchronized void stateEntered(String stateName, JsonNode input) {
        statesVisited.add(stateName);
        transitions.incrementAndGet();
        record("StateEntered", stateName, input);
    }

    public void retryAttempt() {
        transitions.incrementAndGet();
    }

    public void addTransitions(long count) {
        transitions.addAndGet(count);
    }

    public synchronized List<HistoryEvent> events() {
        return List.copyOf(events);
    }

    public synchronized List<String> statesVisited() {
        return List.copyOf(statesVisited);
    }

    public long transitions() {
        return transitions.get();
    }
}
