package io.channelpilot.redrive.batch;

import com.fasterxml.jackson.databind.JsonNode;
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

    public static BatchInput from(JsonNode input) {
        String taskId = input.path("BatchInput").path("taskId").asText("");
        if (taskId.isEmpty()) {
            throw new IllegalArgumentException("batch input has no BatchInput.taskId");
        }
        List<String> keys = new ArrayList<>();
        input.path("Items").forEach(item -> keys.add(item.path("Key").asText()));
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
