package io.channelpilot.local.sfn.routing;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where an event goes: the rule that matched, the target's logical id and kind, and the input after the target's
 * Input / InputPath / InputTransformer.
 */
public record RouteTarget(String ruleId, String targetLogicalId, Kind kind, JsonNode input) {

    /** What the target resource is. */
    public enum Kind { STATE_MACHINE, FUNCTION, OTHER }
}
