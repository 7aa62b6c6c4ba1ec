package io.channelpilot.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * Depth check for records handed over as trees (the byte path gets it from the parser). Counts like a JSON parser:
 * the root container is level 1. Stops descending at the first container beyond the limit, so recursion is bounded
 * by the limit, not by the record.
 */
final class NestingProbe {

    private NestingProbe() {
    }

    /** JSON pointer of the first container at level {@code max + 1}, or null when the record is within the limit. */
    static String firstBeyond(JsonNode node, int max) {
        Rejection deep = probe(node, 1, max);
        return deep == null ? null : deep.pointer();
    }

    private static Rejection probe(JsonNode node, int level, int max) {
        if (!node.isContainerNode()) {
            return null;
        }
        if (level > max) {
            return new Rejection(ConformanceCode.NESTING_TOO_DEEP, "", "", null);
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Rejection deep = probe(node.get(i), level + 1, max);
                if (deep != null) {
                    return deep.at(Integer.toString(i));
                }
            }
            return null;
        }
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            Rejection deep = probe(entry.getValue(), level + 1, max);
            if (deep != null) {
                return deep.at(JsonPointers.escape(entry.getKey()));
            }
        }
        return null;
    }
}
