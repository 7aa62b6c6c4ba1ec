package io.channelpilot.redrive.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.channelpilot.redrive.RedriveJson;
import io.channelpilot.workflow.TaskInputs;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One Distributed Map child input, as ItemBatcher builds it: {@code {"BatchInput": {"taskId": ...},
 * "Items": [{"Key": ...}, ...]}} (Items are listObjectsV2 entries). {@code batchKey} is a digest of the sorted keys, so
 * a retry of the same batch has the same key.
 */
public record BatchInput(String taskId, List<String> keys, String batchKey) {

    public BatchInput {
        keys = List.copyOf(keys);
    }

    /** The handler's input stream: not JSON is an invalid task input, as every other shape error. */
    static BatchInput read(InputStream input) {
        JsonNode node = TaskInputs.readJson(RedriveJson.MAPPER, input, "Invoke the function only from the redrive-dlq state machine.");
        return from(node == null ? NullNode.getInstance() : node);
    }

    public static BatchInput from(JsonNode input) {
        String shape = "Run the worker as the redrive-dlq Distributed Map child: ItemBatcher input "
                + "{\"BatchInput\":{\"taskId\":..},\"Items\":[{\"Key\":..},..]} (events/redrive-batch/batch.json).";
        TaskInputs.object(input, "$", shape);
        JsonNode batch = input.path("BatchInput");
        if (batch.isMissingNode() || batch.isNull()) {
            throw TaskInputs.missing("BatchInput", shape);
        }
        TaskInputs.object(batch, "BatchInput", shape);
        String taskId = TaskInputs.text(batch, "taskId", "BatchInput.taskId", shape);
        JsonNode items = input.path("Items");
        if (items.isMissingNode() || items.isNull()) {
            throw TaskInputs.missing("Items", shape);
        }
        if (!items.isArray()) {
            throw TaskInputs.invalid("Items", "is not a list", shape);
        }
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            TaskInputs.object(items.get(i), "Items[" + i + "]", shape);
            keys.add(TaskInputs.text(items.get(i), "Key", "Items[" + i + "].Key", shape));
        }
        return of(taskId, keys);
    }

    public static BatchInput of(String taskId, List<String> keys) {
        List<String> sorted = new ArrayList<>(keys);
        sorted.sort(null);
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String k : sorted) {
                sha.update(k.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
            }
            return new BatchInput(taskId, sorted, HexFormat.of().formatHex(sha.digest()).substring(0, 24));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always available", e);
        }
    }
}
