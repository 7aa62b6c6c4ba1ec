package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.channelpilot.local.sfn.asl.MapConfig;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * ItemBatcher: "each child workflow execution receives a batch of items ... {"BatchInput": {...}, "Items": [...]}".
 * "MaxItemsPerBatch specifies the maximum number of items in each batch"; "MaxInputBytesPerBatch specifies the maximum
 * size of a batch in bytes, up to 256 KiB"; when both are set "Step Functions reduces the number of items in a batch to
 * avoid exceeding the specified batch size" (AWS developer guide, ItemBatcher). Batches are filled greedily in order.
 */
final class ItemBatching {

    /** One child input and how many items it carries (failures count per item). */
    record Batch(JsonNode input, int itemCount) {
    }

    private ItemBatching() {
    }

    static List<Batch> batch(List<JsonNode> items, MapConfig.ItemBatcher batcher, JsonNode batchInput, String state) {
        List<Batch> out = new ArrayList<>();
        if (batcher == null) {
            items.forEach(item -> out.add(new Batch(item, 1)));
            return out;
        }
        int maxItems = batcher.maxItemsPerBatch() == 0 ? Integer.MAX_VALUE : batcher.maxItemsPerBatch();
        int maxBytes = batcher.maxInputBytesPerBatch() == 0 ? Payloads.MAX_BYTES : batcher.maxInputBytesPerBatch();
        int baseBytes = Json.sizeInBytes(envelope(batchInput, List.of()));
        List<JsonNode> current = new ArrayList<>();
        int currentBytes = baseBytes;
        for (JsonNode item : items) {
            int itemBytes = Json.sizeInBytes(item) + (current.isEmpty() ? 0 : 1);
            if (baseBytes + Json.sizeInBytes(item) > maxBytes) {
                throw StatesFailure.runtime("Map state '" + state + "': a single item of " + Json.sizeInBytes(item)
                        + " bytes does not fit MaxInputBytesPerBatch " + maxBytes);
            }
            if (!current.isEmpty() && (current.size() == maxItems || currentBytes + itemBytes > maxBytes)) {
                out.add(new Batch(envelope(batchInput, current), current.size()));
                current = new ArrayList<>();
                currentBytes = baseBytes;
                itemBytes = Json.sizeInBytes(item);
            }
            current.add(item);
            currentBytes += itemBytes;
        }
        if (!current.isEmpty()) {
            out.add(new Batch(envelope(batchInput, current), current.size()));
        }
        return out;
    }

    private static JsonNode envelope(JsonNode batchInput, List<JsonNode> items) {
        ObjectNode node = Json.object();
        if (batchInput != null) {
            node.set("BatchInput", batchInput);
        }
        node.putArray("Items").addAll(items);
        return node;
    }
}
