package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.channelpilot.local.sfn.asl.MapConfig;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.ErrorNames;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import java.util.List;

/**
 * Distributed Map: items from ItemReader (S3 listObjectsV2) or ItemsPath, optional ItemSelector and ItemBatcher, each
 * item/batch run as a child workflow with its own history (its transitions are added to the parent's count).
 * "ToleratedFailurePercentage/ToleratedFailureCount ... If the failure threshold is exceeded, the Map Run fails with
 * States.ExceedToleratedFailureThreshold"; by default the threshold is zero (AWS developer guide, Distributed Map:
 * failure threshold). Without ResultWriter the result is the array of child outputs in item order; a failed child's
 * slot holds its {"Error","Cause"} (local convention, see docs/local-world.md#known-differences-from-aws).
 */
final class DistributedMapAction {

    private DistributedMapAction() {
    }

    static JsonNode run(StateDef.Map map, JsonNode effective, JsonNode context, ExecutionContext ctx) {
        MapConfig config = map.config();
        List<JsonNode> items = config.itemReader() != null ? S3ItemReader.read(map, effective, context, ctx)
                : MapAction.items(map, effective, context);
        List<JsonNode> selected = MapAction.select(map, items, effective, context, ctx);
        JsonNode batchInput = config.itemBatcher() == null || config.itemBatcher().batchInput() == null ? null
                : config.itemBatcher().batchInput().evaluate(effective, context, ctx.runtime().random());
        List<ItemBatching.Batch> batches = ItemBatching.batch(selected, config.itemBatcher(), batchInput, map.name());
        Tolerance tolerance = Tolerance.resolve(map, effective, context, selected.size());
        ctx.history().record("MapRunStarted", map.name(), Json.object().put("items", selected.size())
                .put("childExecutions", batches.size()));
        List<Fanout.Outcome> outcomes = Fanout.run(batches.size(), MapAction.maxConcurrency(map, effective, context), ctx,
                (index, scope) -> runChild(config, batches.get(index).input(), scope, ctx),
                done -> tolerance.exceeded(failedItems(done, batches)));
        int failed = failedItems(outcomes, batches);
        if (tolerance.exceeded(failed)) {
            ctx.history().record("MapRunFailed", map.name(), Json.object().put("failedItems", failed));
            throw StatesFailure.of(ErrorNames.EXCEED_TOLERATED_FAILURE_THRESHOLD, "The specified tolerated failure "
                    + "threshold was exceeded: " + failed + " of " + selected.size() + " items failed in Map state '"
                    + map.name() + "'");
        }
        ArrayNode result = Json.NODES.arrayNode();
        for (Fanout.Outcome outcome : outcomes) {
            result.add(outcome.failed() ? ExecutableRunner.errorOutput(outcome.failure().error()) : outcome.output());
        }
        ctx.history().record("MapRunSucceeded", map.name(), Json.object().put("failedItems", failed));
        return result;
    }

    private static JsonNode runChild(MapConfig config, JsonNode input, ExecutionContext scope, ExecutionContext parent) {
        History child = new History(parent.runtime().clock());
        try {
            return Interpreter.run(config.processor(), input, scope.forChild(child, scope.cancellation()));
        } finally {
            parent.history().addTransitions(child.transitions());
        }
    }

    private static int failedItems(List<Fanout.Outcome> outcomes, List<ItemBatching.Batch> batches) {
        int failed = 0;
        for (int i = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i).failed()) {
                failed += batches.get(i).itemCount();
            }
        }
        return failed;
    }
}
