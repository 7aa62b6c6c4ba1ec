package io.channelpilot.local.sfn.exec;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.asl.MapConfig;
import io.channelpilot.local.sfn.asl.StateDef;
import io.channelpilot.local.sfn.error.StatesFailure;
import io.channelpilot.local.sfn.json.Json;
import io.channelpilot.local.sfn.json.JsonPaths;

/**
 * The resolved failure threshold of a Distributed Map run. "The Map Run fails if the number or percentage of failed
 * items exceeds ToleratedFailureCount or ToleratedFailurePercentage"; with neither set no failure is tolerated.
 */
record Tolerance(Double percentage, Integer count, int totalItems) {

    static Tolerance resolve(StateDef.Map map, JsonNode effective, JsonNode context, int totalItems) {
        MapConfig.Tolerance t = map.config().tolerance();
        Double percentage = t.percentage();
        Integer count = t.count();
        if (t.percentagePath() != null) {
            JsonNode v = lookup(map, t.percentagePath(), effective, context);
            if (!v.isNumber() || v.doubleValue() < 0 || v.doubleValue() > 100) {
                throw StatesFailure.runtime("Map state '" + map.name() + "': ToleratedFailurePercentagePath must resolve "
                        + "to a number from 0 to 100, was " + Json.write(v));
            }
            percentage = v.doubleValue();
        }
        if (t.countPath() != null) {
            JsonNode v = lookup(map, t.countPath(), effective, context);
            if (!v.isIntegralNumber() || v.intValue() < 0) {
                throw StatesFailure.runtime("Map state '" + map.name() + "': ToleratedFailureCountPath must resolve to "
                        + "a non-negative integer, was " + Json.write(v));
            }
            count = v.intValue();
        }
        return new Tolerance(percentage, count, totalItems);
    }

    private static JsonNode lookup(StateDef.Map map, String path, JsonNode effective, JsonNode context) {
        return JsonPaths.find(path, effective, context).orElseThrow(() -> StatesFailure.runtime(
                "Map state '" + map.name() + "': '" + path + "' matched nothing"));
    }

    boolean exceeded(int failedItems) {
        if (failedItems == 0) {
            return false;
        }
        if (percentage == null && count == null) {
            return true;
        }
        boolean overCount = count != null && failedItems > count;
        boolean overPercentage = percentage != null && failedItems * 100.0 / totalItems > percentage;
        if (count != null && percentage != null) {
            return overCount || overPercentage;
        }
        return count != null ? overCount : overPercentage;
    }
}
