package io.channelpilot.local.sfn.asl;

import com.fasterxml.jackson.databind.JsonNode;
import io.channelpilot.local.sfn.json.ReferencePath;

/**
 * "The value of ResultPath MUST be a Reference Path, which specifies the raw input's combination with or replacement by
 * the state's result. ... If the value of ResultPath is null, that means that the state's result is discarded and its
 * raw input becomes its result" (ASL spec, Filters). {@code path == null} is that JSON null.
 */
public record ResultPath(ReferencePath path) {

    public static ResultPath root() {
        return new ResultPath(ReferencePath.parse("$").orElseThrow());
    }

    public static ResultPath discard() {
        return new ResultPath(null);
    }

    public JsonNode apply(JsonNode rawInput, JsonNode result) {
        return path == null ? rawInput : path.write(rawInput, result);
    }
}
