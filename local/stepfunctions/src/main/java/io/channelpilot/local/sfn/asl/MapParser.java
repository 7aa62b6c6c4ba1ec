package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;

/** Parses Map states: inline (Iterator or ItemProcessor) and distributed (ProcessorConfig.Mode DISTRIBUTED). */
final class MapParser {

    private static final String LIST_OBJECTS = "arn:aws:states:::s3:listObjectsV2";

    private MapParser() {
    }

    static StateDef parse(String name, Fields f) {
        f.allowOnly(StateParser.fields(Set.of("Iterator", "ItemProcessor", "ItemsPath", "ItemSelector", "MaxConcurrency",
                "MaxConcurrencyPath", "ItemReader", "ItemBatcher", "ToleratedFailurePercentage",
                "ToleratedFailurePercentagePath", "ToleratedFailureCount", "ToleratedFailureCountPath", "Label"),
                true, true), StateParser.UNSUPPORTED);
        if (f.has("Iterator") == f.has("ItemProcessor")) {
            throw f.error("ItemProcessor", "exactly one of ItemProcessor or (deprecated) Iterator is required");
        }
        if (f.has("ItemSelector") && f.has("Parameters")) {
            throw f.error("Parameters", "must not be combined with ItemSelector (Parameters is the deprecated name)");
        }
        String processorField = f.has("Iterator") ? "Iterator" : "ItemProcessor";
        Fields processor = f.child(processorField);
        boolean distributed = distributed(processor);
        processor.allowOnly(Set.of("StartAt", "States", "ProcessorConfig", "Comment"), StateParser.UNSUPPORTED);
        if (!distributed && (f.has("ItemReader") || f.has("ItemBatcher") || f.has("Label") || hasTolerance(f))) {
            throw f.error(f.has("ItemReader") ? "ItemReader" : f.has("ItemBatcher") ? "ItemBatcher" : "ToleratedFailurePercentage",
                    "is only valid for a Distributed Map (ItemProcessor.ProcessorConfig.Mode DISTRIBUTED)");
        }
        if (f.has("MaxConcurrency") && f.has("MaxConcurrencyPath")) {
            throw f.error("MaxConcurrencyPath", "must not be combined with MaxConcurrency");
        }
        ExecutionFields base = StateParser.execution(f);
        // Parameters is the deprecated name of ItemSelector on Map: it is applied per item, not to the state input.
        var itemSelector = f.has("ItemSelector") ? f.template("ItemSelector") : base.parameters();
        ExecutionFields fields = new ExecutionFields(null, base.resultSelector(), base.resultPath(), base.retry(),
                base.catchers());
        MapConfig config = new MapConfig(DefinitionParser.program(processor), distributed, f.path("ItemsPath", "$", false),
                itemSelector, f.nonNegativeInt("MaxConcurrency", 0), f.path("MaxConcurrencyPath", null, false),
                itemReader(f), itemBatcher(f), tolerance(f), f.optionalString("Label"));
        return new StateDef.Map(name, StateParser.io(f), f.transition(), config, fields);
    }

    private static boolean hasTolerance(Fields f) {
        return f.has("ToleratedFailurePercentage") || f.has("ToleratedFailureCount")
                || f.has("ToleratedFailurePercentagePath") || f.has("ToleratedFailureCountPath");
    }

    private static boolean distributed(Fields processor) {
        if (!processor.has("ProcessorConfig")) {
            return false;
        }
        Fields config = processor.child("ProcessorConfig");
        config.allowOnly(Set.of("Mode", "ExecutionType"), Map.of());
        String mode = config.has("Mode") ? config.string("Mode") : "INLINE";
        if (!mode.equals("INLINE") && !mode.equals("DISTRIBUTED")) {
            throw config.error("Mode", "must be INLINE or DISTRIBUTED, was " + mode);
        }
        if (config.has("ExecutionType") && !Set.of("STANDARD", "EXPRESS").contains(config.string("ExecutionType"))) {
            throw config.error("ExecutionType", "must be STANDARD or EXPRESS");
        }
        return mode.equals("DISTRIBUTED");
    }

    private static MapConfig.ItemReader itemReader(Fields f) {
        if (!f.has("ItemReader")) {
            return null;
        }
        Fields reader = f.child("ItemReader");
        reader.allowOnly(Set.of("Resource", "Parameters", "Arguments", "ReaderConfig"), Map.of());
        String resource = reader.string("Resource");
        if (!resource.equals(LIST_OBJECTS)) {
            throw reader.error("Resource", "only " + LIST_OBJECTS + " is supported by the local runner, was " + resource);
        }
        String paramsField = reader.has("Arguments") ? "Arguments" : "Parameters";
        if (reader.has("Arguments") && reader.has("Parameters")) {
            throw reader.error("Arguments", "must not be combined with Parameters");
        }
        if (!reader.has(paramsField)) {
            throw reader.error("Parameters", "is required (Bucket and optional Prefix)");
        }
        JsonNode params = reader.node().get(paramsField);
        if (!params.has("Bucket") && !params.has("Bucket.$")) {
            throw reader.error(paramsField, "must name the Bucket");
        }
        int maxItems = 0;
        if (reader.has("ReaderConfig")) {
            Fields config = reader.child("ReaderConfig");
            config.allowOnly(Set.of("MaxItems"), Map.of("MaxItemsPath", "not implemented", "InputType", "only listObjectsV2 is supported"));
            maxItems = config.nonNegativeInt("MaxItems", 0);
        }
        return new MapConfig.ItemReader(resource, reader.template(paramsField), maxItems);
    }

    private static MapConfig.ItemBatcher itemBatcher(Fields f) {
        if (!f.has("ItemBatcher")) {
            return null;
        }
        Fields batcher = f.child("ItemBatcher");
        batcher.allowOnly(Set.of("MaxItemsPerBatch", "MaxInputBytesPerBatch", "BatchInput"),
                Map.of("MaxItemsPerBatchPath", "not implemented", "MaxInputBytesPerBatchPath", "not implemented"));
        int items = batcher.nonNegativeInt("MaxItemsPerBatch", 0);
        int bytes = batcher.nonNegativeInt("MaxInputBytesPerBatch", 0);
        if (items == 0 && bytes == 0) {
            throw batcher.error("MaxItemsPerBatch", "MaxItemsPerBatch or MaxInputBytesPerBatch is required");
        }
        // "The maximum batch size ... 256 KiB" (AWS developer guide, ItemBatcher)
        if (bytes > 262_144) {
            throw batcher.error("MaxInputBytesPerBatch", "must be at most 262144 (256 KiB)");
        }
        return new MapConfig.ItemBatcher(items, bytes, batcher.template("BatchInput"));
    }

    private static MapConfig.Tolerance tolerance(Fields f) {
        Double percentage = null;
        if (f.has("ToleratedFailurePercentage")) {
            JsonNode value = f.node().get("ToleratedFailurePercentage");
            if (!value.isNumber() || value.doubleValue() < 0 || value.doubleValue() > 100) {
                throw f.error("ToleratedFailurePercentage", "must be a number from 0 to 100, was " + value);
            }
            percentage = value.doubleValue();
        }
        Integer count = f.has("ToleratedFailureCount") ? f.nonNegativeInt("ToleratedFailureCount", 0) : null;
        return new MapConfig.Tolerance(percentage, f.path("ToleratedFailurePercentagePath", null, false), count,
                f.path("ToleratedFailureCountPath", null, false));
    }
}
