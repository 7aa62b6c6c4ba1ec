package io.channelpilot.provision;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.Intent;
import java.util.Objects;

/** Task input {@code {action, intent, correlationId}}; {@code correlationId} is the execution name (lease owner). */
public record ProvisionRequest(ProvisionAction action, Intent intent, String correlationId) {

    public ProvisionRequest {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(intent, "intent");
        if (correlationId == null || correlationId.isBlank()) {
            throw new IllegalArgumentException("correlationId must be set (the execution name owns the lease)");
        }
    }

    public static ProvisionRequest from(JsonNode input, ObjectMapper mapper) {
        String action = input.path("action").asText("");
        ProvisionAction parsed;
        try {
            parsed = ProvisionAction.valueOf(action);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("action must be CREATE, UPDATE_FRESHNESS, DELETE, DELETE_REPLACED or RELEASE, got '"
                    + action + "'");
        }
        try {
            return new ProvisionRequest(parsed, mapper.treeToValue(input.path("intent"), Intent.class),
                    input.path("correlationId").asText(""));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("intent is not a valid Intent: " + e.getOriginalMessage(), e);
        }
    }
}
