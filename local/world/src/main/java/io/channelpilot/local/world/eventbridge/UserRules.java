package io.channelpilot.local.world.eventbridge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.event.ruler.GenericMachine;

/**
 * Rules a user adds to the world's default bus besides the template's (issue 15: "a user rule subscribes to Channel
 * Pilot's events"): each is an EventBridge event pattern, compiled and matched with AWS Event Ruler exactly as the
 * template's rules are, and every event it matches is kept on its {@link Subscription} in delivery order. Events reach
 * user rules when the world routes its bus (every settle), the same moment they reach the template's targets.
 */
public final class UserRules {

    private final GenericMachine<String> machine = new GenericMachine<>();
    private final Map<String, Subscription> byName = new ConcurrentHashMap<>();

    /** The events one rule matched. */
    public static final class Subscription {
        private final String name;
        private final List<JsonNode> events = new ArrayList<>();

        Subscription(String name) {
            this.name = name;
        }

        public String name() {
            return name;
        }

        public synchronized List<JsonNode> events() {
            return List.copyOf(events);
        }

        synchronized void add(JsonNode event) {
            events.add(event.deepCopy());
        }
    }

    /** Adds rule {@code name} with the EventBridge {@code pattern} (JSON); a bad pattern is refused naming the rule. */
    public synchronized Subscription add(String name, String pattern) {
        if (byName.containsKey(name)) {
            throw new IllegalArgumentException("rule " + name + " already exists on the local default bus");
        }
        try {
            machine.addRule(name, pattern);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("rule " + name + ": invalid event pattern: " + e.getMessage(), e);
        }
        Subscription s = new Subscription(name);
        byName.put(name, s);
        return s;
    }

    /** Offers one event of the bus to every user rule. */
    public void offer(JsonNode event) {
        List<String> matched;
        synchronized (this) {
            if (byName.isEmpty()) {
                return;
            }
            matched = machine.rulesForJSONEvent(event);
        }
        matched.forEach(name -> byName.get(name).add(event));
    }
}
