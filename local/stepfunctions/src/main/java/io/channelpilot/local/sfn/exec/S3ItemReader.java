package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.MapConfig;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.s3.S3ObjectLister;
import java.util.ArrayList;
import java.util.List;

/**
 * ItemReader {@code arn:aws:states:::s3:listObjectsV2}: one item per object, shaped
 * {"Etag","Key","LastModified" (epoch seconds),"Size","StorageClass"} as in the AWS developer guide (ItemReader, S3
 * objects). "ReaderConfig.MaxItems ... limits the number of data items". Failures are States.ItemReaderFailed.
 */
final class S3ItemReader {

    private S3ItemReader() {
    }

    static List<JsonNode> read(StateDef.Map map, JsonNode effective, JsonNode context, ExecutionContext ctx) {
        MapConfig.ItemReader reader = map.config().itemReader();
        JsonNode params = reader.parameters().evaluate(effective, context, ctx.runtime().random());
        JsonNode bucket = params.get("Bucket");
        if (bucket == null || !bucket.isTextual()) {
            throw StatesFailure.of(ErrorNames.ITEM_READER_FAILED, "Map state '" + map.name()
                    + "': ItemReader Bucket must be a string, parameters were " + Json.write(params));
        }
        String prefix = params.hasNonNull("Prefix") ? params.get("Prefix").asText() : null;
        List<S3ObjectLister.S3ObjectSummary> objects;
        try {
            objects = ctx.runtime().lister().list(bucket.textValue(), prefix);
        } catch (RuntimeException e) {
            throw StatesFailure.of(ErrorNames.ITEM_READER_FAILED, "Map state '" + map.name() + "': listing s3://"
                    + bucket.textValue() + "/" + (prefix == null ? "" : prefix) + " failed: " + e.getMessage());
        }
        List<JsonNode> items = new ArrayList<>();
        for (S3ObjectLister.S3ObjectSummary o : objects) {
            if (reader.maxItems() > 0 && items.size() == reader.maxItems()) {
                break;
            }
            items.add(Json.object().put("Etag", o.etag()).put("Key", o.key())
                    .put("LastModified", o.lastModified().getEpochSecond()).put("Size", o.size())
                    .put("StorageClass", o.storageClass()));
        }
        return items;
    }
}
