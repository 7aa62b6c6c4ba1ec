package io.channelpilot.local.world.http;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The world's event bus as seen by emulators: mutating MSK calls publish CloudTrail-shaped events, CloudWatch publishes
 * alarm state changes, EventBridge PutEvents forwards entries. The world routes them with the template's rules.
 */
@FunctionalInterface
public interface EventSink {

    /** Publishes one EventBridge event envelope ({@code version, id, detail-type, source, account, time, region,
     * resources, detail}). */
    void publish(JsonNode event);

    static EventSink discarding() {
        return event -> { };
    }
}
