package io.channelpilot.poll;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.Intent;
import java.util.Objects;

/**
 * Task input {@code {mode, intent, provision, correlationId}}; from {@code provision} (provision-channel's output)
 * only the channel ARN and name are needed. An empty ARN means the DELETE found nothing to delete.
 */
public record PollRequest(PollMode mode, Intent intent, String channelArn, String channelName, String correlationId) {

    public PollRequest {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(intent, "intent");
        channelArn = channelArn == null ? "" : channelArn;
        channelName = channelName == null || channelName.isBlank() ? intent.channelName() : channelName;
        correlationId = correlationId == null ? "" : correlationId;
    }

    public static PollRequest from(JsonNode input, ObjectMapper mapper) {
        String mode = input.path("mode").asText("");
        PollMode parsed;
        try {
            parsed = PollMode.valueOf(mode);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mode must be ACTIVE or DELETED, got '" + mode + "'");
        }
        try {
            JsonNode provision = input.path("provision");
            return new PollRequest(parsed, mapper.treeToValue(input.path("intent"), Intent.class),
                    provision.path("channelArn").asText(""), provision.path("channelName").asText(""),
                    input.path("correlationId").asText(""));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("intent is not a valid Intent: " + e.getOriginalMessage(), e);
        }
    }
}
