package io.channelpilot.local.world.eventbridge;

import com.fasterxml.jackson.databind.JsonNode;

/** One event accepted by PutEvents: the bus it was put on and the EventBridge envelope forwarded to the world. */
public record ReceivedEvent(String eventBusName, JsonNode envelope) {

    public String id() {
        return envelope.path("id").asText();
    }

    public String source() {
        return envelope.path("source").asText();
    }

    public String detailType() {
        return envelope.path("detail-type").asText();
    }

    public JsonNode detail() {
        return envelope.path("detail");
    }
}
