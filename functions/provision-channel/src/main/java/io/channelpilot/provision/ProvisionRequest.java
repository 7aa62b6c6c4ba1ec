package io.channelpilot.provision;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.channelpilot.model.Home;
import io.channelpilot.plan.Intent;
import io.channelpilot.workflow.InvalidTaskInput;
import io.channelpilot.workflow.TaskInputs;
import java.io.InputStream;
import java.util.Objects;

/**
 * Task input {@code {action, intent, correlationId}}; {@code correlationId} is the execution name (lease owner). A
 * malformed input raises {@link InvalidTaskInput} naming the field (never quoting its value).
 */
record ProvisionRequest(ProvisionAction action, Intent intent, String correlationId) {

    private static final String SHAPE = "Pass the Map item as the state machine builds it: {\"action\":..,\"intent\":{Intent},"
            + "\"correlationId\":<execution name>} (events/provision-channel/create.json).";

    public ProvisionRequest {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(intent, "intent");
        if (correlationId == null || correlationId.isBlank()) {
            throw new IllegalArgumentException("correlationId must be set (the execution name owns the lease)");
        }
    }

    /** The task input's bytes, parsed ({@link #from(JsonNode, ObjectMapper, Home)}). */
    static ProvisionRequest read(InputStream input, ObjectMapper mapper, Home home) {
        return from(TaskInputs.readJson(mapper, input,
                "Pass the Map item the state machine builds (events/provision-channel/create.json)."), mapper, home);
    }

    public static ProvisionRequest from(JsonNode input, ObjectMapper mapper) {
        return from(input, mapper, Home.unknown());
    }

    /** Also refuses an intent whose cluster is outside the stack's partition, Region or account. */
    public static ProvisionRequest from(JsonNode input, ObjectMapper mapper, Home home) {
        TaskInputs.object(input, "$", SHAPE);
        ProvisionAction action = TaskInputs.enumValue(input, "action", "action", ProvisionAction.class);
        Intent intent = TaskInputs.bind(mapper, input, "intent", "intent", Intent.class, SHAPE);
        TaskInputs.home(home, intent.clusterArn(), "intent.clusterArn",
                "Provision only clusters in the stack's own account and Region; deploy a stack there for that cluster.");
        if (intent.desired() != null && !intent.desired().clusterArn().equals(intent.clusterArn())) {
            throw TaskInputs.invalid("intent.desired.clusterArn", "differs from intent.clusterArn", SHAPE);
        }
        String correlationId = TaskInputs.text(input, "correlationId", "correlationId",
                "Pass the execution name as correlationId (it owns the channel lease).");
        return new ProvisionRequest(action, intent, correlationId);
    }
}
