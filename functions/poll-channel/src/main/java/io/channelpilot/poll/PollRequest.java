package io.channelpilot.poll;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.plan.Intent;
import io.channelpilot.workflow.TaskInputs;
import java.util.Objects;

/**
 * Task input {@code {mode, intent, provision, correlationId}}; from {@code provision} (provision-channel's output)
 * only the channel ARN and name are needed. An empty ARN means the DELETE found nothing to delete.
 */
record PollRequest(PollMode mode, Intent intent, String channelArn, String channelName, String correlationId) {

    public PollRequest {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(intent, "intent");
        channelArn = channelArn == null ? "" : channelArn;
        channelName = channelName == null || channelName.isBlank() ? intent.channelName() : channelName;
        correlationId = correlationId == null ? "" : correlationId;
    }

    public static PollRequest from(JsonNode input, ObjectMapper mapper) {
        String shape = "Pass {\"mode\":\"ACTIVE\"|\"DELETED\",\"intent\":{Intent},\"provision\":{channelArn,channelName},"
                + "\"correlationId\":..} as the state machine builds it (events/poll-channel/active.json).";
        TaskInputs.object(input, "$", shape);
        PollMode mode = TaskInputs.enumValue(input, "mode", "mode", PollMode.class);
        Intent intent = TaskInputs.bind(mapper, input, "intent", "intent", Intent.class, shape);
        JsonNode provision = input.path("provision");
        if (!provision.isMissingNode() && !provision.isNull() && !provision.isObject()) {
            throw TaskInputs.invalid("provision", "is not an object", shape);
        }
        return new PollRequest(mode, intent, provision.path("channelArn").asText(""), provision.path("channelName").asText(""),
                input.path("correlationId").asText(""));
    }
}
