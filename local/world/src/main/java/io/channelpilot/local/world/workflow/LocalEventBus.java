package io.channelpilot.local.world.workflow;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.world.http.EventSink;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The world's default event bus. Emulators publish into it while answering an API call; delivery to the rule targets
 * happens later, when the world calls {@link #deliverPending(Consumer)} (after each scenario step or clock advance).
 * EventBridge is asynchronous too, and deferring keeps an API call from running a whole workflow on the emulator's
 * HTTP thread. Every event ever published is kept for the report.
 */
public final class LocalEventBus implements EventSink {

    private final Deque<JsonNode> pending = new ArrayDeque<>();
    private final List<JsonNode> published = new ArrayList<>();

    @Override
    public synchronized void publish(JsonNode event) {
        pending.addLast(event.deepCopy());
        published.add(event.deepCopy());
    }

    /** Delivers queued events in publication order, including events published while delivering. */
    public int deliverPending(Consumer<JsonNode> delivery) {
        int delivered = 0;
        while (true) {
            JsonNode next;
            synchronized (this) {
                next = pending.pollFirst();
            }
            if (next == null) {
                return delivered;
            }
            delivery.accept(next);
            delivered++;
        }
    }

    public synchronized int pendingCount() {
        return pending.size();
    }

    public synchronized List<JsonNode> published() {
        return List.copyOf(published);
    }
}
