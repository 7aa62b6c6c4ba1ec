package io.channelpilot.events;

import java.util.List;

/** Puts one Channel Pilot event on the account's event bus (EventBridge PutEvents in the deployment and the local world). */
@FunctionalInterface
public interface EventPublisher {

    /** Publishes nothing (tests; a caller with no bus). */
    EventPublisher NONE = (detailType, detail, resources) -> "";

    /** @return the event id EventBridge assigned */
    String put(String detailType, String detail, List<String> resources);
}
